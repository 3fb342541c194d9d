import { pageTitle } from '@shared/site-brand';
import { useEffect, useRef } from 'react';
import { createStore } from './external-store';
import { useSite } from './site';

/**
 * The name of the screen a member moved to, for the route announcer (app/layout/route-announcer):
 * a screen reader hears it after a route change, as it would hear a new page's title. `count`
 * tells two visits to screens of the same name apart.
 */
export const screenAnnouncement = createStore({ title: '', count: 0 });

/**
 * The tab title the server's render of a page asked for (effects do not run there): the page it
 * sends carries it in <title> (src/client/prerender.tsx), so the tab is named before the app runs.
 */
let renderedTitle: string | null = null;

/** The title the last server render asked for, once. */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

/** Sets the tab title to "<title> · <site name>" (or the name alone) while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  const { name } = useSite();
  // The screen drawn last (the innermost) names the page, as its effect would run last.
  if (import.meta.env.SSR) renderedTitle = pageTitle(name, title);
  // The site's name arriving (or changing) retitles the tab but is not a route change: read
  // through a ref, so only a new screen is announced.
  const nameRef = useRef(name);
  nameRef.current = name;
  useEffect(() => {
    document.title = pageTitle(name, title);
  }, [title, name]);
  useEffect(() => {
    const { count } = screenAnnouncement.getState();
    screenAnnouncement.replace({ title: pageTitle(nameRef.current, title), count: count + 1 });
  }, [title]);
}
