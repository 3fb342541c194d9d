// Two ways the client's own components become HTML on the server:
// - at build time (vite.config.ts, prerenderLanding): the landing page as a visitor sees it, and a
//   member route while the session is being checked (the header and "Loading..."), which the server
//   sends instead of an empty page;
// - per request (src/server/plugins/client.ts, `renderPage`): a member's first screen with its data
//   (docs/decisions/058), read through the same API routes with the member's own cookie.
// The browser then hydrates this markup (src/client/main.tsx) instead of drawing it again.
import type { Locale } from '@shared/locales';
import type { SiteSettings } from '@shared/schemas/site';
import { type DehydratedState, dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { authQueries } from './features/auth/api/current-user';
import { rememberedAccount } from './features/auth/device-account';
import { setApiTransport } from './lib/api';
import { activateLocale, namespaces, takeUsedNamespaces } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { siteQueries } from './lib/site';
import { takeRenderedTitle } from './lib/use-document-title';

/**
 * Every namespace, so no screen suspends for its words while the server renders it (the browser
 * fetches only those it needs). Called before each render: the renderer does one page at a time.
 */
export function prepareLocale(locale: Locale): Promise<void> {
  return activateLocale(locale, [...namespaces]);
}

/** `url`: a path with its query string, as the browser's address has it. */
function html(url: string): string {
  const [path = '/', search = ''] = url.split('?', 2);
  return renderToString(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search}>
        <App />
      </Router>
    </StrictMode>,
  );
}

/** The loading state every member route shows while the session is checked (`path`: any member route). */
export function render(path: string): string {
  try {
    // The session check under way, as in the browser's first render. Only its state: a real
    // request (or a promise left pending) must not outlive the build (tests/server/build.test.ts).
    const { queryKey } = authQueries.currentUser();
    const query = queryClient.getQueryCache().build(queryClient, { queryKey });
    query.setState({ ...query.state, fetchStatus: 'fetching' });
    return html(path);
  } finally {
    // Rendering created queries (the current user, ...), and each one scheduled its garbage
    // collection after gcTime (5 minutes): a live timer that kept `vite build` from exiting for
    // five minutes. Clearing the cache cancels those timers (tests/server/build.test.ts).
    queryClient.clear();
  }
}

/**
 * A landing page, the answers it was drawn from and the catalogues' namespaces it used, for the
 * browser's first render (src/client/main.tsx), as a member's page has them (RenderedPage).
 */
export type RenderedLanding = { html: string; state: DehydratedState & { namespaces: string[] } };

/**
 * The landing page is sent only to a request without a session (src/server/plugins/client.ts):
 * it is drawn signed out (the header's Sign In, the footer), whole before the app runs, and the
 * browser's first render starts from the same answer.
 */
function landing(): RenderedLanding {
  const { queryKey } = authQueries.currentUser();
  queryClient.setQueryData(queryKey, null);
  // Marked for asking again: once the app runs it still checks the session, and its answer (401)
  // is what makes a device forget an account's data after signing out (features/auth).
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  takeUsedNamespaces();
  const markup = html('/');
  return { html: markup, state: { ...dehydrate(queryClient), namespaces: takeUsedNamespaces() } };
}

/** The landing page with the product's own texts, as the build writes it (vite.config.ts). */
export function renderBuiltLanding(): RenderedLanding {
  try {
    return landing();
  } finally {
    queryClient.clear();
  }
}

/**
 * The landing page with the admin's site settings (name, texts, links), for the server to send
 * visitors once they differ from the product's own (src/server/plugins/landing-page.ts). Queued
 * with the member pages: they share the one query cache.
 */
export function renderLanding(site: SiteSettings, locale: Locale = 'en'): Promise<RenderedLanding> {
  const page = queue.then(async () => {
    try {
      await prepareLocale(locale);
      queryClient.setQueryData(siteQueries.site().queryKey, site);
      return landing();
    } finally {
      queryClient.clear();
    }
  });
  queue = page.catch(() => undefined);
  return page;
}

/**
 * A member's screen as HTML, and the API answers it was rendered from (for the browser's cache),
 * with the catalogues' namespaces the screen used (the browser loads them before it hydrates).
 * `account`: the member's account as the device keeps it (features/auth/device-account.ts), for
 * public/start.js to compare with the device's. `title`: the tab's title the screen sets, or null.
 */
export type RenderedPage = {
  html: string;
  state: DehydratedState & { namespaces: string[] };
  account: string;
  title: string | null;
};

/**
 * Each pass can reveal more reads: the first asks for the session, the second renders the screen
 * that asks for its lists, a lazy screen's code arrives in between. A screen still waiting after
 * this many passes is left to the browser.
 */
const MAX_PASSES = 6;

// One page at a time: the renderer shares the client's one query cache and API transport.
let queue: Promise<unknown> = Promise.resolve();

/**
 * A member's page with its data, for `url` (path and query string). `transport` answers the API reads (GET only) as the server would
 * answer the member's browser. Null when a read failed or the page did not settle: the caller then
 * sends the page the browser fills in itself.
 */
export function renderPage(
  url: string,
  transport: typeof fetch,
  locale: Locale = 'en',
): Promise<RenderedPage | null> {
  const page = queue.then(async () => {
    await prepareLocale(locale);
    return renderSettled(url, transport);
  });
  queue = page.catch(() => undefined);
  return page;
}

async function renderSettled(url: string, transport: typeof fetch): Promise<RenderedPage | null> {
  setApiTransport(transport);
  // Reads that failed on the server (a media link the item does not have, …): the page shows them
  // loading, as the browser's first render does, and the browser asks again itself.
  const leftToBrowser = new Set<string>();
  try {
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      takeUsedNamespaces();
      takeRenderedTitle();
      const markup = html(url);
      const used = takeUsedNamespaces();
      const title = takeRenderedTitle();
      const queries = queryClient.getQueryCache().getAll();
      let failedNow = false;
      for (const query of queries) {
        if (query.state.status !== 'error') continue;
        failedNow = true;
        leftToBrowser.add(query.queryHash);
        query.setState({ status: 'pending', fetchStatus: 'fetching', error: null, data: undefined });
      }
      const waiting = queries.filter(
        (query) => query.state.status === 'pending' && !leftToBrowser.has(query.queryHash),
      );
      // `<!--$!-->`: a part that suspended (its code is still loading) and would be rendered by the browser.
      if (!failedNow && waiting.length === 0 && !markup.includes('<!--$!-->')) {
        // The session is the page's own: without it (signed out) the browser renders the page.
        const session = queryClient.getQueryData(authQueries.currentUser().queryKey);
        if (!session) return null;
        return {
          html: markup,
          state: { ...dehydrate(queryClient), namespaces: used },
          account: rememberedAccount(session),
          title,
        };
      }
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    return null;
  } finally {
    setApiTransport(null);
    queryClient.clear();
  }
}
