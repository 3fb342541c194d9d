import { screenAnnouncement } from '@client/lib/use-document-title';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';

/**
 * Says the new screen's name after a route change, politely, as a screen reader says a new page's
 * title on a full load. The first screen of a visit is the page load itself and is not repeated;
 * after a move, the next title a screen sets is announced (a screen that loads its code first sets
 * it when it appears, so the words match what is shown).
 */
export function RouteAnnouncer() {
  const [location] = useLocation();
  const { title, count } = screenAnnouncement.use();
  const [message, setMessage] = useState('');
  // Where the last announced (or first) screen was, and the title count seen there.
  const seen = useRef<{ location: string; count: number } | null>(null);

  useEffect(() => {
    if (seen.current === null || location === seen.current.location) {
      // The first screen, or a title that changed without a move: nothing to say.
      seen.current = { location, count };
      return;
    }
    if (count !== seen.current.count && title) {
      seen.current = { location, count };
      setMessage(title);
    }
  }, [location, title, count]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="sr-only"
      data-testid="route-announcer"
    >
      {message}
    </div>
  );
}
