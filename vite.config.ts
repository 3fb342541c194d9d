import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import tailwindcss from '@tailwindcss/vite';
import { minimal2023Preset } from '@vite-pwa/assets-generator/presets/minimal-2023';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { htmlWithLocale, localeSuffix, pseudoLocales, shippedLocales } from './src/shared/locales.ts';
import { serverRenderedPage, stateScript } from './src/shared/server-rendered-page.ts';

const apiPort = Number(process.env.API_PORT ?? 5001);

const alias = {
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
};
// STILLPOINT_DIST_DIR: build somewhere else than ./dist (tests/server/build.test.ts).
const distDir = process.env.STILLPOINT_DIST_DIR
  ? path.resolve(process.env.STILLPOINT_DIST_DIR)
  : fileURLToPath(new URL('./dist', import.meta.url));
// STILLPOINT_CLIENT_OUT_DIR: scripts/build.mjs builds the client beside the served one, then swaps.
const clientOutDir = process.env.STILLPOINT_CLIENT_OUT_DIR
  ? path.resolve(process.env.STILLPOINT_CLIENT_OUT_DIR)
  : path.join(distDir, 'client');

/**
 * Brotli and gzip copies of every text file, written once at build time; the server sends them
 * to browsers that accept them (@fastify/static `preCompressed`), with no work per request.
 */
function precompress(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/**
 * After the client build: render the landing page (signed out, at '/') to HTML once and write
 * `dist/client/landing.html` — index.html with that HTML inside #root. The server sends it to
 * visitors without a session (decision 013): the page paints with the CSS, before the JavaScript.
 */
function prerenderLanding(): Plugin {
  return {
    name: 'stillpoint-prerender-landing',
    apply: 'build',
    async closeBundle() {
      if (process.env.STILLPOINT_PRERENDER === 'running') return;
      process.env.STILLPOINT_PRERENDER = 'running';
      try {
        const { build } = await import('vite');
        // The renderer stays in the build: the server draws a member's first screen with it
        // (src/server/plugins/client.ts). It carries React and every client package inside it,
        // since those are dev dependencies that a production install does not have.
        const outDir = path.join(distDir, 'render');
        await build({
          configFile: false,
          root: 'src/client',
          logLevel: 'warn',
          resolve: { alias },
          plugins: [compileCatalogues(), react()],
          // React's own build to match the JSX Vite compiled: production unless NODE_ENV says
          // otherwise (as under vitest, tests/server/build.test.ts), Vite's rule for the same choice.
          define: {
            'process.env.NODE_ENV': JSON.stringify(
              process.env.NODE_ENV === 'production' ? 'production' : 'development',
            ),
          },
          ssr: { noExternal: true },
          build: {
            ssr: 'prerender.tsx',
            outDir,
            emptyOutDir: true,
            rollupOptions: {
              // Escaped to ASCII: the server keeps this 6 MB file's text while it runs, and one
              // character beyond Latin-1 (the pseudo-locales' catalogues hold many) makes V8 keep
              // all of it at two bytes per character (11 MB of heap instead of 6).
              output: { entryFileNames: 'prerender.mjs', codeSplitting: false, charset: 'ascii' },
            },
          },
        });
        const { render, renderBuiltLanding, prepareLocale } = await import(
          pathToFileURL(path.join(outDir, 'prerender.mjs')).href
        );
        const index = fs.readFileSync(path.join(clientOutDir, 'index.html'), 'utf8');
        // One landing page and one loading state per language (English's keep their plain names):
        // the server sends the visitor's (src/server/lib/request-locale.ts).
        for (const locale of [...shippedLocales, ...pseudoLocales]) {
          await prepareLocale(locale);
          const suffix = localeSuffix(locale);
          const localised = htmlWithLocale(index, locale);
          const landing = renderBuiltLanding();
          fs.writeFileSync(
            path.join(clientOutDir, `landing${suffix}.html`),
            serverRenderedPage(localised, landing.html, {
              after: stateScript(landing.state),
              startsOnIntent: true,
            }),
          );
          // A member route while the session is checked (docs/decisions/051): the server sends it
          // instead of the empty index.html, so the header and "Loading..." paint before the
          // JavaScript. Any member route renders the same; /library stands for them all.
          const loading = localised.replace(
            '<div id="root"></div>',
            () => `<div id="root">${render('/library')}</div>`,
          );
          fs.writeFileSync(path.join(clientOutDir, `loading${suffix}.html`), loading);
        }
        precompress(clientOutDir);
      } finally {
        delete process.env.STILLPOINT_PRERENDER;
      }
    },
  };
}

/**
 * index.html loads the app through public/start.js: at once on an empty page or the loading state
 * (with the app's code as a modulepreload, so it downloads beside the CSS), and after the first
 * paint on a page that arrives server-rendered (src/shared/server-rendered-page.ts; docs/decisions/058).
 */
function startAfterPaint(): Plugin {
  return {
    name: 'stillpoint-start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/;
        const match = entry.exec(html);
        if (!match) throw new Error('index.html has no entry script to start after the first paint');
        return html.replace(
          entry,
          () =>
            `<link rel="modulepreload" crossorigin href="${match[1]}">` +
            `<script type="module" crossorigin src="/start.js" data-app="${match[1]}"></script>`,
        );
      },
    },
  };
}

/**
 * The two Latin fonts every first screen sets its text in, preloaded from index.html: otherwise the
 * browser finds them only once the CSS has been read, and a page's text waits for that second trip.
 */
function preloadFonts(): Plugin {
  return {
    name: 'stillpoint-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) =>
          /(figtree|fraunces)-latin-wght-normal-[^/]+\.woff2$/.test(file),
        );
        if (fonts.length !== 2)
          throw new Error(`expected the two Latin fonts in the build, found ${fonts.length}`);
        const links = fonts.map(
          (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`,
        );
        return html.replace('</head>', () => `${links.join('')}</head>`);
      },
    },
  };
}

/** What the library, item, playlist, practice and home screens share (the `content` chunk). */
const CONTENT_SHARED =
  /[\\/](src[\\/]client[\\/](components[\\/](content|ui)|features[\\/](library|player|downloads|practice|playlists)|app[\\/]home)|node_modules[\\/](lucide-react|date-fns)[\\/])/;

/** The tokens of docs/product.md, "Look and feel": sage primary, sand background (light theme). */
const SAGE = '#3f6f62';
const SAND = '#faf7f2';

/**
 * The installable app (docs/decisions/022-installable-app-and-service-worker.md): the web app
 * manifest, icons generated from the logo at build time, and our own Workbox service worker
 * (src/client/sw/sw.ts) that precaches the shell and hashed assets. Registration is ours too
 * (src/client/features/pwa), so a new version waits for the member's "Reload".
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Stillpoint',
      short_name: 'Stillpoint',
      description:
        'Guided sessions, monthly restoration journeys and a supportive community, with downloads for quiet offline moments.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: SAND,
      background_color: SAND,
      lang: 'en',
      categories: ['health', 'lifestyle'],
    },
    pwaAssets: {
      image: 'public/favicon.svg',
      preset: {
        ...minimal2023Preset,
        maskable: { sizes: [512], padding: 0.3, resizeOptions: { background: SAGE } },
        apple: { sizes: [180], padding: 0.3, resizeOptions: { background: SAND } },
      },
      includeHtmlHeadLinks: true,
      overrideManifestIcons: true,
      // index.html carries a theme colour per colour scheme already.
      injectThemeColor: false,
    },
    injectManifest: {
      // The shell, every hashed chunk (lazy routes included), fonts and icons (the plugin adds the
      // manifest itself); landing.html and loading.html are only for pages the server sends
      // online, and the .br/.gz copies are the same files.
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      globIgnores: ['landing*.html', 'loading*.html', '**/*.br', '**/*.gz'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    devOptions: { enabled: false },
  });
}

/**
 * The catalogues (src/client/locales/<locale>/<namespace>.json hold ICU messages as translators
 * write them) become Lingui's compiled form when imported, so the browser needs only Lingui's small
 * runtime and no message parser (docs/decisions/099). A message that does not parse fails the build.
 */
function compileCatalogues(): Plugin {
  const catalogue = /\/src\/client\/locales\/[^/]+\/[^/]+\.json$/;
  return {
    name: 'stillpoint-compile-catalogues',
    enforce: 'pre',
    transform(code, id) {
      if (!catalogue.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]),
      );
      return { code: `export default ${JSON.stringify(compiled)};`, map: null, moduleType: 'js' };
    },
  };
}

const CLIENT_FEATURE_INDEX = /\/src\/client\/features\/[^/]+\/index\.ts$/;

export default defineConfig({
  root: 'src/client',
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [
    compileCatalogues(),
    react(),
    tailwindcss(),
    installableApp(),
    startAfterPaint(),
    preloadFonts(),
    prerenderLanding(),
  ],
  resolve: { alias },
  build: {
    outDir: clientOutDir,
    emptyOutDir: true,
    sourcemap: false,
    // The server reads it to list a member's screen chunks as modulepreloads (screen-preloads.ts).
    manifest: true,
    // Fewer, larger chunks (docs/decisions/044). Left alone, the bundler made one chunk per set of
    // screens sharing a module: the library needed 33 files of 1–2 KB (icons, a badge, a
    // skeleton…), and on HTTP/1.1 a browser fetches six at a time, so each wave cost a round
    // trip. Now everything the first page needs is one file (`index`), and the pieces the content
    // screens share (cards, the player, downloads, icons) are one more (`content`).
    rolldownOptions: {
      // A client feature's index.ts only re-exports what other features may use (the import walls,
      // .dependency-cruiser.cjs). Marked free of side effects, an import through it brings in only
      // the modules it uses, as a direct import does; otherwise every module it lists came along
      // (the first file grew by a sixth, zod included).
      treeshake: { moduleSideEffects: (id) => !CLIENT_FEATURE_INDEX.test(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            {
              name: 'content',
              // Forms (react-hook-form, behind the settings switch) stay with the screens that edit.
              test: (id) => CONTENT_SHARED.test(id) && !id.includes('switch-field'),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    // In development the API runs beside Vite; the browser only ever talks to this origin.
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/media': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/objects': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
});
