import '@fontsource-variable/figtree';
import '@fontsource-variable/fraunces';
import './styles.css';
import { isLocale } from '@shared/locales';
import type { CurrentUser } from '@shared/schemas/auth';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { authQueries } from './features/auth/api/current-user';
import { rememberVerifiedUser } from './features/auth/device-account';
import { listenForInstallOffer } from './features/pwa/install-offer';
import { activateLocale, initialLocale, isNamespace, type Namespace } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { readSiteHint } from './lib/site';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The offline app (docs/decisions/022): registered on every page once the page has loaded (which
// it may have done already: public/start.js runs this code after the first paint).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./features/pwa/register-service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The browser's install offer comes once and early: caught before any screen is drawn.
listenForInstallOffer();

// The API answers a page rendered on the server was made from (src/server/plugins/member-page.ts;
// the landing page's, drawn signed out): the first render uses them instead of asking again, so it
// matches the markup.
const state = document.getElementById('stillpoint-state')?.textContent;
// The catalogues the server's screen used (src/client/prerender.tsx, the landing page's too):
// loaded before hydrating, so no part of it waits for its words while the page is taken over.
let firstScreenNamespaces: Namespace[] = [];
if (state) {
  const parsed = JSON.parse(state);
  hydrate(queryClient, parsed);
  firstScreenNamespaces = Array.isArray(parsed.namespaces) ? parsed.namespaces.filter(isNamespace) : [];
  // The server checked the session for this page: the device remembers the account as after its
  // own check (fetchCurrentUser), so the app and its downloads still open offline.
  const user = queryClient.getQueryData<CurrentUser | null>(authQueries.currentUser().queryKey);
  if (user) void rememberVerifiedUser(user);
}

// The words of the first screen, in the member's language, before it is drawn: a page the server
// rendered says its language in <html lang> (the browser must draw the same words over it).
const serverLocale = root.hasAttribute('data-server-rendered') ? document.documentElement.lang : undefined;
await activateLocale(
  isLocale(serverLocale) ? serverLocale : initialLocale(readSiteHint()?.defaultLocale),
  // `errors`: the words of the shared pieces (Close, Cancel, the offline notice) any screen may open.
  ['common', 'errors', ...firstScreenNamespaces],
);

/**
 * Marks the page as the app's once React has committed it (#root[data-started]): public/start.js
 * then does again what the visitor did on the server's HTML before (a tap, a choice, a form sent).
 */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => {
    root.setAttribute('data-started', '');
  }, [root]);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <TakenOver root={root} />
  </StrictMode>
);
// A page that arrived server-rendered (#root[data-server-rendered]: the landing page, a member's first screen) is
// hydrated: React keeps the elements already on screen instead of drawing them again. The loading
// state (loading.html) is drawn over instead: it stands for every member route, and some of them
// (the hosted checkout) show it without the header. In a transition, React stops every few
// milliseconds, so the phone can paint and answer a tap meanwhile.
startTransition(() => {
  if (root.hasAttribute('data-server-rendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
