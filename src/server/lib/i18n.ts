/**
 * The server's words in a member's language: the e-mails it sends (docs/translating.md). The same
 * runtime and message syntax as the client (Lingui, ICU); the catalogues are
 * src/server/lib/locales/<locale>/email.json, English the source and the fallback for a missing key.
 */
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isShippedLocale, type ShippedLocale, sourceLocale } from '@shared/locales.ts';
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
