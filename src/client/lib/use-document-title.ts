import { useEffect } from 'react';
import { createStore } from './external-store';

/**
 * The name of the screen a member moved to, for the route announcer (app/layout/route-announcer):
 * a screen reader hears it after a route change, as it would hear a new page's title. `count`
 * tells two visits to screens of the same name apart.
 */
export const screenAnnouncement = createStore({ title: '', count: 0 });

/** Sets the tab title to "<title> · Stillpoint" (or just "Stillpoint") while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Stillpoint` : 'Stillpoint';
    const { count } = screenAnnouncement.getState();
    screenAnnouncement.replace({ title: document.title, count: count + 1 });
  }, [title]);
}
