import { activateLocale, i18n } from '@client/lib/i18n';
import type { MemberImportLineError } from '@shared/schemas/members';
import { afterEach, describe, expect, it } from 'vitest';
import { lineErrorMessage } from './line-error-message';

// When the CSV parser, Stripe or the database refused a line, the server names the cause; each
// cause is a whole sentence in the admin's language, with no English words of theirs inside
// (issue 37). `other`, or a cause this screen does not know, keeps the reason as they wrote it.
afterEach(() => activateLocale('en', ['admin']));

const lineError = (code: string, params: MemberImportLineError['params']): MemberImportLineError => ({
  line: 7,
  code,
  params,
  message: 'The English sentence the server sent',
});

const CSV_REASON = 'Quote Not Closed: the parsing is finished with an opening quote at line 3';
const STRIPE_REASON = 'An error occurred with our connection to Stripe. Request was retried 2 times.';
const DATABASE_REASON = 'duplicate key value violates unique constraint "users_email_unique"';
const stripe = (cause: string) =>
  lineError('STRIPE_READ_FAILED', { cause, customerId: 'cus_Gone1', reason: STRIPE_REASON });
const database = (cause: string) => lineError('NOT_IMPORTED', { cause, reason: DATABASE_REASON });

/** Every cause the server names, and the sentence's own words in English and German. */
const CASES: Array<{ error: MemberImportLineError; en: string; de: string }> = [
  {
    error: lineError('INVALID_CSV', { cause: 'quoteNotClosed', reason: CSV_REASON }),
    en: 'This line is not valid CSV: a quote (") opens a cell here and is never closed, so this line and every line after it could not be read',
    de: 'Diese Zeile ist kein gültiges CSV: Ein Anführungszeichen (") öffnet hier ein Feld und wird nie geschlossen, deshalb konnten diese Zeile und alle folgenden nicht gelesen werden',
  },
  {
    error: stripe('unavailable'),
    en: 'Imported, but Stripe could not be reached to read the subscription; import the file again later to read it',
    de: 'Importiert, aber Stripe war nicht erreichbar, um das Abo zu lesen; importiere die Datei später noch einmal, dann wird es gelesen',
  },
  {
    error: stripe('authentication'),
    en: "Imported, but Stripe refused this site's API key, so the subscription could not be read; check STRIPE_SECRET_KEY in the server's settings, then import the file again",
    de: 'Importiert, aber Stripe hat den API-Schlüssel dieser Website abgelehnt, deshalb konnte das Abo nicht gelesen werden; prüfe STRIPE_SECRET_KEY in den Einstellungen des Servers und importiere die Datei dann noch einmal',
  },
  {
    error: stripe('rateLimit'),
    en: 'Imported, but Stripe asked for fewer requests at once, so the subscription could not be read; import the file again in a few minutes',
    de: 'Importiert, aber Stripe hat um weniger Anfragen auf einmal gebeten, deshalb konnte das Abo nicht gelesen werden; importiere die Datei in ein paar Minuten noch einmal',
  },
  {
    error: stripe('customerNotFound'),
    en: 'Imported, but Stripe has no customer cus_Gone1 in this account, so no subscription was read; the id may come from another Stripe account or from test mode',
    de: 'Importiert, aber Stripe kennt in diesem Konto keinen Kunden cus_Gone1, deshalb wurde kein Abo gelesen; die ID stammt vielleicht aus einem anderen Stripe-Konto oder aus dem Testmodus',
  },
  {
    error: database('duplicate'),
    en: 'Not imported: another account took this e-mail address or Stripe customer while the file was being imported; import the file again to update that member',
    de: 'Nicht importiert: Während des Imports hat ein anderes Konto diese E-Mail-Adresse oder diesen Stripe-Kunden bekommen; importiere die Datei noch einmal, um dieses Mitglied zu aktualisieren',
  },
  {
    error: database('tooLong'),
    en: 'Not imported: a value on this line is longer than the database allows',
    de: 'Nicht importiert: Ein Wert in dieser Zeile ist länger, als die Datenbank erlaubt',
  },
  {
    error: database('conflict'),
    en: 'Not imported: this member was being changed elsewhere at the same moment; import the file again to bring the line in',
    de: 'Nicht importiert: Dieses Mitglied wurde im selben Moment an anderer Stelle geändert; importiere die Datei noch einmal, um die Zeile zu übernehmen',
  },
];

/** `other`, a cause from a newer server, and a server from before causes: the reason as written. */
const FALLBACKS: Array<{ error: MemberImportLineError; en: string; de: string }> = [
  ...['other', 'somethingNewer', undefined].flatMap((cause) => {
    const params = (reason: string): MemberImportLineError['params'] =>
      cause === undefined ? { reason } : { cause, reason };
    return [
      {
        error: lineError('INVALID_CSV', params(CSV_REASON)),
        en: `This line is not valid CSV: ${CSV_REASON}`,
        de: `Diese Zeile ist kein gültiges CSV: ${CSV_REASON}`,
      },
      {
        error: lineError('STRIPE_READ_FAILED', { ...params(STRIPE_REASON), customerId: 'cus_Gone1' }),
        en: `Imported, but the subscription could not be read from Stripe: ${STRIPE_REASON}`,
        de: `Importiert, aber das Abo konnte nicht von Stripe gelesen werden: ${STRIPE_REASON}`,
      },
      {
        error: lineError('NOT_IMPORTED', params(DATABASE_REASON)),
        en: `Not imported: ${DATABASE_REASON}`,
        de: `Nicht importiert: ${DATABASE_REASON}`,
      },
    ];
  }),
];

describe('lineErrorMessage: why the CSV parser, Stripe or the database refused a line', () => {
  it('says each cause in English', async () => {
    await activateLocale('en', ['admin']);
    for (const { error, en } of CASES) expect(lineErrorMessage(i18n, error)).toBe(en);
  });

  it('says each cause in German, without their English reason', async () => {
    await activateLocale('de', ['admin']);
    for (const { error, de } of CASES) {
      const sentence = lineErrorMessage(i18n, error);
      expect(sentence).toBe(de);
      expect(sentence).not.toContain(String(error.params.reason));
    }
  });

  it('keeps the reason as written for other and for a cause it does not know, in both languages', async () => {
    await activateLocale('en', ['admin']);
    for (const { error, en } of FALLBACKS) expect(lineErrorMessage(i18n, error)).toBe(en);
    await activateLocale('de', ['admin']);
    for (const { error, de } of FALLBACKS) expect(lineErrorMessage(i18n, error)).toBe(de);
  });
});
