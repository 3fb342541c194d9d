import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cookieHeader,
  createActor,
  createTestApp,
  latestEmailTo,
  randomClientAddress,
  setUpTestApp,
  signIn,
  signUp,
  TEST_ORIGIN,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';
import { outboxEmails, users, verifications } from '../../db/schema/index.ts';

const t = setUpTestApp({ ADMIN_EMAILS: 'Boss@Example.test, other-admin@example.test' });

const currentUser = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('sign-up', () => {
  it('creates the account; the sign-in after it returns the user shape of the contract', async () => {
    const { response, cookie, email } = await signUp(t.app, { firstName: '  Noor ', lastName: 'Haddad' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    // Sign-up itself opens no session (it would tell a new address from a taken one).
    expect(response.headers['set-cookie']).toBeUndefined();
    const setCookie = String((await signIn(t.app, email)).headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // not in development/test over http

    const me = await currentUser(cookie);
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'firstName',
        'id',
        'isAdmin',
        'isModerator',
        'lastName',
        'locale',
        'mute',
        'premiumAccessEndsAt',
        'profileImageUrl',
        'subscriptionStatus',
      ].sort(),
    );
    expect(body.premiumAccessEndsAt).toBeNull();
    expect(body).toMatchObject({
      email,
      firstName: 'Noor',
      lastName: 'Haddad',
      profileImageUrl: null,
      isAdmin: false,
      subscriptionStatus: null,
      emailVerified: false,
    });
    expect(typeof body.isAdmin).toBe('boolean');
    expect(me.body).not.toMatch(/password/i);
  });

  it('lower-cases and trims the e-mail so the same person cannot register twice', async () => {
    const email = uniqueEmail('case');
    const first = await signUp(t.app, { email: `  ${email.toUpperCase()} ` });
    expect(first.response.statusCode).toBe(200);
    expect((await currentUser(first.cookie)).json().email).toBe(email);
    const again = await signUp(t.app, { email });
    expect(again.response.statusCode).toBe(200);
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a short password', { password: 'short1' }, /at least 8/],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, /at most 128/],
    ['a common password', { password: 'password1' }, /too common/],
    ['a common password in capitals', { password: 'IloveYou' }, /too common/],
    ['an invalid e-mail', { email: 'not-an-email' }, /valid e-mail/],
    ['an empty first name', { firstName: '   ' }, /first name/],
    ['an empty last name', { lastName: '' }, /last name/],
  ])('refuses %s with a readable message and creates nothing', async (_label, input, message) => {
    const email = 'email' in input ? (input.email as string) : uniqueEmail('refused');
    const { response } = await signUp(t.app, { ...input, email });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(response.headers['set-cookie']).toBeUndefined();
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('ignores isAdmin and subscriptionStatus sent by the client', async () => {
    const email = uniqueEmail('sneaky');
    const { response } = await signUp(t.app, {
      email,
      firstName: 'Sneaky',
      lastName: 'Person',
      extra: { isAdmin: true, subscriptionStatus: 'active' },
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    // better-auth refuses fields that are not input; either way nothing is granted.
    if (response.statusCode === 200) {
      expect(row?.isAdmin).toBe(false);
      expect(row?.subscriptionStatus).toBeNull();
    } else {
      expect(response.statusCode).toBe(400);
      expect(row).toBeUndefined();
    }
  });

  it('makes ADMIN_EMAILS admins, whatever the case of the address', async () => {
    const { cookie } = await signUp(t.app, { email: 'BOSS@example.test' });
    expect((await currentUser(cookie)).json().isAdmin).toBe(true);
  });

  it('promotes an existing account listed in ADMIN_EMAILS at its next sign-in', async () => {
    await t.app.database.db.delete(users).where(eq(users.email, 'other-admin@example.test'));
    const { cookie } = await signUp(t.app, { email: 'other-admin@example.test' });
    await t.app.database.db
      .update(users)
      .set({ isAdmin: false })
      .where(eq(users.email, 'other-admin@example.test'));
    expect((await currentUser(cookie)).json().isAdmin).toBe(false);
    const again = await signIn(t.app, 'other-admin@example.test', TEST_PASSWORD);
    expect((await currentUser(cookieHeader(again))).json().isAdmin).toBe(true);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { email } = await signUp(t.app);
    const ok = await signIn(t.app, email, TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect((await currentUser(cookieHeader(ok))).statusCode).toBe(200);
    const wrong = await signIn(t.app, email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid email or password/i);
    expect(wrong.body).not.toMatch(/hash|scrypt/i);
  });

  it('invalidates the session on sign-out', async () => {
    const { cookie } = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('GET /api/logout ends the session server-side and redirects to /', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=;/);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('GET /api/logout with a stale or forged cookie still clears it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: 'stillpoint.session_token=forged.value' },
    });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers['set-cookie'])).toMatch(/stillpoint\.session_token=;.*Max-Age=0/);
  });

  it('GET /api/logout without a session still lands on /', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });

  it('GET /api/login redirects to the sign-in screen with a safe returnTo', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(plain.statusCode).toBe(302);
    expect(plain.headers.location).toBe('/sign-in');
    const back = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fcommunity%2Fcalm' });
    expect(back.headers.location).toBe('/sign-in?returnTo=%2Fcommunity%2Fcalm');
    const offsite = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=%2F%2Fevil.example' });
    expect(offsite.headers.location).toBe('/sign-in');
  });

  it('GET /api/login refuses every return path a browser would read as another site', async () => {
    for (const returnTo of [
      '/\\evil.example',
      '%2F%2Fevil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      '/api/logout',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
      });
      expect(response.headers.location, JSON.stringify(returnTo)).toBe('/sign-in');
    }
  });

  it('GET /api/login sends a member already signed in straight to the page (an e-mail link)', async () => {
    const member = await createActor(t.app, 'member');
    const page = await member.request({
      method: 'GET',
      url: '/api/login?returnTo=%2Fcommunity%2Fposts%2Fabc',
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/community/posts/abc');
    expect(page.headers['cache-control']).toBe('no-store');
    // A path with letters beyond ASCII arrives percent-encoded, as a valid Location header.
    const accented = await member.request({
      method: 'GET',
      url: '/api/login?returnTo=%2Flibrary%3Fsearch%3Dcalma%20profunda%20%C3%A9',
    });
    expect(accented.statusCode).toBe(302);
    expect(accented.headers.location).toBe('/library?search=calma%20profunda%20%C3%A9');
    // Never off the site, signed in or not.
    const offsite = await member.request({ method: 'GET', url: '/api/login?returnTo=%2F%5Cevil.example' });
    expect(offsite.headers.location).toBe('/');
    // A stale cookie is a visitor: to the sign-in screen, then the page.
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/login?returnTo=%2Fsubscribe',
      headers: { cookie: 'better-auth.session_token=forged.value' },
    });
    expect(stale.headers.location).toBe('/sign-in?returnTo=%2Fsubscribe');
  });

  it('GET /api/login?intent=join opens account creation, keeping a safe returnTo', async () => {
    const join = await t.app.inject({ method: 'GET', url: '/api/login?intent=join' });
    expect(join.statusCode).toBe(302);
    expect(join.headers.location).toBe('/sign-up');
    const library = await t.app.inject({ method: 'GET', url: '/api/login?intent=join&returnTo=%2Flibrary' });
    expect(library.headers.location).toBe('/sign-up?returnTo=%2Flibrary');
    const offsite = await t.app.inject({
      method: 'GET',
      url: '/api/login?intent=join&returnTo=https%3A%2F%2Fevil.example%2F',
    });
    expect(offsite.headers.location).toBe('/sign-up');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/login?intent=admin' });
    expect(unknown.statusCode).toBe(400);
  });

  it('GET /api/auth/user is 401 with the contract body for visitors and for a forged cookie', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: 'Unauthorized' });
    const forged = await currentUser('stillpoint.session_token=forged.value');
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a sign-in from a foreign Origin', async () => {
    const { email } = await signUp(t.app);
    const response = await signIn(t.app, email, TEST_PASSWORD, randomClientAddress(), 'https://evil.example');
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers 429 once a client address exceeds the sign-in limit, and other addresses are unaffected', async () => {
    const { email } = await signUp(t.app);
    const address = randomClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await signIn(t.app, email, 'wrong-password-here', address)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await signIn(t.app, email, TEST_PASSWORD, randomClientAddress())).statusCode).toBe(200);
  });

  it('keys the limit on the socket address and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const { email } = await signUp(t.app);
    const address = randomClientAddress();
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: {
          origin: TEST_ORIGIN,
          'x-forwarded-for': `192.0.2.${i}`,
          'x-stillpoint-client-ip': `198.51.100.${i}`,
        },
        remoteAddress: address,
        payload: { email, password: 'wrong-password-here' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });

  it('stores rate-limit counters in PostgreSQL so every instance shares them', async () => {
    // A second instance on the same database sees the counters the first one wrote.
    {
      const { email } = await signUp(t.app);
      const address = randomClientAddress();
      for (let i = 0; i < 10; i++) await signIn(t.app, email, 'wrong-password-here', address);
      const twin = await (await import('../../app.ts')).buildApp({
        config: t.config,
        databaseUrl: t.databaseUrl,
        authSecret: 'test-secret-test-secret-test-secret-123',
      });
      const response = await twin.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: address,
        payload: { email, password: TEST_PASSWORD },
      });
      await twin.close();
      expect(response.statusCode).toBe(429);
    }
  });
});

describe('password reset', () => {
  const requestReset = (email: string, remoteAddress = randomClientAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      remoteAddress,
      payload: { email, redirectTo: '/reset-password' },
    });

  const latestResetToken = async (email: string) => {
    const mail = await latestEmailTo(t.app, email);
    const match = mail?.text.match(/\/api\/auth\/reset-password\/([^?\s]+)/);
    return { mail, token: match?.[1] };
  };

  const resetPassword = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientAddress(),
      payload: { token, newPassword },
    });

  it('mails a single-use link that sets a new password and ends old sessions', async () => {
    const { email, cookie } = await signUp(t.app);
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    const { mail, token } = await latestResetToken(email);
    expect(mail?.subject).toBe('Reset your Stillpoint password');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/api/auth/reset-password/`);
    expect(token).toBeTruthy();

    // The link itself redirects to our screen with the token.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}`,
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toContain(`/reset-password?token=${token}`);

    expect((await resetPassword(token!, 'a-brand-new-path-9')).statusCode).toBe(200);
    expect((await signIn(t.app, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, email, 'a-brand-new-path-9')).statusCode).toBe(200);
    expect((await currentUser(cookie)).statusCode).toBe(401);

    const reused = await resetPassword(token!, 'yet-another-path-10');
    expect(reused.statusCode).toBe(400);
    expect((await signIn(t.app, email, 'a-brand-new-path-9')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(t.app);
    await requestReset(email);
    const { token } = await latestResetToken(email);
    await t.app.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%${token}`));
    expect((await resetPassword(token!, 'a-brand-new-path-9')).statusCode).toBe(400);
  });

  it('refuses a common new password', async () => {
    const { email } = await signUp(t.app);
    await requestReset(email);
    const { token } = await latestResetToken(email);
    const response = await resetPassword(token!, 'password123');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/too common/);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    const rows = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email)));
    expect(rows).toHaveLength(0);
  });

  it('limits reset requests per client address', async () => {
    const { email } = await signUp(t.app);
    const address = randomClientAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await requestReset(email, address)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('production cookies', () => {
  it('marks the session cookie Secure when NODE_ENV=production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      ALLOW_TEST_CHECKOUT: 'true',
      PUBLIC_URL: TEST_ORIGIN,
    });
    try {
      const { response, email } = await signUp(prod.app);
      expect(response.statusCode).toBe(200);
      const signedIn = await signIn(prod.app, email);
      expect(String(signedIn.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await prod.close();
    }
  });
});
