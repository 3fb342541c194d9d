import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  setUpActors,
  setUpTestApp,
  signUp,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';
import { uploadImage } from '../../../../tests/setup/uploads.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Every route to user data checks the same rules: better-auth's update-user and sign-up, and our
 * profile route, refuse the same bad names and pictures with the same 400 body and store nothing;
 * better-auth's other endpoints are closed; the database refuses what slips past.
 */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');
let adminImage: string;

beforeAll(async () => {
  adminImage = await uploadImage(admin);
});

const storedUser = async (id: string) => {
  const [row] = await t.app.database.db
    .select({ name: users.name, firstName: users.firstName, lastName: users.lastName, image: users.image })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

type DoorCase = readonly [label: string, input: Record<string, unknown>, message: RegExp];

/** Stands for the admin's uploaded picture, which exists only once the tests run. */
const ADMIN_IMAGE = '<the admin’s upload>';
const withAdminImage = (input: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, value === ADMIN_IMAGE ? adminImage : value]),
  );

/** Bad names and pictures, each refused by every route. */
const BAD_INPUTS: DoorCase[] = [
  ['a very long first name', { firstName: 'x'.repeat(101) }, /at most 100 characters/],
  ['a first name of spaces and zero-width characters', { firstName: ' \u200B\u200B ' }, /first name/i],
  ['a bidi override in the last name', { lastName: 'evil\u202Egnp.exe' }, /text-direction control/],
  ['a bidi isolate in the first name', { firstName: 'Ann\u2066a' }, /text-direction control/],
  ['a javascript: picture', { image: 'javascript:alert(1)' }, /image/i],
  ['an external picture', { image: 'https://tracker.example/pixel.gif' }, /image/i],
  ['a picture path that was never uploaded', { image: `/objects/images/${randomUUID()}.webp` }, /image/i],
];

describe('POST /api/auth/update-user', () => {
  const updateUser = (actor: Actor, payload: object) =>
    actor.request({ method: 'POST', url: '/api/auth/update-user', payload });

  it.each<DoorCase>([
    ...BAD_INPUTS,
    ['a very long name', { name: 'n'.repeat(5000) }, /at most 201 characters/],
    ['a name with a bidi override', { name: 'Robin \u202EValé' }, /text-direction control/],
    ['someone else’s uploaded picture', { image: ADMIN_IMAGE }, /image/i],
    ['a field we do not accept', { isAdmin: true }, /unrecognized key/i],
  ])('refuses %s with 400 and stores nothing', async (_label, input, message) => {
    const member = await createActor(t.app, 'member');
    const before = await storedUser(member.userId!);
    const response = await updateUser(member, withAdminImage(input));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: expect.stringMatching(message),
      code: 'VALIDATION_ERROR',
      issues: expect.any(Array),
    });
    expect(await storedUser(member.userId!)).toEqual(before);
  });

  it('applies valid changes by the profile rules: trimmed names, the full name follows, own picture', async () => {
    const renamed = await updateUser(admin, { firstName: '  Wren ', image: adminImage });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await storedUser(admin.userId!)).toEqual({
      name: 'Wren Vale',
      firstName: 'Wren',
      lastName: 'Vale',
      image: adminImage,
    });
    expect((await updateUser(admin, { image: null })).statusCode).toBe(200);
    expect((await storedUser(admin.userId!))?.image).toBeNull();
  });

  it('asks visitors to sign in', async () => {
    const visitor = await createActor(t.app, 'visitor');
    expect((await updateUser(visitor, { firstName: 'Ann' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/sign-up/email with extra fields', () => {
  const signUpWith = async (email: string, extra: Record<string, unknown>) =>
    (await signUp(t.app, { email, extra })).response;

  it.each<DoorCase>([
    ...BAD_INPUTS,
    ['a very long name', { name: 'n'.repeat(5000) }, /at most 201 characters/],
    [
      'an uploaded picture (there is none before the account exists)',
      { image: ADMIN_IMAGE },
      /profile picture/,
    ],
  ])('refuses %s with 400 and creates no account', async (_label, input, message) => {
    const email = uniqueEmail('door');
    const response = await signUpWith(email, withAdminImage(input));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: expect.stringMatching(message),
      code: 'VALIDATION_ERROR',
      issues: expect.any(Array),
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await t.app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('stores the full name made from first and last name, whatever name was sent', async () => {
    const email = uniqueEmail('door');
    const response = await signUpWith(email, { name: 'Somebody Else', image: '' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Robin Vale', image: null });
  });
});

describe('PUT /api/user/profile', () => {
  it.each<DoorCase>([
    ...BAD_INPUTS.map(
      ([label, input, message]): DoorCase =>
        'image' in input
          ? [label, { profileImageUrl: input.image }, /profileImageUrl/]
          : [label, input, message],
    ),
    ['someone else’s uploaded picture', { profileImageUrl: ADMIN_IMAGE }, /profileImageUrl/],
  ])('refuses %s with 400 and stores nothing', async (_label, input, message) => {
    const member = await createActor(t.app, 'member');
    const before = await storedUser(member.userId!);
    const payload = withAdminImage({ firstName: 'Robin', lastName: 'Vale', ...input });
    const response = await member.request({ method: 'PUT', url: '/api/user/profile', payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: expect.stringMatching(message),
      code: 'VALIDATION_ERROR',
      issues: expect.any(Array),
    });
    expect(await storedUser(member.userId!)).toEqual(before);
  });
});

describe('better-auth endpoints we do not offer', () => {
  it.each([
    ['POST', '/api/auth/change-email', { newEmail: 'someone@example.test' }],
    ['POST', '/api/auth/delete-user', {}],
    ['POST', '/api/auth/update-session', {}],
    ['POST', '/api/auth/verify-password', { password: TEST_PASSWORD }],
    ['POST', '/api/auth/get-session', {}],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
    ['POST', '/api/auth/link-social', { provider: 'github' }],
    ['GET', '/api/auth/list-accounts', undefined],
    ['GET', '/api/auth/account-info', undefined],
    ['GET', '/api/auth/ok', undefined],
    ['GET', '/api/auth/error', undefined],
    // Other spellings of an open endpoint are not it.
    ['POST', '/api/auth/update%2Duser', { name: 'x'.repeat(5000) }],
    ['POST', '/api/auth//update-user', { name: 'x'.repeat(5000) }],
    ['POST', '/api/auth/update-user/', { name: 'x'.repeat(5000) }],
    ['GET', '/api/auth/sign-up/email', undefined],
  ] as const)('%s %s answers 404 and changes nothing', async (method, url, payload) => {
    const member = await createActor(t.app, 'member');
    const before = await storedUser(member.userId!);
    const response = await member.request({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(await storedUser(member.userId!)).toEqual(before);
    expect((await member.request({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });
});

describe('database checks behind the schemas', () => {
  const violation = async (statement: ReturnType<typeof sql>) => {
    const error = await t.app.database.db.execute(statement).then(
      () => undefined,
      (caught: { cause?: { code?: string; constraint?: string } }) => caught.cause,
    );
    return error;
  };

  it.each([
    ['users_name_length', (id: string) => sql`update users set name = repeat('n', 202) where id = ${id}`],
    [
      'users_first_name_length',
      (id: string) => sql`update users set first_name = repeat('n', 101) where id = ${id}`,
    ],
    [
      'users_last_name_length',
      (id: string) => sql`update users set last_name = repeat('n', 101) where id = ${id}`,
    ],
    [
      'users_image_uploaded',
      (id: string) => sql`update users set image = 'https://tracker.example/p.gif' where id = ${id}`,
    ],
  ] as const)('%s refuses what the schema refuses', async (constraint, statement) => {
    const member = await createActor(t.app, 'member');
    expect(await violation(statement(member.userId!))).toMatchObject({ code: '23514', constraint });
  });

  it('refuses overlong titles and bodies in every table that holds them', async () => {
    const [forum] = await t.app.database.db
      .execute<{ id: string }>(
        sql`insert into forums (slug, title, description) values (${`f-${randomUUID().slice(0, 8)}`}, 'F', 'D') returning id`,
      )
      .then((result) => result.rows);
    const forumId = forum!.id;
    const [post] = await t.app.database.db
      .execute<{ id: string }>(
        sql`insert into forum_posts (forum_id, title, content) values (${forumId}, 'T', 'C') returning id`,
      )
      .then((result) => result.rows);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['forums_title_length', sql`update forums set title = repeat('t', 121) where id = ${forumId}`],
      [
        'forums_description_length',
        sql`update forums set description = repeat('t', 1001) where id = ${forumId}`,
      ],
      [
        'forum_posts_title_length',
        sql`update forum_posts set title = repeat('t', 201) where id = ${post!.id}`,
      ],
      [
        'forum_posts_content_length',
        sql`update forum_posts set content = repeat('t', 2001) where id = ${post!.id}`,
      ],
      [
        'forum_comments_content_length',
        sql`insert into forum_comments (post_id, content) values (${post!.id}, repeat('c', 2001))`,
      ],
      [
        'content_items_title_length',
        sql`insert into content_items (title, description) values (repeat('t', 201), 'd')`,
      ],
      [
        'content_items_description_length',
        sql`insert into content_items (title, description) values ('t', repeat('d', 20001))`,
      ],
      [
        'announcements_title_length',
        sql`insert into announcements (title, content) values (repeat('t', 201), 'c')`,
      ],
      [
        'announcements_content_length',
        sql`insert into announcements (title, content) values ('t', repeat('c', 1001))`,
      ],
      [
        'playlists_title_length',
        sql`insert into playlists (slug, title) values (${randomUUID()}, repeat('t', 201))`,
      ],
    ];
    for (const [constraint, statement] of cases) {
      expect(await violation(statement), constraint).toMatchObject({ code: '23514', constraint });
    }
  });

  it('migration 0009 repairs user rows stored before the checks, so it applies on existing data', async () => {
    const statements = fs
      .readFileSync(new URL('../../db/migrations/0009_length_checks.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.includes('"users"'));
    const member = await createActor(t.app, 'member');
    await t.app.database.db.transaction(async (tx) => {
      for (const name of ['name', 'first_name', 'last_name', 'email']) {
        await tx.execute(sql.raw(`alter table users drop constraint users_${name}_length`));
      }
      await tx.execute(sql`alter table users drop constraint users_image_uploaded`);
      await tx.execute(
        sql`update users set name = repeat('n', 5000), first_name = repeat('f', 300), last_name = 'Vale',
            image = 'javascript:alert(1)' where id = ${member.userId}`,
      );
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    expect(await storedUser(member.userId!)).toEqual({
      name: 'n'.repeat(201),
      firstName: 'f'.repeat(100),
      lastName: 'Vale',
      image: null,
    });
    expect(
      await violation(sql`update users set first_name = repeat('f', 101) where id = ${member.userId}`),
    ).toMatchObject({ constraint: 'users_first_name_length' });
  });
});
