/**
 * index.html with a finished screen inside #root: the landing page (rendered at build time) and a
 * member's first screen (rendered per request, src/server/plugins/member-page.ts). Such a page paints
 * from its HTML and CSS alone, so nothing else competes with them for a slow connection: the app's
 * code is not preloaded, and public/start.js fetches it once the page has painted
 * (docs/decisions/058). `after` goes right after #root (the data the screen was rendered from).
 */
export function serverRenderedPage(indexHtml: string, markup: string, after = ''): string {
  const page = indexHtml
    .replace(/<link rel="modulepreload" crossorigin href="\/assets\/index-[^"]+\.js">/, '')
    // A function, never a string: in a replacement string `$&`, `$'` and `$\`` in the markup (a
    // search, a title) would paste parts of index.html into the page.
    .replace('<div id="root"></div>', () => `<div id="root" data-server-rendered="">${markup}</div>${after}`);
  if (!page.includes('data-server-rendered'))
    throw new Error('index.html has no empty <div id="root"></div> to fill');
  return page;
}
