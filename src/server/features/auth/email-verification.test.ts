import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  latestEmailTo,
  randomClientAddress,
  setUpTestApp,
  signIn,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users } from '../../db/schema/index.ts';
import { setAdminRights } from './admin-rights.service.ts';

/**
 * E-mail verification (better-auth's), and ADMIN_EMAILS: in production a listed address becomes
 * admin only once verified; outside production at sign-up, as the local start and e2e suite need.
 */

const ADMIN_EMAIL = 'first-admin@example.test';

async function latestVerificationLink(t: TestApp, email: string) {
  const mail = await latestEmailTo(t.app, email);
  const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
  return { mail, link };
}

const currentUser = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

function openLink(t: TestApp, link: string, cookie?: string) {
  const url = new URL(link);
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
}

describe('in production', () => {
  const t = setUpTestApp({
    NODE_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    ALLOW_TEST_CHECKOUT: 'true',
    ADMIN_EMAILS: ADMIN_EMAIL,
  });

  it('mails a confirmation link at sign-up; members sign in before confirming', async () => {
    const { response, cookie, email } = await signUp(t.app);
    expect(response.statusCode).toBe(200);
    const { mail, link } = await latestVerificationLink(t, email);
    expect(mail?.subject).toBe('Confirm your e-mail address for Stillpoint');
    expect(link).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`);
    expect(new URL(link!).searchParams.get('callbackURL')).toBe('/account?verified=1');
    expect((await currentUser(t, cookie)).json()).toMatchObject({ emailVerified: false });
    expect((await signIn(t.app, email)).statusCode).toBe(200);

    const opened = await openLink(t, link!, cookie);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/account?verified=1');
    expect((await currentUser(t, cookie)).json()).toMatchObject({ emailVerified: true });
  });

  it('a listed address is not admin until it is verified, then it is', async () => {
    const { cookie } = await signUp(t.app, { email: ADMIN_EMAIL });
    expect((await currentUser(t, cookie)).json()).toMatchObject({ isAdmin: false, emailVerified: false });
    // Signing in again does not promote an unverified address either.
    const again = await signIn(t.app, ADMIN_EMAIL);
    expect((await currentUser(t, cookieHeader(again))).json().isAdmin).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie } })).statusCode,
    ).toBe(403);

    const { link } = await latestVerificationLink(t, ADMIN_EMAIL);
    // Opened in another browser (no session): verified, signed in there, and promoted.
    const opened = await openLink(t, link!);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/account?verified=1');
    expect((await currentUser(t, cookieHeader(opened))).json()).toMatchObject({
      isAdmin: true,
      emailVerified: true,
    });
    expect((await currentUser(t, cookie)).json().isAdmin).toBe(true);
  });

  it('a tampered link changes nothing and lands on the account page with an error', async () => {
    const { cookie, email } = await signUp(t.app);
    const { link } = await latestVerificationLink(t, email);
    const tampered = link!.replace(
      /token=([^&]+)/,
      (_match, token: string) => `token=${token.slice(0, -4)}abcd`,
    );
    const refused = await openLink(t, tampered, cookie);
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toMatch(/^\/account\?verified=1&error=INVALID_TOKEN$/);
    expect((await currentUser(t, cookie)).json().emailVerified).toBe(false);
  });

  it('resends the link on request, at most three times a minute per address', async () => {
    const { cookie, email } = await signUp(t.app);
    const remoteAddress = randomClientAddress();
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/send-verification-email',
        headers: { origin: TEST_ORIGIN, cookie },
        remoteAddress,
        payload: { email, callbackURL: '/elsewhere' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const mails = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails).toHaveLength(4);
    // The link always lands on our account page, whatever callback was asked for.
    const { link } = await latestVerificationLink(t, email);
    expect(new URL(link!).searchParams.get('callbackURL')).toBe('/account?verified=1');
  });

  it('the admin CLI still grants rights to an unverified account', async () => {
    const { email, cookie } = await signUp(t.app);
    expect(await setAdminRights(t.app.database.db, email, true)).toMatchObject({ changed: true });
    expect((await currentUser(t, cookie)).json()).toMatchObject({ isAdmin: true, emailVerified: false });
  });
});

describe('in development and tests', () => {
  const t = setUpTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });

  it('a listed address is admin from sign-up, before verifying (the two-command start and e2e)', async () => {
    const { cookie } = await signUp(t.app, { email: ADMIN_EMAIL });
    expect((await currentUser(t, cookie)).json()).toMatchObject({ isAdmin: true, emailVerified: false });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(row?.isAdmin).toBe(true);
  });

  it('still mails the confirmation link', async () => {
    const { email } = await signUp(t.app, { password: TEST_PASSWORD });
    expect((await latestVerificationLink(t, email)).link).toBeTruthy();
  });
});
