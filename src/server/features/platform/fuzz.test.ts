import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import type { RegisteredRoute } from '../../app.ts';
import { contentItems, forumPosts, forums } from '../../db/schema/index.ts';

/**
 * Fuzzing every write route (issue 9): bodies generated from the route's own zod schema (valid
 * shapes, then mutated), plus a hostile corpus — huge strings, wrong types, `__proto__` and
 * `constructor` keys, NUL bytes, odd unicode, SQL and HTML payloads, malformed JSON, wrong
 * content types. At least 200 cases per route. Never a 5xx; never a stack trace or SQL in a body.
 */

const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 200);

// Hundreds of writes a route as one member: far past the production write limits, which
// rate-limits.test.ts proves with their real figures.
const t = setUpTestApp({ RATE_LIMIT_SCALE: '1000' });
const [admin, visitor] = setUpActors(t, 'admin', 'visitor');
const ids: Record<string, string> = {};

beforeAll(async () => {
  const db = t.app.database.db;
  const [item] = await db.insert(contentItems).values({ title: 'Fuzz', description: 'x' }).returning();
  const [forum] = await db
    .insert(forums)
    .values({ title: 'Fuzz', description: 'x', slug: 'fuzz-forum' })
    .returning();
  const [post] = await db
    .insert(forumPosts)
    .values({ forumId: forum!.id, userId: admin.userId, title: 'Fuzz', content: 'x' })
    .returning();
  ids.id = item!.id;
  ids.slug = forum!.slug;
  ids.postId = post!.id;
}, 30_000);

// --- Arbitraries from JSON Schema (what zod 4 exports a route's schema as) ------------------------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  const?: unknown;
};

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "'; drop table users; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '\u202e\u0645\u0631\u062d\u0628\u0627 🧘‍♀️ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\ud800',
  'x'.repeat(100_000),
  '__proto__',
  '{"a":1}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${7*7}{{7*7}}',
  'NaN',
  '-1',
  '1e309',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ maxLength: 3000 }),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

function fromSchema(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fromSchema));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type })));
  switch (types[0]) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'uri') return fc.webUrl();
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 40, 300),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items), { maxLength: Math.min(schema.maxItems ?? 5, 30) });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = fromSchema(value);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    default:
      return anyJson;
  }
}

/** A valid-shaped body, then sometimes broken: a field dropped, swapped for garbage, or poisoned keys added. */
function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  let json: JsonSchema | undefined;
  try {
    json = schema
      ? (z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
      : undefined;
  } catch {
    json = undefined;
  }
  const valid = fromSchema(json);
  const mutated = fc.tuple(valid, fc.string({ maxLength: 12 }), anyJson).map(([value, key, garbage]) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const victim = keys[key.length % Math.max(keys.length, 1)];
      if (victim) copy[victim] = garbage;
      return copy;
    }
    return garbage;
  });
  const poisoned = valid.map((value) =>
    JSON.parse(
      `{"__proto__": {"isAdmin": true, "polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "isAdmin": true${
        value && typeof value === 'object' && !Array.isArray(value)
          ? `, ${JSON.stringify(value).slice(1, -1)}`.replace(/, $/, '')
          : ''
      }}`,
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 3, arbitrary: mutated },
    { weight: 1, arbitrary: poisoned },
    anyJson,
  );
}

/** Raw payloads that are not what the route expects at all. */
const RAW_CASES: Array<{ payload: string | Buffer; contentType: string }> = [
  { payload: '{"title": "unterminated', contentType: 'application/json' },
  { payload: '{title: 1}', contentType: 'application/json' },
  { payload: '[1, 2, 3]', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"just a string"', contentType: 'application/json' },
  { payload: '{"a":'.repeat(5000), contentType: 'application/json' },
  { payload: 'title=x&content=y', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<xml>yes</xml>', contentType: 'application/xml' },
  { payload: Buffer.from([0, 159, 146, 150, 255]), contentType: 'application/octet-stream' },
  { payload: '{"title":"x"}', contentType: 'text/plain' },
  { payload: '{"title":"\u0000"}', contentType: 'application/json; charset=utf-16' },
  { payload: 'x'.repeat(2 * 1024 * 1024), contentType: 'application/json' },
];

const LEAKS = [
  /\n\s+at [\w.<>]+ \(/, // a stack trace
  /node_modules|src\/server/,
  /\b(select|insert into|update \w+ set|delete from)\b.*\b(from|where|values)\b/i,
  /syntax error|violates|duplicate key|relation "|column "/i,
];

function assertSafe(response: { statusCode: number; body: string }, label: string) {
  expect(
    response.statusCode,
    `${label} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  for (const leak of LEAKS) expect(response.body, `${label} leaks ${leak}`).not.toMatch(leak);
}

/** Percent-encodes a path segment; a lone surrogate (not encodable) goes as its raw UTF-8 bytes. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Fills a route's path parameters with real ids, random ids, or hostile segments. */
const pathArbitrary = (url: string) =>
  fc.constantFrom('real', 'random', 'hostile').chain((kind) =>
    fc.constantFrom(...HOSTILE_STRINGS.slice(0, 13)).map((hostile) =>
      url.replace(/:(\w+)/g, (_match, name: string) => {
        if (kind === 'random') return randomUUID();
        if (kind === 'hostile') return encodeSegment(hostile).slice(0, 300) || '%20';
        return ids[name] ?? ids.id!;
      }),
    ),
  );

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that end the fuzzing actor's session or account are fuzzed as a visitor. */
const AS_VISITOR = new Set(['POST /api/auth/*', 'DELETE /api/user', 'POST /api/stripe/webhook']);

describe('fuzzing every write route', () => {
  it('has write routes to fuzz', () => {
    const writes = t.app.registeredRoutes.filter((route) => WRITE_METHODS.has(route.method));
    expect(writes.length).toBeGreaterThan(25);
  });

  it.each(
    // Resolved lazily: the app is built in beforeAll.
    Array.from({ length: 1 }),
  )(
    'answers every generated and hostile body without a 5xx or a leak',
    async () => {
      const writes: RegisteredRoute[] = t.app.registeredRoutes.filter((route) =>
        WRITE_METHODS.has(route.method),
      );
      let total = 0;
      for (const route of writes) {
        const key = `${route.method} ${route.url}`;
        const actor = AS_VISITOR.has(key) ? visitor : admin;
        const url = route.url === '/api/auth/*' ? '/api/auth/sign-in/email' : route.url;
        await fc.assert(
          fc.asyncProperty(pathArbitrary(url), bodyArbitrary(route.schema?.body), async (path, body) => {
            const response = await actor.request({
              method: route.method as 'POST',
              url: path,
              payload: JSON.stringify(body ?? null),
              headers: { 'content-type': 'application/json' },
            });
            assertSafe(response, `${key} ${path} ${JSON.stringify(body)?.slice(0, 200)}`);
            // Prototype pollution never reaches the process.
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          }),
          { numRuns: CASES_PER_ROUTE, seed: 20261122, endOnFailure: true },
        );
        for (const raw of RAW_CASES) {
          const path = url.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? ids.id!);
          const response = await actor.request({
            method: route.method as 'POST',
            url: path,
            payload: raw.payload,
            headers: { 'content-type': raw.contentType },
          });
          assertSafe(response, `${key} raw ${raw.contentType}`);
        }
        total += CASES_PER_ROUTE + RAW_CASES.length;
      }
      expect(total).toBeGreaterThanOrEqual(writes.length * CASES_PER_ROUTE);
    },
    600_000,
  );
});

/**
 * Writes racing each other (issue 13): likes, comments and their likes while the post (or a
 * comment) is deleted under them. Never a 5xx — a like on a post that is gone is a 404 — and once
 * the dust settles every counter equals the rows it counts.
 */
describe('concurrent likes, comments and deletions', () => {
  const ROUNDS = Number(process.env.RACE_ROUNDS ?? 12);

  /** Every counter of the forum's rows that differs from the rows it counts. */
  async function counterMismatches(forumId: string) {
    const { rows } = await t.app.database.db.execute(sql`
      with posts as (select * from forum_posts where forum_id = ${forumId}),
           comments as (select c.* from forum_comments c join posts p on p.id = c.post_id)
      select 'post likes' as counter, p.id::text as row, p.like_count as stored,
             (select count(*)::int from post_likes l where l.post_id = p.id) as actual
        from posts p
      union all
      select 'post comments', p.id::text, p.comment_count,
             (select count(*)::int from comments c where c.post_id = p.id)
        from posts p
      union all
      select 'comment likes', c.id::text, c.like_count,
             (select count(*)::int from comment_likes l where l.comment_id = c.id)
        from comments c
      union all
      select 'forum posts', f.id::text, f.post_count, (select count(*)::int from posts)
        from forums f where f.id = ${forumId}
      union all
      select 'forum members', f.id::text, f.member_count,
             (select count(*)::int from forum_members m where m.forum_id = f.id)
        from forums f where f.id = ${forumId}
      union all
      select 'contributions', m.id::text, m.contributions,
             (select count(*)::int from posts p where p.user_id = m.user_id)
             + (select count(*)::int from comments c where c.user_id = m.user_id)
        from forum_members m where m.forum_id = ${forumId}`);
    return (rows as Array<{ counter: string; row: string; stored: number; actual: number }>).filter(
      (row) => Number(row.stored) !== Number(row.actual),
    );
  }

  it('never answers a 5xx, and every counter equals its rows afterwards', async () => {
    const forum = await admin.request({
      method: 'POST',
      url: '/api/forums',
      payload: { title: 'Races', description: 'Everyone at once.', category: 'general' },
    });
    const { id: forumId, slug } = forum.json() as { id: string; slug: string };
    const members = await Promise.all(Array.from({ length: 6 }, () => createActor(t.app, 'member')));
    const [author, ...others] = members as [Actor, ...Actor[]];
    const statuses = new Map<number, number>();
    const record = (label: string, response: { statusCode: number; body: string }) => {
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      assertSafe(response, label);
      expect([200, 201, 204, 404], `${label} → ${response.statusCode} ${response.body}`).toContain(
        response.statusCode,
      );
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      const post = await author.request({
        method: 'POST',
        url: `/api/forums/${slug}/posts`,
        payload: { title: `Race ${round}`, content: 'Who gets there first?' },
      });
      expect(post.statusCode, post.body).toBe(201);
      const postId: string = post.json().id;
      const comments: string[] = [];
      for (const member of others.slice(0, 3)) {
        const comment = await member.request({
          method: 'POST',
          url: `/api/posts/${postId}/comments`,
          payload: { content: 'First!' },
        });
        comments.push(comment.json().id);
      }
      // Half the members already like the post: their toggles in the race are unlikes.
      for (const member of others.slice(0, 2)) {
        await member.request({ method: 'POST', url: `/api/posts/${postId}/like` });
      }

      type Response = { statusCode: number; body: string };
      const writes: Array<[string, () => Promise<Response>]> = [];
      for (const [index, member] of members.entries()) {
        const like = () => member.request({ method: 'POST', url: `/api/posts/${postId}/like` });
        writes.push([`like ${index}`, like], [`like again ${index}`, like]);
        writes.push([
          `comment like ${index}`,
          () =>
            member.request({
              method: 'POST',
              url: `/api/comments/${comments[index % comments.length]}/like`,
            }),
        ]);
        writes.push([
          `comment ${index}`,
          () =>
            member.request({
              method: 'POST',
              url: `/api/posts/${postId}/comments`,
              payload: { content: 'Me too' },
            }),
        ]);
      }
      writes.push([
        'delete comment',
        () => others[0]!.request({ method: 'DELETE', url: `/api/comments/${comments[0]}` }),
      ]);
      // The post goes at a different moment each round: first, among the others, or last.
      writes.splice(Math.round((round / (ROUNDS - 1)) * writes.length), 0, [
        'delete post',
        () => author.request({ method: 'DELETE', url: `/api/posts/${postId}` }),
      ]);
      const started = writes.map(([label, send]) => [label, send()] as const);
      for (const [label, pending] of started) record(`round ${round}: ${label}`, await pending);
    }

    expect(await counterMismatches(forumId)).toEqual([]);
    // The races really happened: some writes found their post gone.
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
