import type { ShippedLocale } from './locales.ts';

/**
 * The site's settings as a plain type, and the product's own values, without zod: the landing
 * page and the app's first render read them, and zod stays out of that code (docs/decisions/051).
 * `schemas/site.ts` validates the same shape.
 */
export type SiteSettings = {
  name: string;
  shortName: string;
  accentColor: string;
  heroTitle: string;
  heroText: string;
  featureCards: { title: string; summary: string; points: string[] }[];
  planBenefits: string[];
  aboutTeacher: string;
  footerLinks: { label: string; url: string }[];
  /** An uploaded image (its object path): the app icons, favicon and header mark are made from it. */
  logo: string | null;
  /** An uploaded image (its object path), shown with "about the teacher" on the landing page. */
  teacherPhoto: string | null;
  /** The language a visitor sees when their browser asks for none we ship (docs/translating.md). */
  defaultLocale: ShippedLocale;
};

/** The product's own name and texts (docs/product.md): what a site shows until its admin changes them. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  name: 'Stillpoint',
  shortName: 'Stillpoint',
  accentColor: '#3f6f62',
  heroTitle: 'Come back to your still point',
  heroText:
    'Guided sessions, monthly restoration journeys and gentle progress tracking. A quiet place to restore your mind and body, a few minutes at a time.',
  featureCards: [
    {
      title: 'Guided Sessions',
      summary: 'Practices that settle the body and clear the mind, whatever your day looks like.',
      points: [
        'Expert-led sessions for all levels',
        'Science-based content',
        'Variety of formats and lengths',
        'Quick and effective',
      ],
    },
    {
      title: 'Monthly Calendars',
      summary: 'A gentle structure to return to, one day at a time.',
      points: [
        'Structured 30-day restoration journeys',
        'Daily sessions',
        'Monthly themes',
        'Community challenges',
      ],
    },
    {
      title: 'Progress Tracking',
      summary: 'Notice how your world and your mind shift over the months.',
      points: ['Validated questionnaire', 'Personalised insights', 'Progress tracking'],
    },
  ],
  planBenefits: [
    'Unlimited premium access',
    'Monthly calendars and journeys',
    'Progress tracking and insights',
    'Community access',
  ],
  aboutTeacher: '',
  footerLinks: [],
  logo: null,
  teacherPhoto: null,
  defaultLocale: 'en',
};
