import { isLocale, type Locale, localeCookie, shippedLocales, sourceLocale } from '@shared/locales.ts';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The language of a page the server draws for this request (docs/translating.md, "Which language a
 * member sees"): the one chosen on this device (the cookie the client writes when a member picks a
 * language), else the best of the browser's `Accept-Language` among the shipped ones, else the
 * site's default.
 */
export function requestLocale(request: FastifyRequest, siteDefault: Locale = sourceLocale): Locale {
  const chosen = request.headers.cookie
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${localeCookie}=`))
    ?.slice(localeCookie.length + 1);
  if (isLocale(chosen)) return chosen;
  const header = request.headers['accept-language'];
  if (header) {
    const best = new Negotiator({ headers: { 'accept-language': header } }).language([...shippedLocales]);
    if (best && isLocale(best)) return best;
  }
  return siteDefault;
}
