import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createActor, createTestApp, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { latestMigrationTag } from '../../db/schema-level.ts';

/**
 * Admin figures against a database whose every row this file made, so each count is known;
 * months are calendar months in UTC.
 */

// Fresh figures on every call: these tests change the data between calls.
const t = setUpTestApp({ ADMIN_FIGURES_CACHE_MS: '0' });
const [admin] = setUpActors(t, 'admin');

const get = async (url: string, actor = admin) => {
  const response = await actor.request({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('who may look', () => {
  it('every admin route: visitors 401, members and subscribers 403 ADMIN_REQUIRED', async () => {
    const actors = await Promise.all(
      (['visitor', 'member', 'premium'] as const).map((role) => createActor(t.app, role)),
    );
    for (const actor of actors) {
      for (const [method, url] of [
        ['GET', '/api/admin/stats'],
        ['GET', '/api/admin/analytics'],
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/settings'],
        ['PUT', `/api/admin/users/${admin.userId}`],
      ] as const) {
        const response = await actor.request({
          method,
          url,
          payload: method === 'PUT' ? { isAdmin: false } : undefined,
        });
        expect(response.statusCode, `${actor.role} ${method} ${url}`).toBe(
          actor.role === 'visitor' ? 401 : 403,
        );
        if (actor.role !== 'visitor') expect(response.json().code).toBe('ADMIN_REQUIRED');
      }
    }
  });
});

describe('the business figures, against known subscriptions', () => {
  it('counts recurring revenue, states, churn, trials, plans, offers and twelve months in SQL', async () => {
    const db = t.app.database.db;
    await db.execute(sql`delete from users where id <> ${admin.userId}`);
    await db.execute(sql`delete from offers`);
    const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
    const [offer] = (
      await db.execute<{ id: string }>(sql`
        insert into offers (code, percent_off, currency, duration) values ('SPRING', 20, 'usd', 'once') returning id`)
    ).rows;
    /** A member with a subscription row, created `monthsAgo` calendar months back (mid-month). */
    const subscriber = async (
      row: {
        provider?: string;
        status: string;
        amount?: number | null;
        interval?: string | null;
        cancelAtPeriodEnd?: boolean;
        canceledDaysAgo?: number;
        trialEndedDaysAgo?: number;
        offer?: boolean;
      },
      monthsAgo = 0,
    ) => {
      const createdAt = sql`${monthStart} - make_interval(months => ${monthsAgo}) + interval '1 day'`;
      const [user] = (
        await db.execute<{ id: string }>(sql`
          insert into users (name, email, created_at, subscription_status)
          values ('Fixture', 'biz-' || gen_random_uuid() || '@example.test', ${createdAt}, ${row.status})
          returning id`)
      ).rows;
      await db.insert(subscriptions).values({
        userId: user!.id,
        provider: row.provider ?? 'test',
        status: row.status,
        amountCents: row.amount === undefined ? 1200 : row.amount,
        currency: row.amount === null ? null : 'usd',
        billingInterval: row.interval === undefined ? 'month' : row.interval,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
        canceledAt:
          row.canceledDaysAgo === undefined
            ? null
            : sql`now() - make_interval(days => ${row.canceledDaysAgo})`,
        trialEndsAt:
          row.trialEndedDaysAgo === undefined
            ? null
            : sql`now() - make_interval(days => ${row.trialEndedDaysAgo})`,
        createdAt,
      });
      if (row.offer) {
        await db.execute(sql`
          insert into checkout_sessions (user_id, provider, price_id, status, offer_id, expires_at)
          values (${user!.id}, 'test', 'p', 'complete', ${offer!.id}, now())`);
      }
    };
    // Paying: three monthly at $12 (one cancelling, one from an offer), two annual at $120, and
    // one monthly made three months ago.
    await subscriber({ status: 'active' });
    await subscriber({ status: 'active', cancelAtPeriodEnd: true });
    await subscriber({ status: 'active', offer: true });
    await subscriber({ status: 'active', amount: 12_000, interval: 'year' });
    await subscriber({ status: 'past_due', amount: 12_000, interval: 'year' });
    await subscriber({ status: 'active' }, 3);
    // Not revenue: complimentary access, a trial under way.
    await subscriber({ provider: 'complimentary', status: 'active', amount: null, interval: null });
    await subscriber({ status: 'trialing', trialEndedDaysAgo: -7 }); // ends in a week
    // Ended: one paid subscription 10 days ago (churn), one 40 days ago (outside the window),
    // one trial that never paid; and one trial that became paid.
    await subscriber({ status: 'canceled', canceledDaysAgo: 10 }, 2);
    await subscriber({ status: 'canceled', canceledDaysAgo: 40 }, 4);
    await subscriber({ status: 'canceled', canceledDaysAgo: 20, trialEndedDaysAgo: 20 }, 1);
    await subscriber({ status: 'active', trialEndedDaysAgo: 5 }, 1);

    const { business } = (await get('/api/admin/analytics')).json();
    // 5 monthly × $12 + 2 annual × $120 / 12 = $60 + $20 = $80.
    expect(business.mrr).toEqual([{ currency: 'usd', amountCents: 8000 }]);
    expect(business).toMatchObject({
      activeSubscriptions: 7,
      trialingSubscriptions: 1,
      cancellingSubscriptions: 1,
      // 1 ended in 30 days (the unpaid trial is not churn) / (7 + 1).
      churnRate30Days: 12.5,
      // 2 trials ended, 1 became paid.
      trialConversionRate: 50,
    });
    expect(business.byPlan).toEqual([
      { interval: 'month', amountCents: 1200, currency: 'usd', subscribers: 5, mrrCents: 6000 },
      { interval: 'year', amountCents: 12_000, currency: 'usd', subscribers: 2, mrrCents: 2000 },
    ]);
    expect(business.byOffer).toEqual([
      { code: 'none', currency: 'usd', subscribers: 6, mrrCents: 6800 },
      { code: 'SPRING', currency: 'usd', subscribers: 1, mrrCents: 1200 },
    ]);
    expect(business.months).toHaveLength(12);
    const [thisMonth, lastMonth, threeMonthsAgo] = [
      business.months.at(-1),
      business.months.at(-2),
      business.months.at(-4),
    ];
    // This month: 7 paying + the trial ended 5 days ago is paid now; the unpaid trial, the
    // trial under way and complimentary access are not. 12 subscribers + the admin are members.
    expect(thisMonth).toMatchObject({
      members: 13,
      paidSubscriptions: 7,
      mrr: [{ currency: 'usd', amountCents: 8000 }],
    });
    // Three months ago: the two older members; the one made then still pays, the other ended 40 days ago.
    expect(threeMonthsAgo.paidSubscriptions).toBe(2);
    expect(lastMonth.members).toBeGreaterThan(threeMonthsAgo.members);
  });
});

describe('analytics and stats, against known counts across two months', () => {
  it('computes every block exactly', async () => {
    const db = t.app.database.db;
    // A clean slate: only the rows below count.
    await db.execute(
      sql`delete from forum_posts; delete from forums; delete from content_items; delete from announcements`,
    );
    await db.execute(sql`delete from users where id <> ${admin.userId}`);
    const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
    await db
      .update(users)
      .set({ createdAt: sql`${monthStart} - interval '40 days'` })
      .where(eq(users.id, admin.userId!));
    const insertUsers = (count: number, createdAt: ReturnType<typeof sql>, status: string | null) =>
      db.execute(sql`
        insert into users (name, email, created_at, subscription_status)
        select 'Fixture', 'fixture-' || gen_random_uuid() || '@example.test', ${createdAt}, ${status}
          from generate_series(1, ${count})`);
    await insertUsers(6, monthStart, null); // this month, free
    await insertUsers(2, monthStart, 'active'); // this month, subscribed
    await insertUsers(3, sql`${monthStart} - interval '10 days'`, 'active'); // last month
    await insertUsers(1, sql`${monthStart} - interval '10 days'`, 'canceled');
    // 1 admin (two months ago) + 8 this month + 4 last month = 13 users, 5 active.
    await db.execute(sql`
      insert into content_items (title, description, is_premium, is_published) values
        ('a', 'x', true, true), ('b', 'x', true, false), ('c', 'x', false, true), ('d', 'x', false, true)`);
    await db.execute(sql`
      insert into forums (title, description, slug, is_active) values
        ('One', 'x', 'one-analytics', true), ('Two', 'x', 'two-analytics', false)`);
    await db.execute(sql`
      insert into forum_posts (forum_id, title, content, created_at)
      select f.id, 'p', 'x', case when g <= 3 then ${monthStart} else ${monthStart} - interval '5 days' end
        from forums f, generate_series(1, 5) g where f.slug = 'one-analytics'`);
    await db.execute(sql`update forums set post_count = 5 where slug = 'one-analytics'`);
    await db.execute(sql`
      insert into announcements (title, content, is_published) values ('a', 'x', true), ('b', 'x', true), ('c', 'x', false)`);

    const { business, ...analytics } = (await get('/api/admin/analytics')).json();
    // No paid subscription rows: status alone is not revenue.
    expect(business).toMatchObject({ mrr: [], activeSubscriptions: 0, byPlan: [], byOffer: [] });
    expect(analytics).toEqual({
      userMetrics: {
        totalUsers: 13,
        newUsersThisMonth: 8,
        // (8 - 4) / 4 × 100
        userGrowth: 100,
        activeSubscriptions: 5,
        freeUsers: 8,
      },
      // 5 / 13 × 100 = 38.46… → 38.5
      subscriptionMetrics: { conversionRate: 38.5 },
      contentMetrics: { totalVideos: 4, publishedVideos: 3, premiumVideos: 2, freeVideos: 2 },
      communityMetrics: { totalForums: 2, activeForums: 1, totalPosts: 5, postsThisMonth: 3 },
      topDownloads: [],
    });
    const response = await get('/api/admin/analytics');
    expect(response.headers['cache-control']).toBe('no-store');

    const stats = (await get('/api/admin/stats')).json();
    expect(stats).toMatchObject({
      totalVideos: 4,
      totalForums: 2,
      totalUsers: 13,
      totalAnnouncements: 3,
      activeAnnouncements: 2,
    });
    // Real recent events, newest first, at most ten.
    expect(stats.recentActivity.length).toBeGreaterThan(0);
    expect(stats.recentActivity.length).toBeLessThanOrEqual(10);
    const times = stats.recentActivity.map((event: { at: string }) => Date.parse(event.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(stats.recentActivity.map((event: { kind: string }) => event.kind)).toContain('content');
    // Each event carries its fields, from which the screen writes the sentence in the admin's language.
    const content = stats.recentActivity.find((event: { kind: string }) => event.kind === 'content');
    expect(content).toMatchObject({ who: null, title: expect.any(String) });
    expect(['video', 'audio', 'post', 'event']).toContain(content.detail);
    expect(content.text).toBe(`New ${content.detail}: "${content.title}"`);
  });

  it('growth is 0 when last month had no new users, and negative when fewer joined', async () => {
    const db = t.app.database.db;
    const monthStart = sql`date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
    await db.execute(sql`delete from users where id <> ${admin.userId}`);
    await db.execute(sql`
      insert into users (name, email, created_at) select 'F', 'g-' || gen_random_uuid() || '@example.test', ${monthStart}
        from generate_series(1, 3)`);
    expect((await get('/api/admin/analytics')).json().userMetrics).toMatchObject({
      newUsersThisMonth: 3,
      userGrowth: 0,
    });
    await db.execute(sql`
      insert into users (name, email, created_at) select 'F', 'h-' || gen_random_uuid() || '@example.test', ${monthStart} - interval '3 days'
        from generate_series(1, 8)`);
    // (3 - 8) / 8 × 100 = -62.5
    expect((await get('/api/admin/analytics')).json().userMetrics.userGrowth).toBe(-62.5);
  });
});

describe('users', () => {
  it('lists newest first, bounded, with a total; searches by e-mail; never a secret field', async () => {
    const db = t.app.database.db;
    await db.execute(sql`delete from users where id <> ${admin.userId}`);
    await db.execute(sql`
      insert into users (name, email, created_at, stripe_customer_id)
      select 'U' || g, 'person-' || lpad(g::text, 3, '0') || '@calm.example', now() - (g || ' minutes')::interval,
             case when g = 1 then 'cus_known' end
        from generate_series(1, 30) g`);
    const first = await get('/api/admin/users?limit=10');
    expect(first.headers['x-total-count']).toBe('31');
    const page = first.json();
    expect(page).toHaveLength(10);
    expect(page[0]).toEqual({
      id: expect.any(String),
      email: 'person-001@calm.example',
      firstName: null,
      lastName: null,
      isAdmin: false,
      isModerator: false,
      mute: null,
      suspension: null,
      createdAt: expect.any(String),
      subscriptionStatus: null,
      stripeCustomerId: 'cus_known',
      complimentary: false,
      complimentaryUntil: null,
    });
    const body = first.body.toLowerCase();
    for (const secret of ['password', 'token', 'secret', 'hash']) expect(body).not.toContain(secret);

    const all: string[] = page.map((u: { email: string }) => u.email);
    let cursor = first.headers['x-next-cursor'] as string | undefined;
    while (cursor) {
      const next = await get(`/api/admin/users?limit=10&cursor=${cursor}`);
      all.push(...next.json().map((u: { email: string }) => u.email));
      cursor = next.headers['x-next-cursor'] as string | undefined;
    }
    expect(all).toHaveLength(31);
    expect(new Set(all).size).toBe(31);

    const search = await get('/api/admin/users?q=PERSON-02');
    expect(search.headers['x-total-count']).toBe('10');
    expect(search.json().every((u: { email: string }) => u.email.startsWith('person-02'))).toBe(true);
    expect((await admin.request({ method: 'GET', url: '/api/admin/users?limit=5000' })).statusCode).toBe(400);
    expect((await admin.request({ method: 'GET', url: '/api/admin/users?cursor=zzz' })).statusCode).toBe(400);
  });

  it('grants and revokes admin rights, but never removes the last admin', async () => {
    const other = await createActor(t.app, 'member');
    const grant = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${other.userId}`,
      payload: { isAdmin: true },
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().isAdmin).toBe(true);
    const otherAsAdmin = (await other.request({ method: 'GET', url: '/api/admin/stats' })).statusCode;
    expect(otherAsAdmin).toBe(200);
    // Two admins removing each other at once: one succeeds, the other is refused.
    const [a, b] = await Promise.all([
      admin.request({ method: 'PUT', url: `/api/admin/users/${other.userId}`, payload: { isAdmin: false } }),
      other.request({ method: 'PUT', url: `/api/admin/users/${admin.userId}`, payload: { isAdmin: false } }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    const [{ admins }] = (
      await t.app.database.db.execute<{ admins: string }>(
        sql`select count(*) as admins from users where is_admin`,
      )
    ).rows as [{ admins: string }];
    expect(Number(admins)).toBeGreaterThanOrEqual(1);
    // Exactly one wins; the other is refused as the last admin (or, if it started after the first
    // finished, as no longer an admin). Never a 5xx, never zero admins.
    expect(
      [
        [200, 409],
        [200, 403],
      ],
      `${statuses} ${a.body} ${b.body}`,
    ).toContainEqual(statuses);
    const remaining = await t.app.database.db.select().from(users).where(eq(users.isAdmin, true));
    const last = remaining[0]!;
    const lastActor = last.id === admin.userId ? admin : other;
    if (remaining.length === 1) {
      const self = await lastActor.request({
        method: 'PUT',
        url: `/api/admin/users/${last.id}`,
        payload: { isAdmin: false },
      });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({
        message: 'This is the last admin; grant another account admin rights first.',
        code: 'LAST_ADMIN',
      });
    }
    // Put things back for the other tests.
    await t.app.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId!));
  });

  it('grants complimentary premium and ends it; a paying member is left alone', async () => {
    const member = await createActor(t.app, 'member');
    const put = (payload: object) =>
      admin.request({ method: 'PUT', url: `/api/admin/users/${member.userId}`, payload });
    const granted = await put({ complimentaryPremium: true });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ subscriptionStatus: 'active', complimentary: true });
    const details = (await member.request({ method: 'GET', url: '/api/subscription-details' })).json();
    expect(details).toMatchObject({ hasSubscription: true, billingManagement: 'contact-support' });
    const ended = await put({ complimentaryPremium: false });
    expect(ended.json()).toMatchObject({ subscriptionStatus: 'canceled', complimentary: false });

    const payer = await createActor(t.app, 'member');
    await t.app.database.db
      .insert(subscriptions)
      .values({ userId: payer.userId!, provider: 'stripe', status: 'active' });
    await t.app.database.db
      .update(users)
      .set({ subscriptionStatus: 'active' })
      .where(eq(users.id, payer.userId!));
    const refused = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${payer.userId}`,
      payload: { complimentaryPremium: true },
    });
    expect(refused.statusCode).toBe(409);
    const bad = await admin.request({ method: 'PUT', url: `/api/admin/users/${payer.userId}`, payload: {} });
    expect(bad.statusCode).toBe(400);
    const unknown = await admin.request({
      method: 'PUT',
      url: '/api/admin/users/5f0c7a38-2b7e-4a51-9d8a-2f5e6c1b9a11',
      payload: { isAdmin: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('caching', () => {
  it('by default, figures are computed once per 10 s and shared', async () => {
    const cached = await createTestApp();
    try {
      const boss = await createActor(cached.app, 'admin');
      const first = (await boss.request({ method: 'GET', url: '/api/admin/analytics' })).json();
      await cached.app.database.db.execute(
        sql`insert into users (name, email) values ('New', ${`new-${Date.now()}@example.test`})`,
      );
      const second = (await boss.request({ method: 'GET', url: '/api/admin/analytics' })).json();
      expect(second).toEqual(first);
    } finally {
      await cached.close();
    }
  });
});

describe('settings', () => {
  it('shows what the operator configured and no secret', async () => {
    const response = await get('/api/admin/settings');
    expect(response.json()).toMatchObject({
      payments: { mode: 'test', priceId: 'price_stillpoint_monthly_test', apiBase: null },
      storage: { driver: 'local', bucket: null },
      email: { transport: 'outbox' },
      environment: 'test',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(response.body).not.toContain('test-secret');
  });

  it("shows the release's version and the database's newest migration", async () => {
    const settings = (await get('/api/admin/settings')).json();
    const manifest = JSON.parse(
      fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    );
    expect(settings.version).toBe(manifest.version);
    // The test database is migrated to this checkout's newest migration.
    expect(settings.schema).toBe(latestMigrationTag());
    expect(settings.schema).toMatch(/^\d{4}_/);
  });
});
