import { escapeHtml } from '@shared/escape-html.ts';
import { formatPrice } from '@shared/plan-price.ts';
import type { PlanPrice } from '@shared/schemas/subscription.ts';
import { serverI18n } from '../lib/i18n.ts';

/**
 * The pre-rendered landing page is built once, with the default price ($12 per month). When the
 * operator's price differs, the server writes it into that HTML (the `data-plan-*` spans of the
 * plan card, and a `<meta name="stillpoint-plan">` the client reads for its first render); the
 * page is kept, compressed, until the price or the site's settings change (landing-page.ts;
 * docs/decisions/021-operator-plan-price.md).
 */
export type LandingPage = { html: Buffer; br: Buffer; gzip: Buffer };

/** Replaces the text of the one element carrying `attribute` (a text-only element). */
function fillElement(html: string, attribute: string, text: string): string {
  const pattern = new RegExp(`(<([a-z]+) ${attribute}=""[^>]*>)[^<]*(</\\2>)`);
  if (!pattern.test(html)) throw new Error(`the pre-rendered landing page has no element with ${attribute}`);
  return html.replace(
    pattern,
    (_, open: string, _tag: string, close: string) => `${open}${escapeHtml(text)}${close}`,
  );
}

/** `locale`: the page's language; the words are the client's plan card's (docs/translating.md). */
export function landingHtmlWithPrice(html: string, price: PlanPrice, locale = 'en'): string {
  const i18n = serverI18n(locale);
  let page = fillElement(html, 'data-plan-price', formatPrice(price.amountCents, price.currency));
  page = fillElement(page, 'data-plan-interval', i18n._('page.perInterval', { interval: price.interval }));
  page = fillElement(page, 'data-plan-period', i18n._('page.period', { days: price.periodDays }));
  const meta = `<meta name="stillpoint-plan" content="${escapeHtml(JSON.stringify(price))}">`;
  // Function replacements only: a replacement string would read `$&` and the like in a value.
  return page.replace('</head>', () => `${meta}</head>`);
}
