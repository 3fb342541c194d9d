import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { escapeHtml } from '@shared/escape-html.ts';
import { htmlWithLocale, type Locale, localeSuffix } from '@shared/locales.ts';
import type { SiteSettings } from '@shared/schemas/site.ts';
import { PLAN, type PlanPrice } from '@shared/schemas/subscription.ts';
import { START_ON_INTENT, serverRenderedPage, stateScript } from '@shared/server-rendered-page.ts';
import {
  ACCENT_STYLE_ID,
  accentCss,
  isDefaultSite,
  SITE_META_NAME,
  siteFaviconIcoUrl,
  siteIconUrl,
} from '@shared/site-brand.ts';
import type { FastifyBaseLogger } from 'fastify';
import { type LandingPage, landingHtmlWithPrice } from './landing-price.ts';

/**
 * The landing page visitors get at '/'. The build renders it once with the product's own texts and
 * price (vite.config.ts); when the admin's site settings (features/site) or the operator's price
 * differ, the server makes its own copy and keeps it, compressed, until either changes:
 * - the site: rendered again by the client's own components through the build's renderer
 *   (dist/render/prerender.mjs, `renderLanding`), with the settings in `<meta name="stillpoint-site">`
 *   for the browser's first render, the accent as a `<style>`, and the name in the <head>;
 * - the price: written into the plan card (landing-price.ts, docs/decisions/021).
 * If the renderer cannot load, the built page goes out and the browser fills in the site's texts
 * itself once /api/site answers (its app then starts after the first paint, not at the visitor's
 * first move).
 */

type Renderer = {
  renderLanding?: (site: SiteSettings, locale: Locale) => Promise<{ html: string; state: unknown }>;
};

/** The built landing page in `locale` (vite.config.ts), or English's when that one was not built. */
export function landingFileName(clientDir: string, locale: Locale): string {
  const key = `${clientDir}\0${locale}`;
  let name = landingFiles.get(key);
  if (name === undefined) {
    name = `landing${localeSuffix(locale)}.html`;
    if (!fs.existsSync(path.join(clientDir, name))) name = 'landing.html';
    landingFiles.set(key, name);
  }
  return name;
}
const landingFiles = new Map<string, string>();

const isDefaultPrice = (price: PlanPrice) =>
  price.amountCents === PLAN.amountCents &&
  price.currency === PLAN.currency &&
  price.interval === PLAN.interval &&
  price.periodDays === PLAN.periodDays;

/** The build's favicon and apple-touch-icon links (vite.config.ts, `pwaAssets`), whatever their attribute order. */
const ICON_LINKS = /<link\b[^>]*\brel="(?:icon|shortcut icon|apple-touch-icon)"[^>]*>\s*/g;

/** The favicon and home-screen icon made from the admin's logo, or '' without one (the build's stay). */
function logoIconLinks(site: SiteSettings): string {
  const favicon = siteIconUrl(site.logo, 'favicon');
  const appleTouchIcon = siteIconUrl(site.logo, 'appleTouchIcon');
  const faviconIco = siteFaviconIcoUrl(site.logo);
  if (!favicon || !appleTouchIcon || !faviconIco) return '';
  return (
    `<link rel="icon" href="${faviconIco}" sizes="16x16 32x32 48x48">` +
    `<link rel="icon" type="image/png" sizes="32x32" href="${favicon}">` +
    `<link rel="apple-touch-icon" href="${appleTouchIcon}">`
  );
}

/**
 * index.html's <head> with the site's name (the tab title, the home-screen title, the description),
 * its settings for the client's first render, its accent colour, and the icons made from its logo.
 */
export function headWithSite(html: string, site: SiteSettings): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new Error('the page has no </head>');
  const iconLinks = logoIconLinks(site);
  const head = html
    .slice(0, headEnd)
    .replace(ICON_LINKS, (link) => (iconLinks ? '' : link))
    .replace(
      /(<meta name="apple-mobile-web-app-title" content=")Stillpoint(")/,
      (_, open: string, close: string) => `${open}${escapeHtml(site.shortName)}${close}`,
    )
    .replace(/Stillpoint/g, () => escapeHtml(site.name));
  const css = accentCss(site.accentColor);
  const additions =
    iconLinks +
    `<meta name="${SITE_META_NAME}" content="${escapeHtml(JSON.stringify(site))}">` +
    (css ? `<style id="${ACCENT_STYLE_ID}">${css}</style>` : '');
  return `${head}${additions}${html.slice(headEnd)}`;
}

export function createLandingPage(options: {
  clientDir: string;
  planPrice?: (() => Promise<PlanPrice>) | undefined;
  siteSettings?: (() => Promise<SiteSettings>) | undefined;
  log: FastifyBaseLogger;
}) {
  const { clientDir, log } = options;

  const rendererFile = path.join(clientDir, '..', 'render', 'prerender.mjs');
  let renderer: Promise<Renderer | null> | undefined;
  const loadRenderer = () => {
    renderer ??= fs.existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<Renderer>).catch((error: unknown) => {
          log.warn(
            { err: error },
            "the landing page renderer could not load; the site's texts are drawn in the browser",
          );
          return null;
        })
      : Promise.resolve(null);
    return renderer;
  };
  // One page per language at most (the site and price are the same for all).
  const cached = new Map<Locale, { key: string; page: LandingPage }>();

  /** Resolves to the page for visitors, or null when the built file is right as it is. */
  return async (locale: Locale): Promise<LandingPage | null> => {
    // A price that cannot be read now (Stripe unreachable) goes out as built: the client corrects it.
    const price = (await options.planPrice?.().catch(() => null)) ?? null;
    const site = (await options.siteSettings?.()) ?? null;
    const hasSite = site !== null && !isDefaultSite(site);
    const hasPrice = price !== null && !isDefaultPrice(price);
    if (!hasSite && !hasPrice) return null;
    const key = JSON.stringify([hasSite ? site : null, hasPrice ? price : null]);
    const hit = cached.get(locale);
    if (hit?.key === key) return hit.page;
    let html = fs.readFileSync(path.join(clientDir, landingFileName(clientDir, locale)), 'utf8');
    if (hasSite) {
      const renderLanding = (await loadRenderer())?.renderLanding;
      if (renderLanding) {
        const index = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
        const landing = await renderLanding(site, locale);
        html = serverRenderedPage(htmlWithLocale(index, locale), landing.html, {
          after: stateScript(landing.state),
          startsOnIntent: true,
        });
      } else {
        // The built page holds the product's own texts: the app must start after the first paint
        // to draw the site's, not wait for the visitor's first move.
        html = html.replace(` ${START_ON_INTENT}`, '');
      }
      html = headWithSite(html, site);
    }
    if (hasPrice) html = landingHtmlWithPrice(html, price, locale);
    const body = Buffer.from(html);
    const page = { html: body, br: zlib.brotliCompressSync(body), gzip: zlib.gzipSync(body) };
    cached.set(locale, { key, page });
    return page;
  };
}
