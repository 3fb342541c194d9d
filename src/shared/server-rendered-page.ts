/**
 * index.html with a finished screen inside #root: the landing page (rendered at build time) and a
 * member's first screen (rendered per request, src/server/plugins/member-page.ts). Such a page paints
 * from its HTML and CSS alone, so nothing else competes with them for a slow connection: the app's
 * code is not preloaded, and public/start.js fetches it once the page has painted
 * (docs/decisions/058). `after` goes right after #root (the data the screen was rendered from).
 * `startsOnIntent`: the page is whole without the app (the landing page), which then runs only at
 * the visitor's first move (docs/decisions/103).
 */
export function serverRenderedPage(
  indexHtml: string,
  markup: string,
  { after = '', startsOnIntent = false }: { after?: string; startsOnIntent?: boolean } = {},
): string {
  const attributes = startsOnIntent
    ? ` data-server-rendered="" ${START_ON_INTENT}`
    : ' data-server-rendered=""';
  const page = indexHtml
    .replace(/<link rel="modulepreload" crossorigin href="\/assets\/index-[^"]+\.js">/, '')
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
