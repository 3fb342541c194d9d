import fs from 'node:fs';
import zlib from 'node:zlib';
import { formatPrice, perInterval, periodNote } from '@shared/plan-price.ts';
import { PLAN, type PlanPrice } from '@shared/schemas/subscription.ts';

/**
 * The pre-rendered landing page is built once, with the default price ($12 per month). When the
 * operator's price differs, the server writes it into that HTML (the `data-plan-*` spans of the
 * plan card, and a `<meta name="stillpoint-plan">` the client reads for its first render) and keeps
 * the result, compressed, until the price changes (docs/decisions/021-operator-plan-price.md).
 */
export type LandingPage = { html: Buffer; br: Buffer; gzip: Buffer };

const isDefaultPrice = (price: PlanPrice) =>
  price.amountCents === PLAN.amountCents &&
  price.currency === PLAN.currency &&
  price.interval === PLAN.interval &&
  price.periodDays === PLAN.periodDays;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Replaces the text of the one element carrying `attribute` (a text-only element). */
function fillElement(html: string, attribute: string, text: string): string {
  const pattern = new RegExp(`(<([a-z]+) ${attribute}=""[^>]*>)[^<]*(</\\2>)`);
  if (!pattern.test(html)) throw new Error(`the pre-rendered landing page has no element with ${attribute}`);
  return html.replace(
    pattern,
    (_, open: string, _tag: string, close: string) => `${open}${escapeHtml(text)}${close}`,
  );
}

export function landingHtmlWithPrice(html: string, price: PlanPrice): string {
  let page = fillElement(html, 'data-plan-price', formatPrice(price.amountCents, price.currency));
  page = fillElement(page, 'data-plan-interval', perInterval(price.interval));
  page = fillElement(page, 'data-plan-period', periodNote(price.periodDays));
  const meta = `<meta name="stillpoint-plan" content="${escapeHtml(JSON.stringify(price))}">`;
  // Function replacements only: a replacement string would read `$&` and the like in a value.
  return page.replace('</head>', () => `${meta}</head>`);
}

/** Resolves to the landing page with the operator's price, or null when the built file is right as it is. */
export function createLandingPricer(landingFile: string, planPrice: () => Promise<PlanPrice>) {
  let cached: { key: string; page: LandingPage } | undefined;
  return async (): Promise<LandingPage | null> => {
    const price = await planPrice();
    if (isDefaultPrice(price)) return null;
    const key = JSON.stringify(price);
    if (cached?.key !== key) {
      const html = Buffer.from(landingHtmlWithPrice(fs.readFileSync(landingFile, 'utf8'), price));
      cached = { key, page: { html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html) } };
    }
    return cached.page;
  };
}
