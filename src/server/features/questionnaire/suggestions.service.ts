import {
  SUGGESTION_DOMAINS,
  type Suggestion,
  type SuggestionDomain,
  type SuggestionTags,
} from '@shared/schemas/questionnaire.ts';
import type { Scores } from '@shared/scoring.ts';
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, questionnaireSuggestionTags } from '../../db/schema/index.ts';
import { toViewerAccess, type Viewer } from '../../lib/viewer.ts';
import { contentColumns, toContentItem } from '../library/index.ts';

/** An area scoring below this (not yet "Aligned") may get suggestions. */
export const SUGGESTION_BELOW = 4;
/** At most this many of the lowest areas get suggestions. */
export const SUGGESTED_AREAS = 3;
/** Items suggested per area. */
export const ITEMS_PER_AREA = 3;

/**
 * The tags an operator starts with, matched against the demo library's tags; admins change them
 * (PUT /api/admin/questionnaire/suggestion-tags). Written only where an area has no row yet.
 */
export const DEFAULT_SUGGESTION_TAGS: Record<SuggestionDomain, string[]> = {
  perception: ['awareness', 'body scan', 'visual'],
  perspective: ['self-compassion', 'gratitude', 'emotions'],
  people: ['kindness', 'community'],
  participation: ['intention', 'habits', 'morning'],
  pursuits: ['focus', 'motivation', 'intention'],
  place: ['rest', 'silence', 'evening'],
  calm: ['breathing', 'stress', 'anxiety'],
  clear: ['focus', 'awareness', 'quick reset'],
  connected: ['kindness', 'self-compassion', 'community'],
};

/** Seeds the default mapping for areas without one; an admin's choice is never overwritten. */
export async function seedSuggestionTags(db: Pick<Database, 'insert'>): Promise<void> {
  await db
    .insert(questionnaireSuggestionTags)
    .values(SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: DEFAULT_SUGGESTION_TAGS[domain] })))
    .onConflictDoNothing();
}

export async function getSuggestionTags(db: Database): Promise<SuggestionTags> {
  const rows = await db.select().from(questionnaireSuggestionTags);
  const byDomain = new Map(rows.map((row) => [row.domain, row.tags]));
  return { domains: SUGGESTION_DOMAINS.map((domain) => ({ domain, tags: byDomain.get(domain) ?? [] })) };
}

export async function setSuggestionTags(db: Database, input: SuggestionTags): Promise<SuggestionTags> {
  await db.transaction(async (tx) => {
    for (const { domain, tags } of input.domains) {
      await tx
        .insert(questionnaireSuggestionTags)
        .values({ domain, tags })
        .onConflictDoUpdate({
          target: questionnaireSuggestionTags.domain,
          set: { tags, updatedAt: new Date() },
        });
    }
  });
  return getSuggestionTags(db);
}

/**
 * The member's lowest areas: the six Ps and the three Cs scoring below SUGGESTION_BELOW, lowest
 * first (ties in the questionnaire's order), at most SUGGESTED_AREAS. docs/product.md, Questionnaire.
 */
export function lowestAreas(scores: Scores): SuggestionDomain[] {
  const all = SUGGESTION_DOMAINS.map((domain, order) => ({
    domain,
    order,
    score:
      domain in scores.domains
        ? scores.domains[domain as keyof Scores['domains']]
        : scores.presence[domain as keyof Scores['presence']],
  }));
  return all
    .filter((entry) => entry.score < SUGGESTION_BELOW)
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .slice(0, SUGGESTED_AREAS)
    .map((entry) => entry.domain);
}

/**
 * Up to ITEMS_PER_AREA published items for each of the lowest areas, shaped as library cards by
 * `toContentItem` (premium items reach a viewer without premium access as marked teasers, and
 * come after the items they can open). An item is suggested for one area only. Bounded: one query
 * of a few rows per area, at most three areas.
 */
export async function suggestionsFor(db: Database, scores: Scores, viewer: Viewer): Promise<Suggestion[]> {
  const areas = lowestAreas(scores);
  if (areas.length === 0) return [];
  const { domains } = await getSuggestionTags(db);
  const tagsOf = new Map(domains.map((entry) => [entry.domain, entry.tags.map((tag) => tag.toLowerCase())]));
  const access = toViewerAccess(viewer);
  const order = [desc(contentItems.createdAt), desc(contentItems.id)];
  if (!access.hasPremiumAccess) order.unshift(asc(contentItems.isPremium));
  const used: string[] = [];
  const suggestions: Suggestion[] = [];
  for (const domain of areas) {
    const tags = tagsOf.get(domain) ?? [];
    if (tags.length === 0) continue;
    const rows = await db
      .select(contentColumns)
      .from(contentItems)
      .where(
        and(
          eq(contentItems.isPublished, true),
          sql`exists (select 1 from unnest(${contentItems.tags}) as t where lower(t) = any(${sql.param(tags)}::text[]))`,
          used.length > 0 ? notInArray(contentItems.id, used) : undefined,
        ),
      )
      .orderBy(...order)
      .limit(ITEMS_PER_AREA);
    if (rows.length === 0) continue;
    used.push(...rows.map((row) => row.id));
    suggestions.push({ domain, items: rows.map((row) => toContentItem(row, access)) });
  }
  return suggestions;
}
