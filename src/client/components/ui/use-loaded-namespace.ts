import {
  i18n,
  isNamespaceLoaded,
  loadNamespace,
  markNamespaceUsed,
  type Namespace,
  useLocale,
} from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { useEffect, useState } from 'react';

/**
 * The runtime once `namespace` is loaded in the current language, else null while it loads (the
 * component draws again when it has). Only for what is never in a server-rendered page (its first
 * draw would differ from the server's words): a Suspense fallback (`useNamespace` would suspend,
 * and a fallback that waits shows nothing at all), and the dialogs and toasts a tap opens, which
 * should not blank the screen behind them while their words arrive.
 */
export function useLoadedNamespace(namespace: Namespace): I18n | null {
  const locale = useLocale();
  // A piece of this kind the server did render (an offline note, the mini-player) names its words
  // too, so the browser has them before it hydrates and shows the same text.
  markNamespaceUsed(namespace);
  const isReady = isNamespaceLoaded(locale, namespace);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    void loadNamespace(locale, namespace).then(() => {
      if (isCurrent) setLoads((count) => count + 1);
    });
    return () => {
      isCurrent = false;
    };
  }, [isReady, locale, namespace]);
  return isReady ? i18n : null;
}
