import { escapeHtml } from './escape-html.ts';

/**
 * index.html with a finished screen inside #root: the landing page (rendered at build time) and a
 * member's first screen (rendered per request, src/server/plugins/member-page.ts). Such a page paints
 * from its HTML and CSS alone, so nothing else competes with them for a slow connection: the app's
 * code is not preloaded, and public/start.js fetches it once the page has painted
 * (docs/decisions/058). `after` goes right after #root (the data the screen was rendered from).
 * `startsOnIntent`: the page is whole without the app, which then runs only at the visitor's first
 * move (docs/decisions/103, 104). `account`: the account the page was drawn for, as the device
 * keeps it (features/auth/device-account.ts): public/start.js starts the app at once when the
 * device's differs. Absent on a page drawn signed out. `title`: the tab's title the screen sets
 * once the app runs (useDocumentTitle), so the tab is named before.
 */
export function serverRenderedPage(
  indexHtml: string,
  markup: string,
  {
    after = '',
    startsOnIntent = false,
    account,
    title,
  }: { after?: string; startsOnIntent?: boolean; account?: string; title?: string } = {},
): string {
  let attributes = ' data-server-rendered=""';
  if (startsOnIntent) attributes += ` ${START_ON_INTENT}`;
  if (account !== undefined) attributes += ` data-account="${escapeHtml(account)}"`;
  const page = indexHtml
    .replace(/<link rel="modulepreload" crossorigin href="\/assets\/index-[^"]+\.js">/, '')
    .replace(/<title>[^<]*<\/title>/, (named) =>
      title === undefined ? named : `<title>${escapeHtml(title)}</title>`,
    )
    // A function, never a string: in a replacement string `$&`, `$'` and `$\`` in the markup (a
    // search, a title) would paste parts of index.html into the page.
    .replace('<div id="root"></div>', () => `<div id="root"${attributes}>${markup}</div>${after}`);
  if (!page.includes('data-server-rendered'))
    throw new Error('index.html has no empty <div id="root"></div> to fill');
  return page;
}

/** #root's mark for public/start.js: run the app at the visitor's first move, not after the first paint. */
export const START_ON_INTENT = 'data-start="on-intent"';

/**
 * The API answers a server-rendered page was drawn from, for the browser's query cache
 * (src/client/main.tsx): placed right after #root. `<` is escaped so no value can close the
 * script element.
 */
export function stateScript(state: unknown): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="stillpoint-state">${json}</script>`;
}
