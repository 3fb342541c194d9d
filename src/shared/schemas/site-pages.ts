import { z } from 'zod';
import { SITE_PAGE_NAMES, SITE_PAGE_TITLES, type SitePageName } from '../site-page-names.ts';
import { MAX_EMAIL_LENGTH } from './auth.ts';
import { singleLineText, visibleText } from './text.ts';

/**
 * The pages a business needs and the site's help (issue 35, "Pages a business needs"): the privacy
 * policy, terms, imprint/contact and about pages, the FAQ, a contact address and helplines per
 * country. The admin writes them (`PUT /api/admin/site/pages`); visitors read the pages rendered
 * (`GET /api/site/pages/:page`) and members the help (`GET /api/site/help`). Until the admin
 * changes a field it shows its starting template (features/site/page-templates.ts).
 */

export { SITE_PAGE_NAMES, SITE_PAGE_TITLES, type SitePageName };

/** A page or the FAQ: long enough for a real privacy policy, short enough to stay one read. */
export const MAX_PAGE_MARKDOWN = 20_000;
export const MAX_HELPLINES = 30;
export const MAX_HELPLINE_NAME = 80;
export const MAX_HELPLINE_PHONE = 30;
export const MAX_HELPLINE_URL = 500;

/**
 * Whether `code` is a two-letter region the platform's Intl data names ('DE', 'GB', also 'EU' for
 * Europe-wide lines such as 116 123; not 'QQ' or 'ZZ'). `Intl.DisplayNames` answers the code
 * itself for one it does not know, and 'Unknown Region' for ZZ.
 */
export function isKnownCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
    return name !== code && name !== 'Unknown Region';
  } catch {
    return false;
  }
}

const pageMarkdown = (label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(MAX_PAGE_MARKDOWN, `${label} can be at most ${MAX_PAGE_MARKDOWN.toLocaleString('en')} characters`);

const helplineUrl = z
  .string('Helpline website must be text')
  .trim()
  .max(MAX_HELPLINE_URL, `Helpline website can be at most ${MAX_HELPLINE_URL} characters`)
  .refine((value) => {
    if (value === '') return true;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Helpline website must be a full https:// address');

export const HelplineSchema = z
  .object({
    country: z
      .string('Country must be text')
      .trim()
      .toUpperCase()
      .refine(isKnownCountryCode, 'Country must be a two-letter country code such as GB or DE'),
    name: visibleText({
      label: 'Helpline name',
      max: MAX_HELPLINE_NAME,
      required: 'Helpline name is required',
    }),
    // Digits, spaces and the usual separators: the number becomes a tel: link.
    phone: singleLineText({ label: 'Helpline phone', max: MAX_HELPLINE_PHONE }).refine(
      (value) => value === '' || /^\+?[0-9][0-9 ()./-]*$/.test(value),
      'Helpline phone may hold only digits, spaces, + ( ) - . and /',
    ),
    url: helplineUrl,
  })
  .refine((helpline) => helpline.phone !== '' || helpline.url !== '', {
    message: 'A helpline needs a phone number or a website',
    path: ['phone'],
  });
export type Helpline = z.infer<typeof HelplineSchema>;

/** Everything the admin writes, with the rules a change must pass; the admin form parses with it. */
export const SitePagesInputSchema = z.object({
  privacy: pageMarkdown('Privacy policy'),
  terms: pageMarkdown('Terms'),
  imprint: pageMarkdown('Imprint'),
  about: pageMarkdown('About page'),
  faq: pageMarkdown('FAQ'),
  contactEmail: z
    .string('Contact e-mail must be text')
    .trim()
    .max(MAX_EMAIL_LENGTH, 'That e-mail address is too long')
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Contact e-mail must be an e-mail address',
    ),
  helplines: z.array(HelplineSchema).max(MAX_HELPLINES, `At most ${MAX_HELPLINES} helplines`),
});

/** The body of `PUT /api/admin/site/pages`: any of the fields; those left out keep their value. */
export const SitePagesUpdateSchema = SitePagesInputSchema.partial();
export type SitePagesUpdate = z.infer<typeof SitePagesUpdateSchema>;

const PlainHelplineSchema = z.object({
  country: z.string(),
  name: z.string(),
  phone: z.string(),
  url: z.string(),
});

/** What `GET`/`PUT /api/admin/site/pages` answer: the Markdown as written (or the template). */
export const SitePagesSchema = z.object({
  privacy: z.string(),
  terms: z.string(),
  imprint: z.string(),
  about: z.string(),
  faq: z.string(),
  contactEmail: z.string(),
  helplines: z.array(PlainHelplineSchema),
});
export type SitePages = z.infer<typeof SitePagesSchema>;

export const SitePageParamsSchema = z.object({
  page: z.enum(SITE_PAGE_NAMES, `Page must be one of ${SITE_PAGE_NAMES.join(', ')}`),
});

/** `GET /api/site/pages/:page`: the page's title and its Markdown as sanitised HTML. */
export const SitePageSchema = z.object({
  page: z.enum(SITE_PAGE_NAMES),
  title: z.string(),
  html: z.string(),
});
export type SitePage = z.infer<typeof SitePageSchema>;

/** `GET /api/site/help`: the FAQ as sanitised HTML, the contact address and the helplines. */
export const SiteHelpSchema = z.object({
  faqHtml: z.string(),
  contactEmail: z.string(),
  helplines: z.array(PlainHelplineSchema),
});
export type SiteHelp = z.infer<typeof SiteHelpSchema>;
