import { useCallback, useSyncExternalStore } from 'react';

/** How the admin content screen lays items out: the card grid or the table (issue 36). */
export type ContentView = 'grid' | 'table';

/** Remembered on this device, per browser: an admin who works in the table finds it again. */
export const CONTENT_VIEW_STORAGE_KEY = 'stillpoint.admin-content-view';

const listeners = new Set<() => void>();
/** This page's choice, for when the browser refuses storage. */
let chosenHere: ContentView | null = null;

function readView(): ContentView {
  try {
    return window.localStorage.getItem(CONTENT_VIEW_STORAGE_KEY) === 'table' ? 'table' : 'grid';
  } catch {
    // Storage refused (private mode, a policy): this page's choice, else the grid.
    return chosenHere ?? 'grid';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen view and its setter; the server (and the browser's first render) always shows the grid. */
export function useContentView(): [ContentView, (view: ContentView) => void] {
  const view = useSyncExternalStore(subscribe, readView, () => 'grid' as const);
  const setView = useCallback((next: ContentView) => {
    chosenHere = next;
    try {
      window.localStorage.setItem(CONTENT_VIEW_STORAGE_KEY, next);
    } catch {
      // Not remembered past this page; `readView` falls back to `chosenHere`.
    }
    for (const listener of listeners) listener();
  }, []);
  return [view, setView];
}
