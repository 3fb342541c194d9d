import { pageTitle } from '@shared/site-brand';
import { useEffect } from 'react';
import { useSite } from './site';

/** Sets the tab title to "<title> · <site name>" (or the name alone) while the screen is shown. */
export function useDocumentTitle(title?: string): void {
  const { name } = useSite();
  useEffect(() => {
    document.title = pageTitle(name, title);
  }, [title, name]);
}
