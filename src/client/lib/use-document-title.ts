import { useEffect } from 'react';

/** Sets the tab title to "<title> · Stillpoint" (or just "Stillpoint") while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Stillpoint` : 'Stillpoint';
  }, [title]);
}
