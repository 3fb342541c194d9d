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
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, sessions, users } from '../../db/schema/index.ts';

/**
 * Issue 32: sign-up does not tell whether an address has an account; no link or HEAD request
 * changes who is signed in; the raw session token stays in its HttpOnly cookie (never in a JSON body), and a new
 * password ends the member's other sessions whatever the client asks.
 */

const t = setUpTestApp();

const currentUser = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

async function sessionTokensOf(email: string) {
  const [user] = await t.app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const rows = await t.app.database.db
    .select({ token: sessions.token })
    .from(sessions)
    .where(eq(sessions.userId, user!.id));
  return rows.map((row) => row.token);
}

describe('the session token is not in JSON bodies', () => {
  it('sign-in answers the user without `token`, and the token appears nowhere in the body', async () => {
    const { email } = await signUp(t.app);
    const response = await signIn(t.app, email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).not.toHaveProperty('token');
    expect(body.user.email).toBe(email);
    for (const token of await sessionTokensOf(email)) expect(response.body).not.toContain(token);
    expect((await currentUser(cookieHeader(response))).statusCode).toBe(200);
  });

  it('sign-up answers without `token`', async () => {
    const { response, email } = await signUp(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    for (const token of await sessionTokensOf(email)) expect(response.body).not.toContain(token);
  });

  it('get-session answers the session without its token', async () => {
    const { cookie, email } = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(email);
    expect(body.session.userId).toBe(body.user.id);
    expect(body.session).not.toHaveProperty('token');
    for (const token of await sessionTokensOf(email)) expect(response.body).not.toContain(token);
  });

  it('change-password answers without `token`', async () => {
    const { cookie, email } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-morning-path-7' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
    for (const token of await sessionTokensOf(email)) expect(response.body).not.toContain(token);
  });
});

describe('changing the password', () => {
  it.each([
    ['the client asks to keep them', { revokeOtherSessions: false }],
    ['the client says nothing', {}],
  ])('ends every other session when %s', async (_case, extra) => {
    const { cookie: laptop, email } = await signUp(t.app);
    const phone = cookieHeader(await signIn(t.app, email));
    expect((await currentUser(phone)).statusCode).toBe(200);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: TEST_ORIGIN, cookie: laptop },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-fresh-morning-path-7', ...extra },
    });
    expect(response.statusCode).toBe(200);
    expect((await currentUser(phone)).statusCode).toBe(401);
    // The device that changed it goes on with the new session its answer set.
    expect((await currentUser(cookieHeader(response))).statusCode).toBe(200);
    expect(await sessionTokensOf(email)).toHaveLength(1);
    expect((await signIn(t.app, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, email, 'a-fresh-morning-path-7')).statusCode).toBe(200);
  });
});

const verificationLinkOf = async (email: string) => {
  const mail = await latestEmailTo(t.app, email);
  const link = new URL(mail!.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)![0]);
  return `${link.pathname}${link.search}`;
};

const isVerified = async (email: string) =>
  (await t.app.database.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified;

describe('no link and no HEAD changes who is signed in', () => {
  it('HEAD /api/logout does not sign out', async () => {
    const { cookie } = await signUp(t.app);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/logout', headers: { cookie } });
    expect(head.statusCode).not.toBe(302);
    expect(head.headers['set-cookie']).toBeUndefined();
    expect((await currentUser(cookie)).statusCode).toBe(200);
    // GET still does, as the contract says.
    const get = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(get.statusCode).toBe(302);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('HEAD on an e-mailed link changes nothing', async () => {
    const { email, cookie } = await signUp(t.app);
    const head = await t.app.inject({
      method: 'HEAD',
      url: await verificationLinkOf(email),
      headers: { cookie },
    });
    expect(head.statusCode).toBe(404);
    expect(await isVerified(email)).toBe(false);
  });

  it.each([
    ['opened from another site', 'cross-site'],
    ['opened from our own pages', 'same-origin'],
  ])(
    "someone else's verification link %s keeps the session of the browser that opens it",
    async (_case, site) => {
      const victim = await signUp(t.app);
      const attacker = await signUp(t.app);
      const opened = await t.app.inject({
        method: 'GET',
        url: await verificationLinkOf(attacker.email),
        headers: { cookie: victim.cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(opened.statusCode).toBe(302);
      expect(opened.headers['set-cookie']).toBeUndefined();
      expect((await currentUser(victim.cookie)).json().email).toBe(victim.email);
      // And opened with no session at all, it signs no one in either.
      const { email } = await signUp(t.app);
      const bare = await t.app.inject({ method: 'GET', url: await verificationLinkOf(email) });
      expect(bare.headers['set-cookie']).toBeUndefined();
      expect(await isVerified(email)).toBe(true);
    },
  );
});

describe('sign-up does not tell whether an address has an account', () => {
  const postSignUp = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientAddress(),
      payload: { email, password, name: 'Ada Quill', firstName: 'Ada', lastName: 'Quill' },
    });
  const mailsTo = (email: string) =>
    t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));

  it('answers a taken address exactly as a new one, and tells the owner by e-mail', async () => {
    const owner = await signUp(t.app);
    const taken = await postSignUp(owner.email, 'someone-elses-guess-5');
    const fresh = await postSignUp(uniqueEmail('fresh'), 'someone-elses-guess-5');
    for (const response of [taken, fresh]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: true });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    const mails = await mailsTo(owner.email);
    const notice = mails.find(
      (mail) => mail.subject === 'Someone tried to sign up to Stillpoint with your address',
    );
    expect(notice?.text).toContain('You already have an account');
    expect(notice?.text).toContain(`${TEST_ORIGIN}/forgot-password`);
    // The owner's account and password are untouched; the guess opens nothing.
    expect((await currentUser(owner.cookie)).statusCode).toBe(200);
    expect((await signIn(t.app, owner.email, 'someone-elses-guess-5')).statusCode).toBe(401);
    expect((await signIn(t.app, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
  });

  it('a new address gets the confirmation link, not the notice', async () => {
    const email = uniqueEmail('new');
    expect((await postSignUp(email, TEST_PASSWORD)).statusCode).toBe(200);
    const subjects = (await mailsTo(email)).map((mail) => mail.subject);
    expect(subjects).toEqual(['Confirm your e-mail address for Stillpoint']);
  });
});
