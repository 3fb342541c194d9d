import { randomUUID } from 'node:crypto';
import { SUGGESTION_DOMAINS } from '@shared/schemas/questionnaire.ts';
import { computeScores } from '@shared/scoring.ts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../../tests/setup/test-app.ts';
import { createActor, createTestApp, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems, questionnaireSuggestionTags } from '../../db/schema/index.ts';
import { seedQuestionnaire } from './questionnaire.service.ts';
import { DEFAULT_SUGGESTION_TAGS, lowestAreas } from './suggestions.service.ts';

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');
type Question = { id: string; domain: string; presenceSubdomain: string | null };
let questions: Question[];
const TAG = `calmtag${randomUUID().slice(0, 8)}`;
const OTHER_TAG = `cleartag${randomUUID().slice(0, 8)}`;
const URL = '/api/admin/questionnaire/suggestion-tags';

const mapping = (tagsFor: (domain: string) => string[]) => ({
  domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: tagsFor(domain) })),
});

beforeAll(async () => {
  const domains = (
    await admin.request({ method: 'GET', url: '/api/questionnaire/domains' })
  ).json() as Array<{
    domain: string;
    questions: Array<{ id: string; presenceSubdomain: string | null }>;
  }>;
  questions = domains.flatMap((d) => d.questions.map((q) => ({ ...q, domain: d.domain })));
  const { db } = t.app.database;
  const item = (title: string, tags: string[], extra: Partial<typeof contentItems.$inferInsert> = {}) => ({
    title,
    description: `${title}: a gentle practice to return to.`,
    type: 'audio' as const,
    duration: 300,
    tags,
    ...extra,
  });
  await db
    .insert(contentItems)
    .values([
      item('Calm one', [TAG.toUpperCase()], { createdAt: new Date(Date.now() - 30_000) }),
      item('Calm two', [TAG], { createdAt: new Date(Date.now() - 60_000) }),
      item('Calm premium', [TAG], { isPremium: true }),
      item('Calm draft', [TAG], { isPublished: false }),
      item('Calm four', [TAG], { createdAt: new Date(Date.now() - 120_000) }),
      item('Clear one', [OTHER_TAG]),
    ]);
  const put = await admin.request({
    method: 'PUT',
    url: URL,
    payload: mapping((domain) => (domain === 'calm' ? [TAG] : domain === 'clear' ? [OTHER_TAG, TAG] : [])),
  });
  expect(put.statusCode, put.body).toBe(200);
});

/** Calm lowest (0), clear next (1), everything else 5 (Aligned). */
async function completeAssessment(actor: Actor) {
  const session = (await actor.request({ method: 'POST', url: '/api/questionnaire/start' })).json();
  for (const question of questions) {
    const score = question.presenceSubdomain === 'calm' ? 0 : question.presenceSubdomain === 'clear' ? 1 : 5;
    await actor.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: question.id, score },
    });
  }
  const done = await actor.request({ method: 'POST', url: `/api/questionnaire/${session.id}/complete` });
  expect(done.statusCode, done.body).toBe(200);
  return session.id as string;
}

/** The suggestions on the results of a fresh assessment by `actor`, and the whole body to search. */
async function suggestionsFor(actor: Actor) {
  const id = await completeAssessment(actor);
  const response = await actor.request({ method: 'GET', url: `/api/questionnaire/${id}/results` });
  expect(response.statusCode, response.body).toBe(200);
  return { suggestions: response.json().suggestions, body: response.body };
}

describe('the lowest areas', () => {
  const scores = (values: Partial<Record<string, number>>) => {
    const base = computeScores([]);
    for (const key of Object.keys(base.domains))
      base.domains[key as keyof typeof base.domains] = values[key] ?? 5;
    for (const key of Object.keys(base.presence))
      base.presence[key as keyof typeof base.presence] = values[key] ?? 5;
    return base;
  };

  it('are the areas below 4, lowest first, ties in questionnaire order, at most three', () => {
    expect(lowestAreas(scores({}))).toEqual([]);
    expect(lowestAreas(scores({ people: 4 }))).toEqual([]);
    expect(lowestAreas(scores({ calm: 3.9 }))).toEqual(['calm']);
    expect(lowestAreas(scores({ place: 2, people: 2, calm: 1, clear: 3, pursuits: 3.5 }))).toEqual([
      'calm',
      'people',
      'place',
    ]);
  });
});

describe('suggestions on results', () => {
  it('gives a member up to three published items per low area, free ones first, premium as a teaser, never a draft', async () => {
    const { suggestions, body } = await suggestionsFor(await createActor(t.app, 'member'));
    expect(suggestions.map((s: { domain: string }) => s.domain)).toEqual(['calm', 'clear']);
    const calm = suggestions[0].items as Array<{ title: string; isTeaser: boolean; isPremium: boolean }>;
    expect(calm.map((item) => item.title)).toEqual(['Calm one', 'Calm two', 'Calm four']);
    // Clear: its own item, then what calm left (no item twice); the premium one marked as a teaser.
    const clear = suggestions[1].items as Array<{ title: string; isTeaser: boolean; isPremium: boolean }>;
    expect(clear.map((item) => item.title)).toEqual(['Clear one', 'Calm premium']);
    expect(clear[1]).toMatchObject({ isPremium: true, isTeaser: true });
    expect(body).not.toContain('Calm draft');
    expect(body).not.toContain('videoUrl');
  });

  it('gives a premium member premium items whole, in date order', async () => {
    const { suggestions } = await suggestionsFor(await createActor(t.app, 'premium'));
    expect(suggestions[0].items.map((item: { title: string }) => item.title)).toEqual([
      'Calm premium',
      'Calm one',
      'Calm two',
    ]);
    expect(suggestions[0].items[0]).toMatchObject({ isPremium: true, isTeaser: false });
  });

  it('shows the dashboard the same suggestions, lets an admin read them, and hides them from others', async () => {
    const member = await createActor(t.app, 'member');
    const other = await createActor(t.app, 'member');
    const visitor = await createActor(t.app, 'visitor');
    const id = await completeAssessment(member);
    const latest = (await member.request({ method: 'GET', url: '/api/user/latest-questionnaire' })).json();
    expect(latest.questionnaire.id).toBe(id);
    expect(latest.suggestions.map((s: { domain: string }) => s.domain)).toEqual(['calm', 'clear']);
    const asAdmin = await admin.request({ method: 'GET', url: `/api/questionnaire/${id}/results` });
    expect(asAdmin.json().suggestions[0].items.length).toBe(3);
    expect((await other.request({ method: 'GET', url: `/api/questionnaire/${id}/results` })).statusCode).toBe(
      404,
    );
    expect(
      (await visitor.request({ method: 'GET', url: `/api/questionnaire/${id}/results` })).statusCode,
    ).toBe(401);
    expect((await visitor.request({ method: 'GET', url: '/api/user/latest-questionnaire' })).statusCode).toBe(
      401,
    );
  });
});

describe('the admin mapping', () => {
  it('is read and replaced by admins only', async () => {
    const member = await createActor(t.app, 'member');
    const premium = await createActor(t.app, 'premium');
    const visitor = await createActor(t.app, 'visitor');
    for (const [actor, status] of [
      [visitor, 401],
      [member, 403],
      [premium, 403],
    ] as const) {
      expect((await actor.request({ method: 'GET', url: URL })).statusCode).toBe(status);
      expect(
        (await actor.request({ method: 'PUT', url: URL, payload: mapping(() => ['hacked']) })).statusCode,
      ).toBe(status);
    }
    const read = (await admin.request({ method: 'GET', url: URL })).json();
    expect(read.domains.find((d: { domain: string }) => d.domain === 'calm').tags).toEqual([TAG]);
  });

  it.each([
    ['a missing area', { domains: mapping(() => ['a']).domains.slice(1) }],
    ['an area twice', { domains: [...mapping(() => ['a']).domains.slice(1), { domain: 'clear', tags: [] }] }],
    [
      'an unknown area',
      { domains: [...mapping(() => ['a']).domains.slice(1), { domain: 'presence', tags: [] }] },
    ],
    ['eleven tags', mapping(() => Array.from({ length: 11 }, (_, i) => `tag${i}`))],
    ['a tag of 41 characters', mapping(() => ['x'.repeat(41)])],
    ['tags as text', { domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: 'calm' })) }],
    ['no body', undefined],
  ])('refuses %s with 400', async (_label, payload) => {
    const response = await admin.request({ method: 'PUT', url: URL, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('trims and de-duplicates tags', async () => {
    const scratch = await createTestApp();
    try {
      const scratchAdmin = await createActor(scratch.app, 'admin');
      const response = await scratchAdmin.request({
        method: 'PUT',
        url: URL,
        payload: mapping(() => [' Breathing ', 'breathing', '', 'rest']),
      });
      expect(response.json().domains[0].tags).toEqual(['Breathing', 'rest']);
    } finally {
      await scratch.close();
    }
  });

  it("seeds the defaults where an area has none, and keeps an admin's choice on the next start", async () => {
    const { db } = t.app.database;
    await db.delete(questionnaireSuggestionTags).where(eq(questionnaireSuggestionTags.domain, 'people'));
    await seedQuestionnaire(db);
    const rows = await db.select().from(questionnaireSuggestionTags);
    const tags = new Map(rows.map((row) => [row.domain, row.tags]));
    expect(tags.get('people')).toEqual(DEFAULT_SUGGESTION_TAGS.people);
    expect(tags.get('calm')).toEqual([TAG]);
    expect(rows).toHaveLength(SUGGESTION_DOMAINS.length);
  });
});
