/**
 * The API reads a member's screen makes first, so the server can list them in the page's HTML as
 * `<link rel="preload" as="fetch" crossorigin="use-credentials">`: the browser starts them while
 * the JavaScript is still downloading, and the app's own `fetch` (same URL, credentials included)
 * picks up the answer instead of asking again (docs/decisions/042). The URLs must be exactly the
 * ones the screens request: content-library.test.tsx and content-detail.test.tsx check that.
 */

/** The library's shelves when no filter is set: New, Free, Premium, Popular, and All Content. */
export const LIBRARY_SHELF_SIZE = 3;
export const LIBRARY_PAGE_SIZE = 12;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function apiPreloadsFor(pathname: string): string[] {
  if (pathname === '/library' || pathname === '/library/') {
    return [
      '/api/auth/user',
      // The practice links above the library (journeys).
      '/api/playlists',
      '/api/progress',
      `/api/videos?limit=${LIBRARY_SHELF_SIZE}`,
      `/api/videos?access=free&limit=${LIBRARY_SHELF_SIZE}`,
      `/api/videos?access=premium&limit=${LIBRARY_SHELF_SIZE}`,
      `/api/videos?sort=popular&limit=${LIBRARY_SHELF_SIZE}`,
      `/api/videos?limit=${LIBRARY_PAGE_SIZE}`,
      // The languages the library is in: its language filter shows with the other filters.
      '/api/videos/languages',
    ];
  }
  const item = /^\/video\/([^/]+)\/?$/.exec(pathname);
  if (item && UUID.test(item[1]!)) {
    return [
      '/api/auth/user',
      `/api/videos/${item[1]!.toLowerCase()}`,
      '/api/user/favorites',
      '/api/progress',
    ];
  }
  return [];
}

/**
 * The modules a member's path shows first, as keys in the client build's manifest (relative to
 * src/client; the lazy imports in app/member-screens.tsx, app/router.tsx and app/routes/library.tsx).
 * The server lists their chunks as `<link rel="modulepreload">`, so the screen's code downloads
 * beside the main bundle instead of after it has run. tests/server/build.test.ts checks the keys exist.
 */
export function screenModulesFor(pathname: string): string[] {
  if (pathname === '/') return ['app/routes/home.tsx'];
  if (pathname === '/library' || pathname === '/library/') {
    // The heading's module, then the lists below it (their own chunk, so the heading paints first).
    return ['app/routes/library.tsx', 'app/routes/library-content.tsx'];
  }
  const item = /^\/video\/([^/]+)\/?$/.exec(pathname);
  if (item && UUID.test(item[1]!)) return ['app/routes/video.tsx'];
  return [];
}

/** The `<link>` tags for a path (URLs from `apiPreloadsFor` only: no markup can come from input). */
export function preloadLinks(pathname: string): string {
  return apiPreloadsFor(pathname)
    .map(
      (url) =>
        `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replaceAll('&', '&amp;')}" />`,
    )
    .join('');
}
