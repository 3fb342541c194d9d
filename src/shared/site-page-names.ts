/**
 * The site's own pages (issue 35, "Pages a business needs"), without zod: the landing page's
 * footer names them, and zod stays out of that code (docs/decisions/051).
 * `schemas/site-pages.ts` validates them.
 */
export const SITE_PAGE_NAMES = ['privacy', 'terms', 'imprint', 'about'] as const;
export type SitePageName = (typeof SITE_PAGE_NAMES)[number];

export const SITE_PAGE_TITLES: Record<SitePageName, string> = {
  privacy: 'Privacy policy',
  terms: 'Terms',
  imprint: 'Imprint and contact',
  about: 'About',
};

export function isSitePageName(value: unknown): value is SitePageName {
  return (SITE_PAGE_NAMES as readonly unknown[]).includes(value);
}
