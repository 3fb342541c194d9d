import { randomUUID } from 'node:crypto';
import { authorName } from '@shared/schemas/community.ts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpStripeApp } from '../../../../tests/setup/fake-stripe.ts';
import { createActor, setUpActors, setUpTestApp, TEST_PASSWORD } from '../../../../tests/setup/test-app.ts';
import { uploadImage } from '../../../../tests/setup/uploads.ts';
import {
  contentItems,
  forumComments,
  forumPosts,
  forums,
  questionnaires,
  sessions,
  users,
} from '../../db/schema/index.ts';

/** The member's own account: profile, export and deletion, through HTTP on a real database. */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');

describe('profile', () => {
  it('changes names and the profile image; visitors get 401; bad input names the field', async () => {
    const member = await createActor(t.app, 'member');
    const image = await uploadImage(member);
    const response = await member.request({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: '  June ', lastName: 'Okafor', profileImageUrl: image },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'June', lastName: 'Okafor', profileImageUrl: image });
    const me = (await member.request({ method: 'GET', url: '/api/auth/user' })).json();
    expect(me).toMatchObject({ firstName: 'June', lastName: 'Okafor', profileImageUrl: image });
    // Absent keeps the image; '' removes it.
    await member.request({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: 'June', lastName: 'O.' },
    });
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).json().profileImageUrl).toBe(
      image,
    );
    const cleared = await member.request({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: 'June', lastName: 'O.', profileImageUrl: '' },
    });
    expect(cleared.json().profileImageUrl).toBeNull();

    for (const [payload, message] of [
      [{ firstName: '', lastName: 'x' }, /First name is required/],
      [{ firstName: 'x'.repeat(101), lastName: 'x' }, /First name can be at most 100/],
      [{ firstName: 'x', lastName: 'x', profileImageUrl: 'javascript:alert(1)' }, /Profile image must be/],
    ] as const) {
      const bad = await member.request({ method: 'PUT', url: '/api/user/profile', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(message);
    }
    const visitor = await createActor(t.app, 'visitor');
    expect(
      (
        await visitor.request({
          method: 'PUT',
          url: '/api/user/profile',
          payload: { firstName: 'a', lastName: 'b' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

async function memberWithHistory() {
  const member = await createActor(t.app, 'member');
  const db = t.app.database.db;
  const [forum] = await db
    .insert(forums)
    .values({ title: 'Sangha', description: 'x', slug: `sangha-${randomUUID().slice(0, 8)}` })
    .returning();
  const post = await member.request({
    method: 'POST',
    url: `/api/forums/${forum!.slug}/posts`,
    payload: { title: 'My first sit', content: 'It was quiet.' },
  });
  expect(post.statusCode, post.body).toBe(201);
  const postId = post.json().id;
  const comment = await member.request({
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    payload: { content: 'And the second.' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  // The admin posts too; the member likes it (likeCount 1) and joins that forum.
  const adminPost = await admin.request({
    method: 'POST',
    url: `/api/forums/${forum!.slug}/posts`,
    payload: { title: 'Welcome', content: 'Hello.' },
  });
  const adminPostId = adminPost.json().id;
  expect((await member.request({ method: 'POST', url: `/api/posts/${adminPostId}/like` })).statusCode).toBe(
    200,
  );
  const [item] = await db.insert(contentItems).values({ title: 'Rest', description: 'x' }).returning();
  expect(
    (await member.request({ method: 'POST', url: `/api/user/favorites/${item!.id}` })).statusCode,
  ).toBeLessThan(300);
  const started = await member.request({ method: 'POST', url: '/api/questionnaire/start' });
  const domains = (await member.request({ method: 'GET', url: '/api/questionnaire/domains' })).json();
  await member.request({
    method: 'POST',
    url: `/api/questionnaire/${started.json().id}/response`,
    payload: { questionId: domains[0].questions[0].id, score: 4 },
  });
  await member.request({
    method: 'POST',
    url: '/api/practice/sessions',
    payload: { id: randomUUID(), seconds: 600, kind: 'timer' },
  });
  return { member, forum: forum!, postId, adminPostId, questionnaireId: started.json().id as string };
}

describe('language', () => {
  it('is stored on the account and comes back with the member; only shipped languages; visitors get 401', async () => {
    const member = await createActor(t.app, 'member');
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).json().locale).toBeNull();
    const chosen = await member.request({
      method: 'PUT',
      url: '/api/user/locale',
      payload: { locale: 'de' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().locale).toBe('de');
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).json().locale).toBe('de');
    const [row] = await t.app.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, member.userId!));
    expect(row?.locale).toBe('de');

    for (const payload of [{ locale: 'fr' }, { locale: 'en-XA' }, { locale: '' }, {}, { locale: 3 }]) {
      const bad = await member.request({ method: 'PUT', url: '/api/user/locale', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/Language must be one of en, es, de/),
      });
    }
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).json().locale).toBe('de');
    const visitor = await t.app.inject({ method: 'PUT', url: '/api/user/locale', payload: { locale: 'es' } });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('export', () => {
  it('is a JSON file of everything about the member, without secrets', async () => {
    const { member, postId } = await memberWithHistory();
    const response = await member.request({ method: 'GET', url: '/api/user/export' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="stillpoint-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({ id: member.userId, email: member.email });
    expect(data.forumPosts).toEqual([
      expect.objectContaining({ id: postId, title: 'My first sit', content: 'It was quiet.' }),
    ]);
    expect(data.forumComments).toEqual([expect.objectContaining({ content: 'And the second.' })]);
    expect(data.likes.posts).toHaveLength(1);
    expect(data.favorites).toEqual([expect.objectContaining({ title: 'Rest' })]);
    expect(data.assessments[0].answers).toEqual([{ questionId: expect.any(String), score: 4 }]);
    expect(data.practice.sessions).toEqual([expect.objectContaining({ kind: 'timer', seconds: 600 })]);
    expect(data.practice.settings).toMatchObject({
      timeZone: null,
      dayStartHour: 0,
      showStreaks: false,
      digestEmail: false,
    });
    expect(data.sessions.length).toBeGreaterThan(0);
    const text = response.body.toLowerCase();
    expect(text).not.toMatch(/"password"|"token"|\$argon2/);
    const visitor = await createActor(t.app, 'visitor');
    expect((await visitor.request({ method: 'GET', url: '/api/user/export' })).statusCode).toBe(401);
  });
});

describe('deleting the account', () => {
  it('needs the password; a wrong one deletes nothing', async () => {
    const member = await createActor(t.app, 'member');
    const wrong = await member.request({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: 'not-my-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/password/);
    const missing = await member.request({ method: 'DELETE', url: '/api/user', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('ends sessions, removes personal data and answers, keeps posts under Deleted member, keeps counts true', async () => {
    const { member, forum, postId, adminPostId, questionnaireId } = await memberWithHistory();
    const db = t.app.database.db;
    const [before] = await db.select().from(forums).where(eq(forums.id, forum.id));
    expect(before!.memberCount).toBe(2);
    const response = await member.request({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=; Max-Age=0/);

    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, member.userId!))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId!))).toEqual([]);
    expect(await db.select().from(questionnaires).where(eq(questionnaires.id, questionnaireId))).toEqual([]);
    const answers = await db.execute(
      sql`select count(*)::int as n from questionnaire_responses where questionnaire_id = ${questionnaireId}`,
    );
    expect(answers.rows[0]).toEqual({ n: 0 });

    const [post] = await db.select().from(forumPosts).where(eq(forumPosts.id, postId));
    expect(post).toMatchObject({ userId: null, title: 'My first sit' });
    const [comment] = await db.select().from(forumComments).where(eq(forumComments.postId, postId));
    expect(comment?.userId).toBeNull();
    const shown = (await admin.request({ method: 'GET', url: `/api/posts/${postId}` })).json();
    expect(shown.user.id).toBeNull();
    expect(authorName(shown.user)).toBe('Deleted member');
    const [liked] = await db.select().from(forumPosts).where(eq(forumPosts.id, adminPostId));
    expect(liked!.likeCount).toBe(0);
    const [after] = await db.select().from(forums).where(eq(forums.id, forum.id));
    expect(after!.memberCount).toBe(1);
    expect(after!.postCount).toBe(before!.postCount);
  });

  it('the last admin cannot delete their account', async () => {
    const db = t.app.database.db;
    await db.update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${admin.userId}`);
    const response = await admin.request({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('LAST_ADMIN');
    expect((await admin.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });
});

describe('deleting an account that pays through Stripe', () => {
  const { fake, t: stripeApp } = setUpStripeApp();

  it('cancels the subscription at Stripe first; if Stripe is down, nothing is deleted', async () => {
    const member = await createActor(stripeApp.app, 'member');
    await member.request({ method: 'POST', url: '/api/create-checkout-session', payload: {} });
    const [row] = await stripeApp.app.database.db.select().from(users).where(eq(users.id, member.userId!));
    const subscriptionId = `sub_${randomUUID().slice(0, 8)}`;
    fake.setSubscription({
      id: subscriptionId,
      customer: row!.stripeCustomerId!,
      priceId: fake.priceId,
      status: 'active',
    });
    await member.request({ method: 'POST', url: '/api/sync-subscription-status' });

    fake.failNext(3);
    const down = await member.request({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: TEST_PASSWORD },
    });
    expect(down.statusCode).toBe(502);
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);

    const deleted = await member.request({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const cancel = fake.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancel.length).toBeGreaterThanOrEqual(1);
  }, 20_000);
});
