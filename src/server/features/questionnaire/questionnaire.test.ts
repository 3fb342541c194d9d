import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, setUpActors, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { QUESTIONNAIRE_CONTENT } from './questionnaire-content.ts';

const t = setUpTestApp();
const [visitor] = setUpActors(t, 'visitor');
type Domain = { domain: string; questions: Array<{ id: string; presenceSubdomain: string | null }> };
let domains: Domain[];

beforeAll(async () => {
  domains = (await visitor.request({ method: 'GET', url: '/api/questionnaire/domains' })).json();
});

const allQuestions = () => domains.flatMap((d) => d.questions.map((q) => ({ ...q, domain: d.domain })));

async function start(actor: Actor) {
  return actor.request({ method: 'POST', url: '/api/questionnaire/start' });
}

/** Answers everything with `scoreFor(question)` and completes. */
async function takeAssessment(actor: Actor, scoreFor: (q: { domain: string }) => number = () => 4) {
  const session = (await start(actor)).json();
  for (const question of allQuestions()) {
    const response = await actor.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: question.id, score: scoreFor(question) },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const completed = await actor.request({ method: 'POST', url: `/api/questionnaire/${session.id}/complete` });
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json();
}

describe('content', () => {
  it('serves the seven domains in order: six Ps with 5 statements, presence with 3 each of calm, clear, connected', () => {
    expect(domains.map((d) => d.domain)).toEqual([
      'perception',
      'perspective',
      'people',
      'participation',
      'pursuits',
      'place',
      'presence',
    ]);
    for (const domain of domains.slice(0, 6)) expect(domain.questions).toHaveLength(5);
    const subdomains = domains[6]!.questions.map((q) => q.presenceSubdomain);
    expect(subdomains.filter((s) => s === 'calm')).toHaveLength(3);
    expect(subdomains.filter((s) => s === 'clear')).toHaveLength(3);
    expect(subdomains.filter((s) => s === 'connected')).toHaveLength(3);
    expect(domains[0]).toMatchObject({ title: 'Perception', orderIndex: 0 });
    expect(QUESTIONNAIRE_CONTENT.every((d) => d.description.endsWith('.'))).toBe(true);
  });

  it("keeps version 1's keys and every word of it exactly (new wording means a new version)", () => {
    const questions = QUESTIONNAIRE_CONTENT.flatMap((d) => d.questions);
    expect(questions.map((q) => q.key)).toEqual([
      ...['perception', 'perspective', 'people', 'participation', 'pursuits', 'place'].flatMap((domain) =>
        [1, 2, 3, 4, 5].map((n) => `${domain}-${n}`),
      ),
      ...['calm', 'clear', 'connected'].flatMap((sub) => [1, 2, 3].map((n) => `presence-${sub}-${n}`)),
    ]);
    expect(questions[0]!.text).toBe(
      'I noticed small, pleasant details in my day, like light, sounds or tastes.',
    );
    expect(questions.at(-1)).toEqual({
      key: 'presence-connected-3',
      presenceSubdomain: 'connected',
      text: 'I felt at home in my own body and mind.',
    });
    // Every title, description, key, subdomain and statement, as seeded for version 1.
    const wording = QUESTIONNAIRE_CONTENT.flatMap((d) => [
      [d.domain, d.title, d.description].join('|'),
      ...d.questions.map((q) => [q.key, q.presenceSubdomain ?? '', q.text].join('|')),
    ]);
    expect(createHash('sha256').update(wording.join('\n')).digest('hex')).toBe(
      '16862c62e38677ae1678b08e27dba186cad012361420199d1c2075311a16fc6e',
    );
  });
});

describe('taking the assessment', () => {
  it('starts once and resumes the unfinished one instead of duplicating it, with saved answers', async () => {
    const member = await createActor(t.app, 'member');
    const first = await start(member);
    expect(first.statusCode).toBe(201);
    const session = first.json();
    expect(session).toMatchObject({ status: 'in_progress', answers: [], completedAt: null });
    const question = allQuestions()[0]!;
    await member.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: question.id, score: 2 },
    });
    await member.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: question.id, score: 3 },
    });
    const again = await start(member);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: session.id, answers: [{ questionId: question.id, score: 3 }] });
    const raced = await Promise.all([start(member), start(member), start(member)]);
    expect(new Set(raced.map((r) => r.json().id))).toEqual(new Set([session.id]));
  });

  it.each([
    ['a score of 6', { score: 6 }],
    ['a score of 2.5', { score: 2.5 }],
    ['a score of -1', { score: -1 }],
    ['a score given as text', { score: '4' }],
    ['a question of no questionnaire', { questionId: randomUUID() }],
    ['a malformed question id', { questionId: 'q1' }],
  ])('refuses %s with 400', async (_label, body) => {
    const member = await createActor(t.app, 'member');
    const session = (await start(member)).json();
    const response = await member.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: allQuestions()[0]!.id, score: 3, ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it("hides someone else's questionnaire (404) and refuses visitors (401)", async () => {
    const owner = await createActor(t.app, 'member');
    const other = await createActor(t.app, 'member');
    const session = (await start(owner)).json();
    const payload = { questionId: allQuestions()[0]!.id, score: 3 };
    expect(
      (await other.request({ method: 'POST', url: `/api/questionnaire/${session.id}/response`, payload }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.request({ method: 'POST', url: `/api/questionnaire/${session.id}/complete` })).statusCode,
    ).toBe(404);
    expect(
      (await visitor.request({ method: 'POST', url: `/api/questionnaire/${session.id}/response`, payload }))
        .statusCode,
    ).toBe(401);
    expect((await start(visitor)).statusCode).toBe(401);
    expect(
      (await owner.request({ method: 'POST', url: `/api/questionnaire/${randomUUID()}/response`, payload }))
        .statusCode,
    ).toBe(404);
  });

  it('will not complete while questions are unanswered, and takes no answers after completion', async () => {
    const member = await createActor(t.app, 'member');
    const session = (await start(member)).json();
    const early = await member.request({ method: 'POST', url: `/api/questionnaire/${session.id}/complete` });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/39 still unanswered/);
    await member.request({
      method: 'POST',
      url: `/api/questionnaire/${session.id}/response`,
      payload: { questionId: allQuestions()[0]!.id, score: 1 },
    });
    expect(
      (await member.request({ method: 'POST', url: `/api/questionnaire/${session.id}/complete` })).json()
        .message,
    ).toMatch(/38 still/);

    const result = await takeAssessment(member);
    const late = await member.request({
      method: 'POST',
      url: `/api/questionnaire/${result.questionnaire.id}/response`,
      payload: { questionId: allQuestions()[0]!.id, score: 0 },
    });
    expect(late.statusCode).toBe(409);
  });

  it('scores the answers as docs/product.md says and shapes the result as its "Entities" say', async () => {
    const member = await createActor(t.app, 'member');
    const scoreByDomain: Record<string, number> = {
      perception: 5,
      perspective: 4,
      people: 3,
      participation: 2,
      pursuits: 1,
      place: 0,
    };
    const result = await takeAssessment(member, (q) => scoreByDomain[q.domain] ?? 3);
    expect(result.questionnaire.completedAt).toBeTruthy();
    expect(result.scores).toEqual({
      overall6P: 2.5,
      overall3C: 3,
      domains: { perception: 5, perspective: 4, people: 3, participation: 2, pursuits: 1, place: 0 },
      presence: { calm: 3, clear: 3, connected: 3 },
    });
    const again = await member.request({
      method: 'GET',
      url: `/api/questionnaire/${result.questionnaire.id}/results`,
    });
    expect(again.json()).toEqual({ ...result, suggestions: [] });
  });
});

describe('results, latest and history', () => {
  it('shows results to the owner and admins only', async () => {
    const owner = await createActor(t.app, 'member');
    const result = await takeAssessment(owner);
    const url = `/api/questionnaire/${result.questionnaire.id}/results`;
    expect((await (await createActor(t.app, 'member')).request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await (await createActor(t.app, 'premium')).request({ method: 'GET', url })).statusCode).toBe(
      404,
    );
    expect((await (await createActor(t.app, 'admin')).request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await visitor.request({ method: 'GET', url })).statusCode).toBe(401);
    const unfinished = (await start(await createActor(t.app, 'admin'))).json();
    expect(
      (await owner.request({ method: 'GET', url: `/api/questionnaire/${unfinished.id}/results` })).statusCode,
    ).toBe(404);
  });

  it('answers latest with null before the first assessment, and lists history newest first', async () => {
    const member = await createActor(t.app, 'premium');
    const latest = await member.request({ method: 'GET', url: '/api/user/latest-questionnaire' });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toBeNull();
    expect((await member.request({ method: 'GET', url: '/api/user/questionnaire-history' })).json()).toEqual(
      [],
    );
    const first = await takeAssessment(member, () => 2);
    const second = await takeAssessment(member, () => 4);
    const history = (await member.request({ method: 'GET', url: '/api/user/questionnaire-history' })).json();
    expect(history.map((h: { questionnaire: { id: string } }) => h.questionnaire.id)).toEqual([
      second.questionnaire.id,
      first.questionnaire.id,
    ]);
    expect(history[0].scores.overall6P).toBe(4);
    expect(
      (await member.request({ method: 'GET', url: '/api/user/latest-questionnaire' })).json().questionnaire
        .id,
    ).toBe(second.questionnaire.id);
    expect(
      (await visitor.request({ method: 'GET', url: '/api/user/questionnaire-history' })).statusCode,
    ).toBe(401);
  });
});

describe('retakes', () => {
  it('gives a free member one assessment, then 403 PREMIUM_REQUIRED', async () => {
    const member = await createActor(t.app, 'member');
    expect((await member.request({ method: 'GET', url: '/api/questionnaire/access' })).json()).toEqual({
      completedCount: 0,
      canStart: true,
    });
    await takeAssessment(member);
    const retake = await start(member);
    expect(retake.statusCode).toBe(403);
    expect(retake.json().code).toBe('PREMIUM_REQUIRED');
    expect((await member.request({ method: 'GET', url: '/api/questionnaire/access' })).json()).toEqual({
      completedCount: 1,
      canStart: false,
    });
  });

  it.each(['premium', 'admin'] as const)('lets a %s retake', async (role) => {
    const actor = await createActor(t.app, role);
    await takeAssessment(actor);
    expect((await start(actor)).statusCode).toBe(201);
  });
});

describe('in the member’s language (issue 37)', () => {
  type Translated = {
    domain: string;
    title: string;
    description: string;
    questions: Array<{ id: string; presenceSubdomain: string | null; questionText: string }>;
  };
  const inLanguage = async (actor: Actor, headers: Record<string, string>, query = '') =>
    (
      await actor.request({ method: 'GET', url: `/api/questionnaire/domains${query}`, headers })
    ).json() as Translated[];

  it('answers in Spanish or German from Accept-Language, the language cookie or ?locale=, with the same ids and order', async () => {
    const spanish = await inLanguage(visitor, { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' });
    expect(spanish[0]).toMatchObject({ domain: 'perception', title: 'Percepción' });
    expect(spanish[0]!.questions[0]!.questionText).toBe(
      'Me fijé en pequeños detalles agradables de mi día, como la luz, los sonidos o los sabores.',
    );
    expect(spanish.at(-1)!.title).toBe('Presencia');

    const german = await inLanguage(visitor, { cookie: 'stillpoint-locale=de' });
    expect(german[0]!.title).toBe('Wahrnehmung');
    expect(german.at(-1)!.questions.at(-1)!.questionText).toBe(
      'Ich fühlte mich in meinem eigenen Körper und Geist zu Hause.',
    );
    // ?locale= wins over the browser's languages.
    const asked = await inLanguage(visitor, { 'accept-language': 'de' }, '?locale=es');
    expect(asked[1]!.title).toBe('Perspectiva');

    // Every statement is translated (none falls back to English), and only the words differ.
    const english = domains as unknown as Translated[];
    const shape = (list: Translated[]) =>
      list.map((d) => [d.domain, d.questions.map((q) => [q.id, q.presenceSubdomain])]);
    for (const translated of [spanish, german]) {
      expect(shape(translated)).toEqual(shape(english));
      const englishTexts = new Set(
        english.flatMap((d) => [d.title, d.description, ...d.questions.map((q) => q.questionText)]),
      );
      for (const domain of translated) {
        for (const text of [domain.description, ...domain.questions.map((q) => q.questionText)]) {
          expect(englishTexts.has(text), text).toBe(false);
        }
      }
    }
  });

  it('stays in English for English, for a language it does not ship and for the pseudo-locales, and refuses an unknown ?locale=', async () => {
    const french = await inLanguage(visitor, { 'accept-language': 'fr-FR' });
    expect(french).toEqual(domains);
    expect(await inLanguage(visitor, {}, '?locale=en')).toEqual(domains);
    expect(await inLanguage(visitor, {}, '?locale=en-XA')).toEqual(domains);
    const refused = await visitor.request({ method: 'GET', url: '/api/questionnaire/domains?locale=fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/locale must be one of en, es, de/);
  });

  it("follows the site's default language when the browser asks for none the site speaks", async () => {
    const admin = await createActor(t.app, 'admin');
    const set = (defaultLocale: string) =>
      admin.request({ method: 'PUT', url: '/api/admin/site', payload: { defaultLocale } });
    expect((await set('de')).statusCode).toBe(200);
    try {
      expect((await inLanguage(visitor, { 'accept-language': 'fr-FR' }))[0]!.title).toBe('Wahrnehmung');
      expect((await inLanguage(visitor, { 'accept-language': 'es' }))[0]!.title).toBe('Percepción');
    } finally {
      await set('en');
    }
  });

  it('scores the same answers the same whatever language they were given in', async () => {
    const spanish = await inLanguage(visitor, { 'accept-language': 'es' });
    const german = await inLanguage(visitor, { 'accept-language': 'de' });
    const scoreFor = (index: number) => index % 6;
    const results = [];
    for (const [language, list] of [
      ['es', spanish],
      ['de', german],
      ['en', domains as unknown as Translated[]],
    ] as const) {
      const member = await createActor(t.app, 'member');
      const session = (await start(member)).json();
      const questions = list.flatMap((d) => d.questions);
      for (const [index, question] of questions.entries()) {
        const saved = await member.request({
          method: 'POST',
          url: `/api/questionnaire/${session.id}/response`,
          headers: { 'accept-language': language },
          payload: { questionId: question.id, score: scoreFor(index) },
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const completed = await member.request({
        method: 'POST',
        url: `/api/questionnaire/${session.id}/complete`,
        headers: { 'accept-language': language },
      });
      expect(completed.statusCode, completed.body).toBe(200);
      results.push(completed.json().scores);
    }
    expect(results[0]).toEqual(results[2]);
    expect(results[1]).toEqual(results[2]);
  });
});
