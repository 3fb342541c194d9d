import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  htmlWithLocale,
  type Locale,
  localeSuffix,
  pseudoLocales,
  shippedLocales,
  sourceLocale,
} from '@shared/locales.ts';
import { apiPreloadsFor, preloadLinks } from '@shared/preloads.ts';
import { AUTH_ROUTE_PATHS, MEMBER_ROUTE_PATTERNS, resolveRoute, SIGN_OUT_PATH } from '@shared/routes.ts';
import type { SiteSettings } from '@shared/schemas/site.ts';
import type { PlanPrice } from '@shared/schemas/subscription.ts';
import { accentCss, isDefaultSite, SITE_ICONS, siteFaviconIcoKey, siteIconUrl } from '@shared/site-brand.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE_PREFIX } from '../lib/auth-endpoints.ts';
import { requestLocale } from '../lib/request-locale.ts';
import { createLandingPage, headWithSite, landingFileName } from './landing-page.ts';
import { memberPageRenderer } from './member-page.ts';
import { screenPreloads } from './screen-preloads.ts';

/**
 * robots.txt: visitors are served the landing page only (every other screen is for members), so
 * crawlers get '/', its assets, and nothing else. Built from the route table, so a new screen is
 * covered the day it is added.
 */
export function robotsTxt(): string {
  const screens = [...MEMBER_ROUTE_PATTERNS, ...AUTH_ROUTE_PATHS, SIGN_OUT_PATH].map(
    (pattern) => `/${pattern.split('/')[1]}`,
  );
  const disallowed = [...new Set(['/api/', '/media/', '/objects/', ...screens])];
  return [
    '# Stillpoint: the landing page is public; the library, community and account are for members.',
    'User-agent: *',
    'Allow: /$',
    'Allow: /assets/',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
  ].join('\n');
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Quick enough per page (a millisecond or two for a server-rendered library), most of the gain of 11. */
const BROTLI_FAST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The compression a browser accepts that the server prefers (brotli, then gzip), if any. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
}

/** A client route: a path without a file extension (or any dot), outside `/api` and `/assets`. */
function isApplicationPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return (
    decoded !== '/api' &&
    !decoded.startsWith('/api/') &&
    !decoded.startsWith('/assets/') &&
    !decoded.includes('.') &&
    !decoded.includes('\\')
  );
}

/** Written by the build at the root of the client (vite.config.ts, `installableApp`). */
export const SERVICE_WORKER_FILE = 'sw.js';
export const MANIFEST_FILE = 'manifest.webmanifest';
/** Written by the build from public/favicon.svg (vite.config.ts, `pwaAssets`). */
const FAVICON_ICO_FILE = 'favicon.ico';

/** The installed app's icons made from the admin's logo (site-images.service.ts), or undefined without one. */
function logoIcons(site: SiteSettings) {
  const icon = (name: 'icon192' | 'icon512' | 'maskable512', purpose?: string) => {
    const size = SITE_ICONS[name].size;
    return {
      src: siteIconUrl(site.logo, name),
      sizes: `${size}x${size}`,
      type: 'image/png',
      ...(purpose ? { purpose } : {}),
    };
  };
  if (!site.logo) return undefined;
  return [icon('icon192'), icon('icon512'), icon('maskable512', 'maskable')];
}

/**
 * The built manifest with the site's name, short name, (once the admin has chosen one) accent
 * as the theme colour, and icons made from its logo; the product's own site gets the built file's
 * values unchanged.
 */
export function manifestWithSite(
  built: Record<string, unknown>,
  site: SiteSettings,
): Record<string, unknown> {
  if (isDefaultSite(site)) return built;
  return {
    ...built,
    name: site.name,
    short_name: site.shortName,
    ...(accentCss(site.accentColor) ? { theme_color: site.accentColor } : {}),
    ...(site.logo ? { icons: logoIcons(site) } : {}),
  };
}

/**
 * index.html or loading.html for a site whose admin changed its settings: the <head> as the
 * landing page's (landing-page.ts), and the name in loading.html's pre-rendered header, which the
 * build drew with the product's name.
 */
export function pageWithSite(html: string, site: SiteSettings): string {
  const page = headWithSite(html, site);
  const headEnd = page.indexOf('</head>');
  const name = site.name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return page.slice(0, headEnd) + page.slice(headEnd).replace(/>Stillpoint</g, () => `>${name}<`);
}

/**
 * Serves the built client: hashed assets cached for a year, index.html (never cached) for every
 * client route. Only application routes get index.html: unknown API paths are JSON 404s, and so
 * is any unknown file (`/sitemap.xml`, `/backup.bak`, `/index.php`), which the shell would
 * otherwise answer with a 200; a path without a dot that no screen answers gets index.html (the
 * app's not-found page) with the 404 status.
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      clientDir: string | undefined;
      planPrice?: (() => Promise<PlanPrice>) | undefined;
      /** The admin's site settings (features/site): the landing page, the manifest. */
      siteSettings?: (() => Promise<SiteSettings>) | undefined;
    },
  ) => {
    const clientDir = options.clientDir;
    const indexFile = clientDir ? path.join(clientDir, 'index.html') : undefined;
    const hasClient = indexFile !== undefined && fs.existsSync(indexFile);
    // The pre-rendered landing page (vite.config.ts): for '/' without a session, so it paints
    // before the JavaScript arrives. A member gets index.html, which renders their home.
    const hasLanding = clientDir !== undefined && fs.existsSync(path.join(clientDir, 'landing.html'));
    const sessionCookie = `${SESSION_COOKIE_PREFIX}.session_token=`;
    // A member's library and item pages name their first API reads in the HTML, so the browser
    // starts them before the JavaScript (src/shared/preloads.ts). index.html is fixed per build.
    const indexHtml = hasClient && indexFile ? fs.readFileSync(indexFile, 'utf8') : '';
    // index.html with what every member route shows while the session is checked (the header and
    // "Loading...", pre-rendered by the build): it paints before the JavaScript, which then
    // renders the same markup over it (docs/decisions/051). Fixed per build, like index.html.
    // One per language (vite.config.ts writes loading.<locale>.html beside English's loading.html).
    const loadingHtmlFor = new Map<Locale, string>();
    for (const locale of [...shippedLocales, ...pseudoLocales]) {
      const file = clientDir ? path.join(clientDir, `loading${localeSuffix(locale)}.html`) : undefined;
      if (hasClient && file && fs.existsSync(file)) loadingHtmlFor.set(locale, fs.readFileSync(file, 'utf8'));
    }
    // The screen's own code too, so it downloads beside the main bundle (screen-preloads.ts).
    const screenLinks = hasClient && clientDir ? screenPreloads(clientDir) : () => '';
    const renderMemberPage = hasClient && clientDir ? memberPageRenderer(app, clientDir) : undefined;
    const landingPage =
      hasLanding && clientDir
        ? createLandingPage({
            clientDir,
            planPrice: options.planPrice,
            siteSettings: options.siteSettings,
            log: app.log,
          })
        : undefined;

    // The web app manifest carries the site's name and colour (features/site), so it is served
    // from here, per request, instead of as the built file.
    const manifestFile = clientDir ? path.join(clientDir, MANIFEST_FILE) : undefined;
    const builtManifest =
      hasClient && manifestFile && fs.existsSync(manifestFile)
        ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>)
        : undefined;

    if (hasClient && clientDir) {
      // The hashed assets: one wildcard route, however many files the folder holds. A build keeps
      // the previous builds' files for open tabs (lib/hashed-assets.ts, 14 days), so a checkout
      // that is rebuilt often holds thousands; registered one route each, they grew Fastify's
      // router and the heap with every build (10,586 files were 30,000 router nodes and twice the
      // idle heap), and a file written after the start was not served until a restart.
      await app.register(fastifyStatic, {
        root: path.join(clientDir, 'assets'),
        prefix: '/assets/',
        wildcard: true,
        index: false,
        // reply.sendFile (the pages below) reads from the client folder: the registration below.
        decorateReply: false,
        // The build writes .br and .gz beside each text file (vite.config.ts).
        preCompressed: true,
        setHeaders: (res) => {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
      // The few files beside index.html (the service worker, icons, the start script): one route
      // each, so any other path falls through to the app's routes and its not-found handler.
      await app.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        // The assets are served above; the manifest and favicon.ico by their own routes below
        // (the site's name, icons and logo).
        globIgnore: ['assets/**', ...(builtManifest ? [`${MANIFEST_FILE}*`] : []), FAVICON_ICO_FILE],
        preCompressed: true,
        setHeaders: (res, filePath) => {
          const name = path.basename(filePath);
          if (name === SERVICE_WORKER_FILE) {
            // The browser must see a new worker as soon as it is deployed (decision 022).
            res.header('cache-control', 'no-cache, max-age=0');
            res.header('service-worker-allowed', '/');
          } else {
            res.header('cache-control', 'no-cache');
          }
          if (name.startsWith(MANIFEST_FILE)) {
            res.header('content-type', 'application/manifest+json; charset=utf-8');
          }
        },
      });
    }

    if (builtManifest) {
      app.get(
        `/${MANIFEST_FILE}`,
        {
          schema: { hide: true },
          config: {
            policy: {
              access: 'public',
              premium: { none: "the web app manifest: the site's name, colour and icons" },
            },
          },
        },
        async (_request, reply) => {
          const site = await options.siteSettings?.();
          const manifest = site ? manifestWithSite(builtManifest, site) : builtManifest;
          return reply
            .type('application/manifest+json; charset=utf-8')
            .header('cache-control', 'no-cache')
            .send(JSON.stringify(manifest));
        },
      );
    }

    if (hasClient && clientDir) {
      // Browsers, feed readers and bookmarks ask for /favicon.ico whatever the page links: once
      // the admin set a logo, its favicon.ico (features/site) is sent there; otherwise the build's.
      const builtIco = fs.existsSync(path.join(clientDir, FAVICON_ICO_FILE));
      app.get(
        `/${FAVICON_ICO_FILE}`,
        {
          schema: { hide: true },
          config: { policy: { access: 'public', premium: { none: "the site's icon, or a redirect to it" } } },
        },
        async (_request, reply) => {
          const site = await options.siteSettings?.().catch(() => undefined);
          const key = siteFaviconIcoKey(site?.logo ?? null);
          // A logo saved before favicon.ico was made has none until it is saved again.
          const stored = key ? await app.storage.stat(key).catch(() => null) : null;
          if (key && stored) {
            return reply.header('cache-control', 'no-cache').redirect(`/objects/${key}`, 302);
          }
          if (!builtIco) return reply.callNotFound();
          return reply.header('cache-control', 'no-cache').sendFile(FAVICON_ICO_FILE);
        },
      );
    }

    const robots = robotsTxt();
    app.get(
      '/robots.txt',
      {
        schema: { hide: true },
        config: { policy: { access: 'public', premium: { none: 'crawler rules from the route table' } } },
      },
      async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') && isApplicationPath(pathname);
      if (wantsPage && hasClient) {
        reply.header('cache-control', 'no-cache');
        // Pages other than the landing page are index.html (or loading.html) as built, which names the product and
        // links the built icons in its <head>: a renamed site or one with a logo gets its own there,
        // so the tab, the bookmark and the home-screen title never show the product's name.
        const site = await options.siteSettings?.().catch((error: unknown) => {
          request.log.warn({ err: error }, "the site's settings could not be read; the built page is sent");
          return null;
        });
        const sited = site && !isDefaultSite(site) ? (html: string) => pageWithSite(html, site) : undefined;
        // The page's language (request-locale.ts): the same answer for the same request, so it
        // varies with the cookie (already) and the browser's languages.
        const locale = requestLocale(request, site?.defaultLocale);
        reply.header('vary', 'Cookie, Accept-Language');
        const indexHtmlInLocale = locale === sourceLocale ? indexHtml : htmlWithLocale(indexHtml, locale);
        const loadingHtml = loadingHtmlFor.get(locale) ?? loadingHtmlFor.get(sourceLocale) ?? '';
        // A path no screen answers (`/library~`, `/forums`): the app's not-found page, with the
        // not-found status, so crawlers and scanners see the truth. Known screens stay 200 (whether
        // a visitor may see them is the client's to say, from the session).
        if (resolveRoute(pathname, 'signedIn') === 'notFound') {
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(sited ? sited(indexHtmlInLocale) : indexHtmlInLocale);
        }
        if (pathname === '/') {
          if (hasLanding && !request.headers.cookie?.includes(sessionCookie)) {
            // The site's settings and the operator's price, when they are not those the build
            // rendered (landing-page.ts). If they cannot be read now, the built page goes out
            // and the client corrects it.
            const priced = await landingPage?.(locale).catch((error: unknown) => {
              request.log.warn({ err: error }, 'the landing page could not be made; the built one is sent');
              return null;
            });
            if (priced) {
              const encoding = acceptedEncoding(request);
              reply
                .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
                .type('text/html; charset=utf-8');
              if (encoding) reply.header('content-encoding', encoding);
              return reply.send(encoding ? priced[encoding] : priced.html);
            }
            return reply.type('text/html; charset=utf-8').sendFile(landingFileName(clientDir, locale));
          }
        }
        const hasSession = request.headers.cookie?.includes(sessionCookie) === true;
        // A member's first screens (the library, an item) come server-rendered with their data: nothing is
        // preloaded, so the page's HTML, CSS and fonts have the connection to themselves.
        if (hasSession && renderMemberPage && apiPreloadsFor(pathname).length > 0) {
          const rendered = await renderMemberPage(request, sited ? sited(indexHtml) : indexHtml, locale);
          if (rendered) {
            // A server-rendered library is about 120 KB of markup: compressed, it is about a tenth.
            const body = Buffer.from(rendered);
            const encoding = acceptedEncoding(request);
            reply
              .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
              .header('cache-control', 'private, no-cache')
              .type('text/html; charset=utf-8');
            if (!encoding) return reply.send(body);
            return reply
              .header('content-encoding', encoding)
              .send(encoding === 'br' ? await brotli(body, BROTLI_FAST) : await gzip(body));
          }
        }
        const links = hasSession ? `${screenLinks(pathname)}${preloadLinks(pathname)}` : '';
        // The client decides with the same function what this path shows while auth loads.
        const page =
          loadingHtml && resolveRoute(pathname, 'loading') === 'loading' ? loadingHtml : indexHtmlInLocale;
        if ((links || page !== indexHtml || sited) && page.includes('</head>')) {
          const withSite = sited ? sited(page) : page;
          return reply
            .type('text/html; charset=utf-8')
            .send(withSite.replace('</head>', () => `${links}</head>`));
        }
        return reply.type('text/html; charset=utf-8').sendFile('index.html');
      }
      if (wantsPage && !hasClient) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(
            'The Stillpoint client has not been built. Run `npm run build` (npm start does this for you).',
          );
      }
      return reply
        .status(404)
        .send({ message: `${request.method} ${pathname} not found`, code: 'NOT_FOUND' });
    });
  },
  { name: 'client' },
);
