import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { apiPreloadsFor } from '@shared/preloads.ts';
import { describe, expect, it } from 'vitest';
import { setUpClientApp, setUpTestApp } from '../../../tests/setup/test-app.ts';

const t = setUpTestApp();
const client = setUpClientApp(t, () => ({
  'index.html': '<!doctype html><html><head><title>Stillpoint</title></head><body></body></html>',
  'landing.html': '<!doctype html><title>Stillpoint</title><p>pre-rendered',
  'loading.html':
    '<!doctype html><html><head><title>Stillpoint</title></head><body><p>Loading...</p></body></html>',
  'assets/main-abc123.js': 'console.log(1)',
  // The build's manifest (vite.config.ts `build.manifest`): the entry with a shared chunk, and
  // two screens that import the entry, that chunk and one of their own; the library's heading
  // loads its lists lazily (a dynamic import, which the manifest lists apart).
  '.vite/manifest.json': JSON.stringify({
    'index.html': { file: 'assets/main-abc123.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    '_content.js': { file: 'assets/content-1.js', imports: ['index.html', '_shared.js'] },
    'app/routes/library.tsx': {
      file: 'assets/library-1.js',
      imports: ['index.html'],
      dynamicImports: ['app/routes/library-content.tsx'],
    },
    'app/routes/library-content.tsx': {
      file: 'assets/library-content-1.js',
      imports: ['index.html', '_content.js'],
    },
    'app/routes/video.tsx': { file: 'assets/video-1.js', imports: ['_content.js', 'index.html'] },
  }),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'manifest.webmanifest': '{"name":"Stillpoint"}',
}));

describe('serving the built client', () => {
  it("sends the pre-rendered landing page for '/' without a session, index.html with one", async () => {
    const visitor = await client.app.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('pre-rendered');
    expect(visitor.headers.vary).toContain('Cookie');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const member = await client.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'stillpoint.session_token=abc.def' },
    });
    expect(member.body).not.toContain('pre-rendered');
    const secure = await client.app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'other=1; __Secure-stillpoint.session_token=abc.def' },
    });
    expect(secure.body).not.toContain('pre-rendered');
    // Other routes always get index.html.
    expect((await client.app.inject({ method: 'GET', url: '/library' })).body).not.toContain('pre-rendered');
  });

  it("names a member's first API reads in the library's and an item's HTML, for members only", async () => {
    const cookie = 'stillpoint.session_token=abc.def';
    const library = await client.app.inject({ method: 'GET', url: '/library', headers: { cookie } });
    expect(library.statusCode).toBe(200);
    expect(library.headers['cache-control']).toBe('no-cache');
    expect(library.headers.vary).toContain('Cookie');
    const links = [
      ...library.body.matchAll(
        /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)" \/>/g,
      ),
    ].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(links).toEqual(apiPreloadsFor('/library'));
    expect(library.body.indexOf('rel="preload"')).toBeLessThan(library.body.indexOf('</head>'));

    const id = '0b7c7a52-3c59-4b8e-9a55-3f1f0e6a9d21';
    const item = await client.app.inject({ method: 'GET', url: `/video/${id}`, headers: { cookie } });
    expect(item.body).toContain(`href="/api/videos/${id}"`);
    // Not an id: nothing from the address reaches the page.
    const odd = await client.app.inject({
      method: 'GET',
      url: '/video/%22%3E%3Cscript%3E',
      headers: { cookie },
    });
    expect(odd.body).not.toContain('preload');
    expect(odd.body).not.toContain('<script>');
    // Visitors (no session) and other screens get the plain page.
    expect((await client.app.inject({ method: 'GET', url: '/library' })).body).not.toContain('preload');
    expect(
      (await client.app.inject({ method: 'GET', url: '/community', headers: { cookie } })).body,
    ).not.toContain('preload');
  });

  it('sends what a member route shows while the session is checked, pre-rendered, and index.html elsewhere', async () => {
    const cookie = 'stillpoint.session_token=abc.def';
    // The auth screens too: they wait for the session check before showing their form.
    for (const url of ['/library', '/community/posts/abc', '/account', '/sign-in']) {
      for (const headers of [{ cookie }, {}]) {
        const page = await client.app.inject({ method: 'GET', url, headers });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.body, url).toContain('<p>Loading...</p>');
      }
    }
    // With the member's preloads in its head.
    const library = await client.app.inject({ method: 'GET', url: '/library', headers: { cookie } });
    expect(library.body.indexOf('rel="preload"')).toBeGreaterThan(0);
    expect(library.body.indexOf('rel="preload"')).toBeLessThan(library.body.indexOf('</head>'));
    // Unknown paths are not found at once, not after "Loading..." (src/shared/routes.ts), and say so.
    for (const url of ['/no-such-screen', '/library/extra']) {
      const page = await client.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).not.toContain('Loading...');
    }
  });

  it("names a member's screen chunks as modulepreloads, less what index.html loads", async () => {
    const cookie = 'stillpoint.session_token=abc.def';
    const modules = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
    const library = await client.app.inject({ method: 'GET', url: '/library', headers: { cookie } });
    // The heading's chunk, then its lists' chunk after the chunk that one imports.
    expect(modules(library.body)).toEqual([
      '/assets/library-1.js',
      '/assets/content-1.js',
      '/assets/library-content-1.js',
    ]);
    // Before the API preloads: the code is what the screen waits for longest.
    expect(library.body.indexOf('rel="modulepreload"')).toBeLessThan(library.body.indexOf('as="fetch"'));
    const item = await client.app.inject({
      method: 'GET',
      url: '/video/0b7c7a52-3c59-4b8e-9a55-3f1f0e6a9d21',
      headers: { cookie },
    });
    expect(modules(item.body)).toEqual(['/assets/content-1.js', '/assets/video-1.js']);
    // Visitors, screens without an entry in the manifest, and an address that is not an item.
    expect(modules((await client.app.inject({ method: 'GET', url: '/library' })).body)).toEqual([]);
    expect(
      modules((await client.app.inject({ method: 'GET', url: '/calendar', headers: { cookie } })).body),
    ).toEqual([]);
    expect(
      modules((await client.app.inject({ method: 'GET', url: '/video/x', headers: { cookie } })).body),
    ).toEqual([]);
  });

  it('serves the service worker uncached, so a new deployment is seen at once', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache, max-age=0');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('serves the web app manifest with its media type', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.json()).toEqual({ name: 'Stillpoint' });
  });

  it('caches hashed assets for a year', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves a hashed asset written after the start, pre-compressed when the browser takes it', async () => {
    // An upgrade in place writes the new build's files while the old server still runs; one
    // wildcard route serves whatever the folder holds, however many builds' files it keeps.
    const assets = path.join(client.clientDir, 'assets');
    fs.writeFileSync(path.join(assets, 'later-9f8e7d.js'), 'console.log("later")');
    fs.writeFileSync(
      path.join(assets, 'later-9f8e7d.js.br'),
      zlib.brotliCompressSync('console.log("later")'),
    );
    const plain = await client.app.inject({ method: 'GET', url: '/assets/later-9f8e7d.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("later")');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const compressed = await client.app.inject({
      method: 'GET',
      url: '/assets/later-9f8e7d.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("later")');
    // Nothing above the assets folder is reachable through it (the build's manifest is not public).
    for (const url of [
      '/assets/../.vite/manifest.json',
      '/assets/%2e%2e/.vite/manifest.json',
      '/assets/..%2f.vite/manifest.json',
    ]) {
      const response = await client.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('isEntry');
    }
  });

  it('answers client routes with index.html, never cached', async () => {
    for (const url of ['/', '/library', '/community/calm-corner', '/sign-in?returnTo=%2Fcalendar']) {
      const response = await client.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Stillpoint</title>');
    }
  });

  it('never answers /api/* or a missing asset with index.html', async () => {
    const api = await client.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
    const asset = await client.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(asset.statusCode).toBe(404);
    const write = await client.app.inject({ method: 'POST', url: '/library', payload: {} });
    expect(write.statusCode).toBe(404);
  });

  it('serves other public files with revalidation', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers unknown files with a 404, never with the HTML shell', async () => {
    for (const url of [
      '/sitemap.xml',
      '/anything.bak',
      '/foo.php',
      '/wp-login.php',
      '/.env',
      '/.git/config',
      '/community/calm/backup.zip',
      '/%2eenv',
      '/favicon.ico',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await client.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/application\/json/);
        expect(response.body, url).not.toContain('<title>Stillpoint</title>');
      }
    }
  });

  it('answers a path no screen shows with the app’s not-found page and the 404 status', async () => {
    for (const url of [
      '/library~',
      '/library/',
      '/forums/x~y',
      '/video',
      '/admin/secret',
      '/community/calm/extra/deeper',
      '/sign-in/x',
      '/%7E',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await client.app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/text\/html/);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') expect(response.body, url).toContain('<title>Stillpoint</title>');
      }
    }
    // A screen's own paths stay 200, signed in or not (the client decides what a visitor sees).
    const cookie = 'stillpoint.session_token=abc.def';
    for (const url of [
      '/',
      '/sign-out',
      '/reset-password?token=x',
      '/checkout/test/abc',
      '/admin/moderation',
    ]) {
      expect((await client.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await client.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(
        200,
      );
    }
  });

  it('serves a real robots.txt: the landing page open, the API and member areas closed', async () => {
    const response = await client.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /$');
    for (const path of ['/api/', '/media/', '/library', '/community', '/account', '/admin', '/sign-in']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    // Never the whole site: the landing page stays crawlable.
    expect(lines).not.toContain('Disallow: /');
    // Served without a built client too (API-only deployments).
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe(response.body);
  });
});
