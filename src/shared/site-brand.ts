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
