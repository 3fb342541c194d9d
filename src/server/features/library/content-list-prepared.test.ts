import { randomUUID } from 'node:crypto';
import { ContentListQuerySchema } from '@shared/schemas/content.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { contentItems } from '../../db/schema/index.ts';
import { toViewerAccess, VISITOR_ACCESS, type ViewerAccess } from '../../lib/viewer.ts';
import {
  type ListShape,
  listContent,
  listNewest,
  newestStatementName,
  toLibraryQuery,
  toPrefixQuery,
} from './content.service.ts';
import {
  expectedMatches,
  isSelectiveSearch,
  readSearchStatistics,
  SELECTIVE_MAX_MATCHES,
  type SearchStatistics,
} from './search-statistics.ts';

/**
 * The newest-first list runs through prepared statements, one per filter shape: for every shape
 * it must return exactly what the same conditions with their values inline return (the builder's
 * two modes, docs/decisions/042), a search of rare words (planned once, decision 070) as much as
 * one of common words.
 */
const t = setUpTestApp();
const word = `w${randomUUID().replaceAll('-', '').slice(0, 8)}`;
/** In more items than a selective search may match: its searches are planned per request. */
const common = `c${randomUUID().replaceAll('-', '').slice(0, 8)}`;
const COMMON_ITEMS = SELECTIVE_MAX_MATCHES + 100;

beforeAll(async () => {
  const types = ['video', 'audio', 'post', 'event'] as const;
  await t.app.database.db.insert(contentItems).values(
    Array.from({ length: 40 }, (_, i) => ({
      title: `${i % 2 ? word : 'Other'} practice ${i}`,
      description: i % 3 ? `Words about ${word} and the breath.` : 'A quiet text.',
      type: types[i % 4]!,
      duration: [120, 400, 900, 1500][i % 4]!,
      isPremium: i % 3 === 0,
      isPublished: i % 7 !== 0,
      tags: i % 5 ? ['calm'] : [word],
      calendarDates: i % 6 === 0 ? ['2031-03-14'] : [],
      language: [null, 'de', 'pt-BR', 'en'][i % 4],
      createdAt: new Date(Date.UTC(2031, 0, 1) + (i % 10) * 60_000),
    })),
  );
  await t.app.database.db.insert(contentItems).values(
    Array.from({ length: COMMON_ITEMS }, (_, i) => ({
      title: `${common} ${i}`,
      description: i % 2 ? `Also ${word}.` : 'Nothing else.',
      type: 'post' as const,
      isPremium: i % 4 === 0,
      isPublished: i % 9 !== 0,
      createdAt: new Date(Date.UTC(2030, 0, 1) + (i % 50) * 60_000),
    })),
  );
  // The statistics the library reads, before its first search reads them.
  await t.app.database.pool.query('analyze content_items');
});

const viewers: Array<[string, ViewerAccess]> = [
  ['visitor', VISITOR_ACCESS],
  ['member', toViewerAccess({ id: randomUUID(), isAdmin: false, subscriptionStatus: null })],
  ['premium', toViewerAccess({ id: randomUUID(), isAdmin: false, subscriptionStatus: 'active' })],
  ['admin', toViewerAccess({ id: randomUUID(), isAdmin: true, subscriptionStatus: null })],
];
const queries: Array<Record<string, string>> = [
  {},
  { limit: '5' },
  { search: word },
  { search: `${word} breath` },
  { search: '!!!' },
  // The same shape as the search above with other values: a prepared statement bakes in no value.
  { search: 'quiet' },
  { search: word, type: 'audio' },
  { access: 'premium' },
  { access: 'free', duration: '5-10' },
  { duration: '20+' },
  { duration: '10-20', search: word },
  { calendarMonth: '2031-03' },
  { calendarMonth: '2031-03', type: 'video', access: 'premium' },
  { language: 'de' },
  { language: 'PT-br', search: word },
  { search: common },
  { search: `${common} ${word}` },
  { search: `${common} 12`, access: 'free' },
  { search: `${word} 1`, type: 'post' },
];

/** Both modes of the list's query, page after page; fails where they differ. */
async function expectModesAgree(viewer: ViewerAccess, raw: Record<string, string>, pages = 8) {
  const db = t.app.database.db;
  let query = ContentListQuerySchema.parse({ limit: '7', ...raw });
  for (let page = 0; page < pages; page += 1) {
    const prepared = await listContent(db, query, viewer);
    const inline = await listNewest(db, query, viewer, {}, 'inline');
    expect(prepared, JSON.stringify({ raw, page })).toEqual(inline);
    if (!prepared.nextCursor) break;
    query = { ...query, cursor: prepared.nextCursor };
  }
}

describe('prepared list statements', () => {
  it.each(viewers)('match the inline query for every shape, page after page (%s)', async (_, viewer) => {
    for (const raw of queries) await expectModesAgree(viewer, raw);
  });
});

/**
 * Sample values of every filter the list accepts. A filter added to the query schema needs its
 * values here, and then the tests below prove that the one condition builder applies it in the
 * prepared mode as in the inline one, alone and combined with every other filter.
 */
const filterSamples: Record<string, string[]> = {
  type: ['audio', 'post'],
  access: ['premium', 'free'],
  duration: ['5-10', '20+'],
  search: [word, '!!!', common],
  calendarMonth: ['2031-03'],
  language: ['de', 'pt-BR'],
};
/** The parts of the query that are not filters: the order and the page. */
const NOT_FILTERS = ['sort', 'limit', 'cursor'];

describe('the condition builder', () => {
  it('has sample values for every filter of the list query', () => {
    const filters = Object.keys(ContentListQuerySchema.shape).filter((key) => !NOT_FILTERS.includes(key));
    expect(Object.keys(filterSamples).sort()).toEqual(filters.sort());
  });

  it('applies each filter: alone, it changes the list, the same way in both modes', async () => {
    const db = t.app.database.db;
    const ids = async (raw: Record<string, string>, mode: 'prepared' | 'inline') =>
      (
        await listNewest(db, ContentListQuerySchema.parse({ limit: '100', ...raw }), VISITOR_ACCESS, {}, mode)
      ).items.map((item) => item.id);
    const unfiltered = await ids({}, 'inline');
    for (const [filter, values] of Object.entries(filterSamples)) {
      for (const value of values) {
        const inline = await ids({ [filter]: value }, 'inline');
        expect(inline, `${filter}=${value}`).not.toEqual(unfiltered);
        expect(await ids({ [filter]: value }, 'prepared'), `${filter}=${value}`).toEqual(inline);
      }
    }
  });

  it.each(viewers)(
    'gives the same rows in both modes for every combination of filters (%s)',
    async (_, viewer) => {
      // Every subset of the filters, each with its first sample value, plus each further value
      // with all the other filters: 2^6 + 5 queries, every page.
      const entries = Object.entries(filterSamples);
      const combinations: Array<Record<string, string>> = [];
      for (let mask = 0; mask < 2 ** entries.length; mask += 1) {
        combinations.push(
          Object.fromEntries(
            entries.filter((_, i) => mask & (2 ** i)).map(([key, values]) => [key, values[0]!]),
          ),
        );
      }
      for (const [filter, values] of entries) {
        const others = Object.fromEntries(entries.map(([key, samples]) => [key, samples[0]!]));
        for (const value of values.slice(1)) combinations.push({ ...others, [filter]: value });
      }
      for (const raw of combinations) await expectModesAgree(viewer, raw, 3);
    },
  );
});

describe('statement names', () => {
  const shape: ListShape = {
    publishedOnly: true,
    type: false,
    access: false,
    durationMin: false,
    durationMax: false,
    language: false,
    search: 'none',
    selective: false,
    month: false,
    cursor: false,
  };
  it('names the lists without a search and the selective searches; leaves others unnamed, planned for their words', () => {
    expect(newestStatementName(shape, 'publishedOnly')).toBe('content_newest.publishedOnly');
    expect(newestStatementName({ ...shape, search: 'nothing' }, 'publishedOnly.search-nothing')).toBe(
      'content_newest.publishedOnly.search-nothing',
    );
    expect(newestStatementName({ ...shape, search: 'all' }, 'publishedOnly.search-all')).toBe('');
    expect(newestStatementName({ ...shape, search: 'card', cursor: true }, 'x')).toBe('');
    expect(newestStatementName({ ...shape, search: 'card', selective: true }, 'search-card.selective')).toBe(
      'content_newest.search-card.selective',
    );
  });

  it('keeps every name within the 63 bytes PostgreSQL keeps, distinct per shape', () => {
    const long = 'publishedOnly.access.durationMin.durationMax.search-none';
    const names = [long, `${long}.month`, `${long}.cursor`].map((key) => newestStatementName(shape, key));
    for (const name of names) expect(name.length).toBeLessThanOrEqual(63);
    expect(new Set(names).size).toBe(3);
  });
});

describe('selective searches (decision 070)', () => {
  it("reads PostgreSQL's statistics of the search vector", async () => {
    const statistics = await readSearchStatistics(t.app.database.db);
    expect(statistics?.rows).toBe(40 + COMMON_ITEMS);
    // Every item with the common word in its title; words rarer than the least listed get less.
    expect(statistics?.frequencies.get(common)).toBeCloseTo(COMMON_ITEMS / (40 + COMMON_ITEMS), 2);
    expect(statistics?.otherFrequency).toBeGreaterThan(0);
    expect(statistics?.otherFrequency).toBeLessThanOrEqual(0.005);
  });

  it('calls a search selective when PostgreSQL expects few items to hold all its words', async () => {
    const db = t.app.database.db;
    expect(await isSelectiveSearch(db, [common])).toBe(false);
    expect(await isSelectiveSearch(db, [word])).toBe(true);
    expect(await isSelectiveSearch(db, [common, 'zzzz'])).toBe(true);
    expect(await isSelectiveSearch(db, [])).toBe(false);
  });

  it('keeps the premium rule: a word only in premium texts finds nothing without premium access', async () => {
    const db = t.app.database.db;
    // "quiet" is only in the texts of premium items (every third), never in a title or tag.
    expect(await isSelectiveSearch(db, ['quiet'])).toBe(true);
    const query = ContentListQuerySchema.parse({ search: 'quiet', limit: '50' });
    for (const [role, viewer] of viewers) {
      const { items } = await listContent(db, query, viewer);
      if (role === 'premium' || role === 'admin') expect(items.length, role).toBeGreaterThan(0);
      else expect(items, role).toEqual([]);
    }
  });

  it('estimates as PostgreSQL does: the product of the shares, unlisted words at the assumed share', () => {
    const statistics: SearchStatistics = {
      rows: 100_000,
      frequencies: new Map([
        ['breath', 0.4],
        ['calm', 0.05],
      ]),
      otherFrequency: 0.001,
    };
    expect(expectedMatches(statistics, ['breath'])).toBeCloseTo(40_000);
    expect(expectedMatches(statistics, ['breath', 'calm'])).toBeCloseTo(2_000);
    expect(expectedMatches(statistics, ['breath', '1234'])).toBeCloseTo(40);
    expect(expectedMatches(statistics, [])).toBe(100_000);
  });
});

describe('search indexes', () => {
  it('keeps no GIN pending list for every search to scan (decision 052)', async () => {
    const { rows } = await t.app.database.pool.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_class c
        where c.relname in ('content_items_search_idx', 'content_items_calendar_idx') order by 1`,
    );
    expect(rows).toEqual([
      { name: 'content_items_calendar_idx', options: ['fastupdate=false'] },
      { name: 'content_items_search_idx', options: ['fastupdate=false'] },
    ]);
  });

  it('finds by whole lexemes exactly what prefixes find, on every part and weight (decision 065)', async () => {
    const ids = async (tsquery: string | null) =>
      (
        await t.app.database.pool.query<{ id: string }>(
          `select id from content_items where search_vector @@ to_tsquery('simple', $1) order by id`,
          [tsquery],
        )
      ).rows.map((row) => row.id);
    let found = 0;
    for (const typed of [
      word,
      word.slice(0, 3),
      'pr 3',
      'practice 1',
      'qu',
      'calm',
      'b',
      'the br',
      `${word} 2`,
    ]) {
      for (const weights of ['', 'AB']) {
        const whole = await ids(toLibraryQuery(typed, weights));
        expect(whole).toEqual(await ids(toPrefixQuery(typed, weights)));
        found += whole.length;
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  it('stores every opening of a word up to 32 characters with its positions and weights (decision 065)', async () => {
    const vector = async (expression: string) =>
      (
        await t.app.database.pool.query<{ v: string }>(
          `select content_search_prefixes(${expression})::text as v`,
        )
      ).rows[0]!.v;
    expect(await vector(`setweight(to_tsvector('simple', 'Calm calm air'), 'A')`)).toBe(
      `'a':3A 'ai':3A 'air':3A 'c':1A,2A 'ca':1A,2A 'cal':1A,2A 'calm':1A,2A`,
    );
    const long = 'b'.repeat(40);
    const lexemes = (await vector(`to_tsvector('simple', '${long}')`)).split(' ').map((l) => l.split(':')[0]);
    expect(lexemes).toEqual([...Array.from({ length: 32 }, (_, n) => `'${'b'.repeat(n + 1)}'`), `'${long}'`]);
    // A long text: positions past 256 per lexeme are dropped, as tsvector does, never an error.
    expect(await vector(`to_tsvector('simple', repeat('sit ', 400))`)).toMatch(/^'s':1,2,3/);
    expect(await vector(`to_tsvector('simple', '')`)).toBe('');
  });
});
