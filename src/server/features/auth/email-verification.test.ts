import { and, eq } from 'drizzle-orm';
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
import { moderationAuditLog, outboxEmails, users } from '../../db/schema/index.ts';
import { setAdminRights } from './admin-rights.service.ts';

/**
 * E-mail verification (better-auth's), and ADMIN_EMAILS: in production a listed address becomes
 * admin only once verified; outside production at sign-up, as the local start and e2e suite need.
 */

const ADMIN_EMAIL = 'first-admin@example.test';
const ATTACKER_PASSWORD = 'attacker-picked-this-1';
const OWNER_PASSWORD = 'owners-own-quiet-path-2';

/** The set-password screen posts here with the token of its address (better-auth's reset). */
const choosePassword = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: randomClientAddress(),
    payload: { token, newPassword },
  });

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
  });

  it('confirming ends the sessions opened before, forgets the sign-up password and asks for a new one', async () => {
    const { cookie, email } = await signUp(t.app);
    const other = cookieHeader(await signIn(t.app, email));
    const { link } = await latestVerificationLink(t, email);

    // Opened in the browser that signed up: the link still verifies, and that session ends too.
    const opened = await openLink(t, link!, cookie);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location!, TEST_ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    expect(target.searchParams.get('verified')).toBe('1');
    expect(String(opened.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    expect((await currentUser(t, cookie)).statusCode).toBe(401);
    expect((await currentUser(t, other)).statusCode).toBe(401);
    expect((await signIn(t.app, email, TEST_PASSWORD)).statusCode).toBe(401);

    expect((await choosePassword(t, target.searchParams.get('token')!, OWNER_PASSWORD)).statusCode).toBe(200);
    const signedIn = await signIn(t.app, email, OWNER_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect((await currentUser(t, cookieHeader(signedIn))).json()).toMatchObject({ emailVerified: true });
    // The link worked once: opened again, it changes nothing and lands on the account page.
    const again = await openLink(t, link!);
    expect(again.headers.location).toBe('/account?verified=1');
    expect((await signIn(t.app, email, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('someone who signs up first with a listed address never becomes admin; the owner does, audited', async () => {
    // The attacker signs up with the owner's address and a password of their choosing.
    const attacker = await signUp(t.app, { email: ADMIN_EMAIL, password: ATTACKER_PASSWORD });
    expect(attacker.response.statusCode).toBe(200);
    expect((await currentUser(t, attacker.cookie)).json()).toMatchObject({
      isAdmin: false,
      emailVerified: false,
    });
    const again = await signIn(t.app, ADMIN_EMAIL, ATTACKER_PASSWORD);
    expect((await currentUser(t, cookieHeader(again))).json().isAdmin).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: attacker.cookie } }))
        .statusCode,
    ).toBe(403);

    // The owner opens the link the sign-up mailed them, in their own browser.
    const { link } = await latestVerificationLink(t, ADMIN_EMAIL);
    const opened = await openLink(t, link!);
    expect(opened.statusCode).toBe(302);
    const target = new URL(opened.headers.location!, TEST_ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    expect(opened.headers['set-cookie']).toBeUndefined();

    // Every session the attacker opened is over, and their password opens nothing.
    for (const cookie of [attacker.cookie, cookieHeader(again)]) {
      expect((await currentUser(t, cookie)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode,
      ).toBe(401);
    }
    expect((await signIn(t.app, ADMIN_EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect(row).toMatchObject({ emailVerified: true, isAdmin: false });

    // The owner chooses a password and signs in: a fresh session, and admin from it.
    expect((await choosePassword(t, target.searchParams.get('token')!, OWNER_PASSWORD)).statusCode).toBe(200);
    const owner = await signIn(t.app, ADMIN_EMAIL, OWNER_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect((await currentUser(t, cookieHeader(owner))).json()).toMatchObject({
      isAdmin: true,
      emailVerified: true,
    });
    expect((await signIn(t.app, ADMIN_EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);

    const audit = await t.app.database.db
      .select()
      .from(moderationAuditLog)
      .where(
        and(eq(moderationAuditLog.subjectUserId, row!.id), eq(moderationAuditLog.action, 'grant_admin')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      reason: 'ADMIN_EMAILS',
      targetType: 'user',
      targetId: row!.id,
    });
    expect(audit[0]!.createdAt).toBeInstanceOf(Date);
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

describe('with SMTP configured outside production', () => {
  // Mail really leaves, so addresses can be proven: the production rule holds.
  const t = setUpTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SMTP_URL: 'smtp://127.0.0.1:9' });

  it('a listed address is not admin at sign-up, and confirming asks for a new password', async () => {
    const { cookie } = await signUp(t.app, { email: ADMIN_EMAIL });
    expect((await currentUser(t, cookie)).json()).toMatchObject({ isAdmin: false });
    const { link } = await latestVerificationLink(t, ADMIN_EMAIL);
    const opened = await openLink(t, link!);
    expect(opened.headers.location).toMatch(/^\/reset-password\?token=[\w-]+&verified=1$/);
    expect((await currentUser(t, cookie)).statusCode).toBe(401);
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
