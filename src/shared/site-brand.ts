import { DEFAULT_SITE_SETTINGS, type SiteSettings } from './site-defaults.ts';

/**
 * How the site's settings reach a page before its JavaScript: the server writes them into the
 * landing page as `<meta name="stillpoint-site">` (JSON) and the accent as a `<style>` (below);
 * the client's first render reads the same meta, so it hydrates what the server drew.
 */
/**
 * The product's own name, as code and e-mails write it; where the admin has named the site,
 * the site's name goes in its place (the mailer, the plan's name).
 */
export const PRODUCT_NAME = 'Stillpoint';

export const SITE_META_NAME = 'stillpoint-site';
export const ACCENT_STYLE_ID = 'site-accent';

/**
 * The accent colour as CSS: the light theme's primary, its hover (a little darker) and the focus
 * ring. The dark theme keeps its own light primary: one colour cannot reach 4.5:1 against both
 * the sand and the night backgrounds, and the admin's colour is checked against the light ones.
 * Empty for the default accent, so an unconfigured site's pages are byte for byte as built.
 */
export function accentCss(accentColor: string): string {
  if (accentColor.toLowerCase() === DEFAULT_SITE_SETTINGS.accentColor) return '';
  return (
    `:root:not([data-theme="dark"]){--primary:${accentColor};` +
    `--primary-hover:color-mix(in srgb,${accentColor} 85%,black);--ring:${accentColor}}`
  );
}

/** Whether the settings are the product's own (nothing for the server to rewrite). */
export function isDefaultSite(site: SiteSettings): boolean {
  return JSON.stringify(site) === JSON.stringify(DEFAULT_SITE_SETTINGS);
}

/** The tab title of a screen: "<title> · <site name>", or the name alone. */
export function pageTitle(siteName: string, title?: string): string {
  return title ? `${title} · ${siteName}` : siteName;
}

/**
 * The icons the server makes from the admin's logo (features/site, site-icons.service.ts), by file
 * name and pixel size. They live under the logo's own upload id, so a new logo has new URLs and
 * the old icons, cached for a year, are never shown in its place.
 */
export const SITE_ICONS = {
  icon192: { file: 'icon-192.png', size: 192 },
  icon512: { file: 'icon-512.png', size: 512 },
  maskable512: { file: 'maskable-512.png', size: 512 },
  appleTouchIcon: { file: 'apple-touch-icon-180.png', size: 180 },
  favicon: { file: 'favicon-32.png', size: 32 },
} as const;
export type SiteIcon = keyof typeof SITE_ICONS;

const LOGO_ID = /^\/objects\/images\/([0-9a-f-]{36})\.webp$/;

/** The object key of one of the logo's icons (`site-icons/<upload id>/icon-192.png`), or null without a logo. */
export function siteIconKey(logo: string | null, icon: SiteIcon): string | null {
  const id = logo ? LOGO_ID.exec(logo)?.[1] : undefined;
  return id ? `site-icons/${id}/${SITE_ICONS[icon].file}` : null;
}

/**
 * The favicon.ico made from the logo beside its PNG icons: 16, 32 and 48 px PNGs in one ICO file,
 * for browsers and tools that ask for `/favicon.ico` without reading the page (the server answers
 * that path with this file once there is a logo, client.ts).
 */
export const SITE_FAVICON_ICO = { file: 'favicon.ico', sizes: [16, 32, 48] } as const;

/** The object key of the logo's favicon.ico (`site-icons/<upload id>/favicon.ico`), or null without a logo. */
export function siteFaviconIcoKey(logo: string | null): string | null {
  const id = logo ? LOGO_ID.exec(logo)?.[1] : undefined;
  return id ? `site-icons/${id}/${SITE_FAVICON_ICO.file}` : null;
}

/** The URL of the logo's favicon.ico, or null without a logo (the build's favicon.ico is used). */
export function siteFaviconIcoUrl(logo: string | null): string | null {
  const key = siteFaviconIcoKey(logo);
  return key ? `/objects/${key}` : null;
}

/** The URL of one of the logo's icons, or null without a logo (the build's icons are used). */
export function siteIconUrl(logo: string | null, icon: SiteIcon): string | null {
  const key = siteIconKey(logo, icon);
  return key ? `/objects/${key}` : null;
}
