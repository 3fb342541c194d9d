import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  latestEmailTo,
  randomClientAddress,
  setUpTestApp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';
import { siteSettings, users } from '../../db/schema/index.ts';

/**
 * E-mails speak the member's language (docs/translating.md): a new member's is the one they signed
 * up in (the language cookie, else their browser's Accept-Language), stored on the account; every
 * mail after follows the account, in English, Spanish and German.
 */

const t = setUpTestApp();

async function signUpIn(headers: Record<string, string>) {
  const email = uniqueEmail();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    remoteAddress: randomClientAddress(),
    payload: { email, password: TEST_PASSWORD, firstName: 'June', lastName: 'Okafor', name: 'June Okafor' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await t.app.database.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.email, email));
  return { email, locale: row?.locale };
}

const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomClientAddress(),
    payload: { email, redirectTo: '/reset-password' },
  });

describe('the language of e-mails', () => {
  it.each([
    [
      { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
      'de',
      /^Bestätige deine E-Mail-Adresse für Stillpoint$/,
      /^Stillpoint\n\nHallo June Okafor,/,
    ],
    [
      { 'accept-language': 'es-419,es;q=0.9' },
      'es',
      /^Confirma tu dirección de correo para Stillpoint$/,
      /^Stillpoint\n\nHola, June Okafor:/,
    ],
    [
      { 'accept-language': 'fr-FR,fr;q=0.9' },
      null,
      /^Confirm your e-mail address for Stillpoint$/,
      /^Stillpoint\n\nHello June Okafor,/,
    ],
    [
      { cookie: 'stillpoint-locale=es', 'accept-language': 'de' },
      'es',
      /^Confirma tu/,
      /^Stillpoint\n\nHola, June Okafor:/,
    ],
  ])(
    'a sign-up with %j is stored as %s and confirmed in its language',
    async (headers, locale, subject, greeting) => {
      const member = await signUpIn(headers);
      expect(member.locale).toBe(locale);
      const mail = await latestEmailTo(t.app, member.email);
      expect(mail?.subject).toMatch(subject);
      expect(mail?.text).toMatch(greeting);
      expect(mail?.text).toMatch(/\/api\/auth\/verify-email\?/);
    },
  );

  it('a pseudo-locale chosen for testing is never stored', async () => {
    const member = await signUpIn({ cookie: 'stillpoint-locale=ar-XB' });
    expect(member.locale).toBeNull();
    expect((await latestEmailTo(t.app, member.email))?.subject).toBe(
      'Confirm your e-mail address for Stillpoint',
    );
  });

  it('later mails follow the language stored on the account', async () => {
    const member = await signUpIn({ 'accept-language': 'en' });
    await t.app.database.db.update(users).set({ locale: 'de' }).where(eq(users.email, member.email));
    expect((await requestReset(member.email)).statusCode).toBe(200);
    const mail = await latestEmailTo(t.app, member.email);
    expect(mail?.subject).toBe('Setze dein Passwort für Stillpoint zurück');
    expect(mail?.text).toContain('Öffne diesen Link innerhalb der nächsten Stunde');
    expect(mail?.text).not.toMatch(/Hello|choose a new one/);
  });

  it('a member without a language of their own reads the site’s default language', async () => {
    const member = await signUpIn({ 'accept-language': 'fr-FR' });
    expect(member.locale).toBeNull();
    await t.app.database.db
      .insert(siteSettings)
      .values({ id: 1, settings: { defaultLocale: 'de' } })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { settings: sql`${siteSettings.settings} || '{"defaultLocale":"de"}'::jsonb` },
      });
    try {
      expect((await requestReset(member.email)).statusCode).toBe(200);
    } finally {
      await t.app.database.db
        .update(siteSettings)
        .set({ settings: sql`${siteSettings.settings} - 'defaultLocale'` });
    }
    const mail = await latestEmailTo(t.app, member.email);
    expect(mail?.subject).toBe('Setze dein Passwort für Stillpoint zurück');
  });
});
