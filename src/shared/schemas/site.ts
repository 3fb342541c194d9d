import { z } from 'zod';
import { shippedLocales } from '../locales.ts';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../site-defaults.ts';
import { requiredText, visibleText } from './text.ts';
import { UPLOADED_IMAGE_PATTERN } from './uploads.ts';

/**
 * The site's own settings (issue 35, "The site is the teacher's"): its name, accent colour and the
 * landing page's texts, stored in one database row and changed by the admin (`PUT /api/admin/site`).
 * The defaults are the texts and colour the product ships with (docs/product.md): a site whose
 * admin has changed nothing shows exactly what it showed before these settings existed.
 */

export const MAX_SITE_NAME = 60;
/** The installed app's label under its icon: home screens cut longer names. */
export const MAX_SITE_SHORT_NAME = 12;
export const MAX_HERO_TITLE = 120;
export const MAX_HERO_TEXT = 400;
export const MAX_CARD_TITLE = 60;
export const MAX_CARD_SUMMARY = 200;
export const MAX_CARD_POINT = 80;
export const MAX_CARD_POINTS = 6;
export const MAX_PLAN_BENEFITS = 8;
export const MAX_ABOUT_TEACHER = 2000;
export const MAX_FOOTER_LINKS = 8;
export const MAX_FOOTER_LINK_LABEL = 40;
export const MAX_FOOTER_LINK_URL = 500;

/**
 * The light theme's backgrounds and the text colour drawn on the accent (src/client/styles.css,
 * `:root`; site.test.ts checks these stay equal to it). The accent is text on the first three and
 * the background of buttons under the last, so it must reach WCAG AA (4.5:1) against all four.
 */
export const DESIGN_BACKGROUNDS = [
  { name: 'the page background', color: '#faf7f2' },
  { name: 'the card background', color: '#fffdf9' },
  { name: 'the muted background', color: '#f1ece4' },
  { name: 'the white button text', color: '#ffffff' },
] as const;
export const MIN_ACCENT_CONTRAST = 4.5;

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The logo and the teacher's photo: an image registered through the upload flow, or none. */
const uploadedImage = (label: string) =>
  z
    .string(`${label} must be an uploaded image`)
    .regex(UPLOADED_IMAGE_PATTERN, `${label} must be an image uploaded to this site`)
    .nullable();

/** Relative luminance of a #rrggbb colour (WCAG 2.2, "relative luminance"). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Why an accent colour cannot be used (its weakest pairing with the design's backgrounds), or null
 * when it reaches 4.5:1 against every one. The admin form shows the same message as the API.
 */
export function accentContrastProblem(accent: string): string | null {
  const weakest = DESIGN_BACKGROUNDS.map((background) => ({
    ...background,
    ratio: contrastRatio(accent, background.color),
  })).sort((a, b) => a.ratio - b.ratio)[0]!;
  if (weakest.ratio >= MIN_ACCENT_CONTRAST) return null;
  // Rounded down: 4.48 must not read as 4.5, which would look like a pass.
  const shown = Math.floor(weakest.ratio * 100) / 100;
  return (
    `The accent colour ${accent.toLowerCase()} has a contrast of only ${shown}:1 against ${weakest.name} ` +
    `(${weakest.color}); WCAG AA needs at least ${MIN_ACCENT_CONTRAST}:1 for text. Choose a darker colour.`
  );
}

const accentColor = z
  .string('Accent colour must be text')
  .trim()
  .regex(HEX_COLOR, 'Accent colour must be a hex colour such as #3f6f62')
  .transform((value) => value.toLowerCase())
  .superRefine((value, context) => {
    const problem = accentContrastProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const httpsUrl = z
  .string('Link address must be text')
  .trim()
  .max(MAX_FOOTER_LINK_URL, `Link address can be at most ${MAX_FOOTER_LINK_URL} characters`)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Link address must be a full https:// address');

export const FeatureCardSchema = z.object({
  title: visibleText({ label: 'Card title', max: MAX_CARD_TITLE, required: 'Card title is required' }),
  summary: requiredText('Card text', MAX_CARD_SUMMARY),
  points: z
    .array(
      visibleText({ label: 'Card point', max: MAX_CARD_POINT, required: 'A card point cannot be empty' }),
    )
    .max(MAX_CARD_POINTS, `A card can list at most ${MAX_CARD_POINTS} points`),
});
export type FeatureCard = z.infer<typeof FeatureCardSchema>;

export const FooterLinkSchema = z.object({
  label: visibleText({
    label: 'Link text',
    max: MAX_FOOTER_LINK_LABEL,
    required: 'Link text is required',
  }),
  url: httpsUrl,
});
export type FooterLink = z.infer<typeof FooterLinkSchema>;

/** Everything the site's settings hold, with the rules a change must pass; the admin form parses with it. */
export const SiteSettingsInputSchema = z.object({
  name: visibleText({ label: 'Site name', max: MAX_SITE_NAME, required: 'Site name is required' }),
  shortName: visibleText({
    label: 'Short name',
    max: MAX_SITE_SHORT_NAME,
    required: 'Short name is required',
  }),
  accentColor,
  heroTitle: visibleText({ label: 'Hero title', max: MAX_HERO_TITLE, required: 'Hero title is required' }),
  heroText: requiredText('Hero text', MAX_HERO_TEXT),
  featureCards: z.array(FeatureCardSchema).length(3, 'The landing page has exactly three feature cards'),
  planBenefits: z
    .array(
      visibleText({ label: 'Plan benefit', max: MAX_CARD_POINT, required: 'A plan benefit cannot be empty' }),
    )
    .min(1, 'The plan card lists at least one benefit')
    .max(MAX_PLAN_BENEFITS, `The plan card lists at most ${MAX_PLAN_BENEFITS} benefits`),
  aboutTeacher: z
    .string('About the teacher must be text')
    .trim()
    .max(MAX_ABOUT_TEACHER, `About the teacher can be at most ${MAX_ABOUT_TEACHER} characters`),
  footerLinks: z
    .array(FooterLinkSchema)
    .max(MAX_FOOTER_LINKS, `The footer holds at most ${MAX_FOOTER_LINKS} links`),
  logo: uploadedImage('The logo'),
  teacherPhoto: uploadedImage("The teacher's photo"),
  defaultLocale: z.enum(shippedLocales, `Default language must be one of ${shippedLocales.join(', ')}`),
});

/**
 * The settings as `GET /api/site` and `PUT /api/admin/site` answer them: the plain shape (a
 * response schema holds no transforms; the values were checked when they were stored).
 */
export const SiteSettingsSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  accentColor: z.string(),
  heroTitle: z.string(),
  heroText: z.string(),
  featureCards: z.array(z.object({ title: z.string(), summary: z.string(), points: z.array(z.string()) })),
  planBenefits: z.array(z.string()),
  aboutTeacher: z.string(),
  footerLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  logo: z.string().nullable(),
  teacherPhoto: z.string().nullable(),
  defaultLocale: z.enum(shippedLocales),
});
// The plain type and the defaults live in ../site-defaults.ts, so the app's first screens read
// them without zod (docs/decisions/051); the schema must describe the same shape.
SiteSettingsSchema satisfies z.ZodType<SiteSettings>;

export type { SiteSettings };
export { DEFAULT_SITE_SETTINGS };

/** The body of `PUT /api/admin/site`: any of the settings; those left out keep their value. */
export const SiteSettingsUpdateSchema = SiteSettingsInputSchema.partial();
export type SiteSettingsUpdate = z.infer<typeof SiteSettingsUpdateSchema>;
