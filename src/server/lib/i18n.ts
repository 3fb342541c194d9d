/**
 * The server's words in a member's language: the e-mails it sends (docs/translating.md). The same
 * runtime and message syntax as the client (Lingui, ICU); the catalogues are
 * src/server/lib/locales/<locale>/email.json, English the source and the fallback for a missing key.
 */
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isShippedLocale, type ShippedLocale, sourceLocale } from '@shared/locales.ts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../db/schema/index.ts';
import de from './locales/de/email.json' with { type: 'json' };
import en from './locales/en/email.json' with { type: 'json' };
import es from './locales/es/email.json' with { type: 'json' };

const catalogues: Record<ShippedLocale, Record<string, string>> = { en, es, de };
const runtimes = new Map<ShippedLocale, I18n>();

/** The runtime for `locale` (a member's stored language; anything else is English). */
export function serverI18n(locale: string | null | undefined): I18n {
  const shipped = isShippedLocale(locale) ? locale : sourceLocale;
  let i18n = runtimes.get(shipped);
  if (!i18n) {
    i18n = setupI18n({ locale: shipped, messages: { [shipped]: { ...en, ...catalogues[shipped] } } });
    i18n.setMessagesCompiler(compileMessage);
    runtimes.set(shipped, i18n);
  }
  return i18n;
}

/**
 * The language an e-mail to a member is written in, as SQL for the query that picks the
 * recipients: the member's own (`users.locale`, chosen in Settings or at sign-up), else the site's
 * default language (admin site settings, `defaultLocale`). `serverI18n` reads anything else as
 * English. A sub-select of the one settings row, so a batch of recipients costs no extra query.
 */
export function recipientLocaleSql(memberLocale: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`coalesce(${memberLocale}, (select ${siteSettings.settings} ->> 'defaultLocale' from ${siteSettings} limit 1))`;
}

/**
 * A date (and time) in an e-mail for a reader of `locale`, in their time zone where one is known
 * (their practice settings), else UTC, with the zone named so the reader knows which clock it is.
 */
export function formatEmailDateTime(date: Date, locale: string, timeZone: string | null | undefined): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone: timeZone ?? 'UTC',
  }).format(date);
}

/**
 * `recipientLocaleSql` for one recipient already in hand (better-auth's mails get the user, not a
 * query): their own language, else the site's default.
 */
export async function recipientLocale(
  db: Database,
  memberLocale: string | null | undefined,
): Promise<string | null> {
  if (memberLocale) return memberLocale;
  const result = await db.execute<{ locale: string | null }>(
    sql`select ${recipientLocaleSql(sql`null::text`)} as locale`,
  );
  return result.rows[0]?.locale ?? null;
}
