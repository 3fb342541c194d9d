import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { formatDuration } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import { Play, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { JournalNote } from './journal-note';

/** A sit that was logged, as its end panel shows it. */
export type SitEnd = { sessionId: string; seconds: number };

/**
 * The timer's end of a sit, as the player's end-of-session panel is for a track (docs/product.md,
 * "Meditation timer"): the time sat, an optional line for the member's journal, and a way on. Never
 * a streak or a "you missed" line. Focus moves to its heading when it appears; Escape or Close
 * hands the screen back to the timer (which puts focus on its Start button).
 */
export function SitEndPanel({
  end,
  logged,
  onSitAgain,
  onClose,
}: {
  end: SitEnd;
  /** Whether the sit reached the server yet, once known. */
  logged: 'saved' | 'queued' | null;
  onSitAgain: () => void;
  onClose: () => void;
}) {
  const i18n = useNamespace('practice');
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="relative mx-auto grid w-full max-w-lg gap-5 motion-safe:animate-fade-in"
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={i18n._('practice.sitEnd.close')}
        onClick={onClose}
        className="absolute -end-2 -top-2"
      >
        <X strokeWidth={1.5} aria-hidden="true" />
      </Button>
      <div className="grid gap-2 pe-10">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-display font-medium text-2xl tracking-tight outline-none"
        >
          {i18n._('practice.sitEnd.title')}
        </h2>
        <p className="text-muted-foreground">
          {i18n._('practice.sitEnd.sat', { time: formatDuration(end.seconds) })}
        </p>
        <p className="min-h-5 text-muted-foreground text-sm" role="status">
          {logged === 'saved' && i18n._('practice.sitEnd.saved')}
          {logged === 'queued' && i18n._('practice.sitEnd.queued')}
        </p>
      </div>
      <JournalNote key={end.sessionId} sessionId={end.sessionId} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSitAgain}>
          <Play aria-hidden="true" />
          {i18n._('practice.timer.sitAgain')}
        </Button>
        <LinkButton href="/practice" variant="outline">
          {i18n._('practice.sitEnd.backToPractice')}
        </LinkButton>
      </div>
    </section>
  );
}
