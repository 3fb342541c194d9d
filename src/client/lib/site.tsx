import { ACCENT_STYLE_ID, accentCss, SITE_META_NAME, siteIconUrl } from '@shared/site-brand';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@shared/site-defaults';
import { useQuery } from '@tanstack/react-query';
import type * as React from 'react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { apiQuery } from './api';
import { i18n, useLocale } from './i18n';

/**
 * The site's name, accent colour and landing texts (`GET /api/site`, set by the admin). Read once
 * by the app's providers and handed down through context: a component outside them (a component
 * test) sees the product's defaults, exactly what an unconfigured site shows.
 */
export const siteQueries = {
  site: () => ({ ...apiQuery<SiteSettings>('/api/site'), staleTime: 60_000 }),
};

/** The settings the server wrote into the page (the landing page), for a first render that matches it. */
export function readSiteHint(doc: Document | undefined = globalThis.document): SiteSettings | undefined {
  const content = doc?.querySelector(`meta[name="${SITE_META_NAME}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    // Written by our own server from the stored settings (as the page's query state is); only
    // its shape is checked here, so zod stays out of the first screen's code.
    const parsed: unknown = JSON.parse(content);
    return isSiteSettings(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function isSiteSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  const site = value as Record<keyof SiteSettings, unknown>;
  return (
    (['name', 'shortName', 'accentColor', 'heroTitle', 'heroText', 'aboutTeacher'] as const).every(
      (key) => typeof site[key] === 'string',
    ) &&
    Array.isArray(site.featureCards) &&
    Array.isArray(site.planBenefits) &&
    Array.isArray(site.footerLinks)
  );
}

const SiteContext = createContext<SiteSettings>(DEFAULT_SITE_SETTINGS);

/** The site's settings, with a way to ask whether a field still holds the product's own value. */
export type LocalisedSite = SiteSettings & { isDefault: (field: keyof SiteSettings) => boolean };

/**
 * The site's settings in the member's language: a text the admin has not changed is the product's
 * own, shown translated (common.json, `site.*`); the admin's own words are shown as they wrote them.
 */
export function useSite(): LocalisedSite {
  const site = useContext(SiteContext);
  const locale = useLocale();
  return useMemo(() => localiseSite(site, locale), [site, locale]);
}

function localiseSite(site: SiteSettings, _locale: string): LocalisedSite {
  const isDefault = (field: keyof SiteSettings) =>
    JSON.stringify(site[field]) === JSON.stringify(DEFAULT_SITE_SETTINGS[field]);
  return {
    ...site,
    heroTitle: isDefault('heroTitle') ? i18n._('site.heroTitle') : site.heroTitle,
    heroText: isDefault('heroText') ? i18n._('site.heroText') : site.heroText,
    featureCards: isDefault('featureCards') ? defaultFeatureCards() : site.featureCards,
    planBenefits: isDefault('planBenefits') ? defaultPlanBenefits() : site.planBenefits,
    isDefault,
  };
}

/** DEFAULT_SITE_SETTINGS.featureCards in the active language (each key written out for the extractor). */
function defaultFeatureCards(): SiteSettings['featureCards'] {
  return [
    {
      title: i18n._('site.card1.title'),
      summary: i18n._('site.card1.summary'),
      points: [
        i18n._('site.card1.point1'),
        i18n._('site.card1.point2'),
        i18n._('site.card1.point3'),
        i18n._('site.card1.point4'),
      ],
    },
    {
      title: i18n._('site.card2.title'),
      summary: i18n._('site.card2.summary'),
      points: [
        i18n._('site.card2.point1'),
        i18n._('site.card2.point2'),
        i18n._('site.card2.point3'),
        i18n._('site.card2.point4'),
      ],
    },
    {
      title: i18n._('site.card3.title'),
      summary: i18n._('site.card3.summary'),
      points: [i18n._('site.card3.point1'), i18n._('site.card3.point2'), i18n._('site.card3.point3')],
    },
  ];
}

function defaultPlanBenefits(): string[] {
  return [
    i18n._('site.planBenefit1'),
    i18n._('site.planBenefit2'),
    i18n._('site.planBenefit3'),
    i18n._('site.planBenefit4'),
  ];
}

/** Writes the accent colour's CSS into <head> (the same rule the server writes into the landing page). */
function useAccentStyle(accentColor: string) {
  useEffect(() => {
    const css = accentCss(accentColor);
    let style = document.getElementById(ACCENT_STYLE_ID);
    if (!css) {
      style?.remove();
      return;
    }
    if (!style) {
      style = document.createElement('style');
      style.id = ACCENT_STYLE_ID;
      document.head.append(style);
    }
    if (style.textContent !== css) style.textContent = css;
  }, [accentColor]);
}

/**
 * Points the tab's icon at the favicon made from a logo the admin set while the app was open (the
 * server writes it into every page it sends; features/site). Without a logo, the page's own links stay.
 */
function useLogoFavicon(logo: string | null) {
  useEffect(() => {
    const favicon = siteIconUrl(logo, 'favicon');
    if (!favicon) return;
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')];
    // The page the server wrote already points at this logo (its favicon.ico and this PNG): keep both.
    if (links.some((link) => link.getAttribute('href') === favicon)) return;
    for (const link of links) link.remove();
    const link = document.createElement('link');
    link.rel = 'icon';
    link.type = 'image/png';
    link.href = favicon;
    document.head.append(link);
  }, [logo]);
}

export function SiteProvider({ children }: { children: React.ReactNode }) {
  const { data } = useQuery(siteQueries.site());
  const site = data ?? readSiteHint() ?? DEFAULT_SITE_SETTINGS;
  useAccentStyle(site.accentColor);
  // `?? null`: a page written before logos existed carries settings without the field.
  useLogoFavicon(site.logo ?? null);
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}
