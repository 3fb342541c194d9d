import { isLocale, type Locale, localeCookie, shippedLocales, sourceLocale } from '@shared/locales.ts';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The language of a page the server renders for this request (docs/translating.md, "Which language a
 * member sees"): the one chosen on this device (the cookie the client writes when a member picks a
 * language), else the best of the browser's `Accept-Language` among the shipped ones, else the
 * site's default.
 */
export function requestLocale(request: FastifyRequest, siteDefault: Locale = sourceLocale): Locale {
  return localeFromHeaders(request.headers.cookie, request.headers['accept-language'], siteDefault);
}

/** The same choice from the two headers (better-auth's hooks see a Headers object, not a request). */
export function localeFromHeaders(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
  siteDefault: Locale = sourceLocale,
): Locale {
  return askedLocale(cookieHeader, acceptLanguage) ?? siteDefault;
}

/** The language the request itself asks for (the cookie, else Accept-Language), or undefined. */
export function askedLocale(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale | undefined {
  const chosen = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${localeCookie}=`))
    ?.slice(localeCookie.length + 1);
  if (isLocale(chosen)) return chosen;
  if (acceptLanguage) {
    const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([
      ...shippedLocales,
    ]);
    if (best && isLocale(best)) return best;
  }
  return undefined;
}
