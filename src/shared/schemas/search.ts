import { z } from 'zod';
import { AuthorSchema } from './community.ts';
import { ContentItemSchema } from './content.ts';
import { pageLimit } from './paging.ts';

/** The header search across the library and the forums (docs/product.md, "Search"). */

export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 10;
export const MAX_SEARCH_PAGE_SIZE = 24;
export const SEARCH_SECTIONS = ['content', 'posts'] as const;
export type SearchSection = (typeof SEARCH_SECTIONS)[number];

export const SearchQuerySchema = z.object({
  q: z
    .string('Please type something to search for')
    .trim()
    .min(MIN_SEARCH_LENGTH, `Please type at least ${MIN_SEARCH_LENGTH} characters to search`)
    .max(MAX_SEARCH_LENGTH, `A search can be at most ${MAX_SEARCH_LENGTH} characters`)
    .refine((value) => /[\p{L}\p{N}]/u.test(value), 'Please search for a word or a number'),
  /** One section only (its next page): `content` or `posts`; both when absent. */
  section: z.enum(SEARCH_SECTIONS, 'section must be content or posts').optional(),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: pageLimit(MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE),
});
export type SearchQuery = z.input<typeof SearchQuerySchema>;

/** A forum post or comment that matched: where it is, who wrote it, and the passage that matched. */
export const ForumHitSchema = z.object({
  kind: z.enum(['post', 'comment']),
  id: z.string(),
  /** The post itself, or the post the comment is on (the page a hit opens). */
  postId: z.string(),
  postTitle: z.string(),
  /** The passage around the first match (plain text; the client marks the terms). */
  excerpt: z.string(),
  createdAt: z.string(),
  user: AuthorSchema,
  forum: z.object({ slug: z.string(), title: z.string(), isPremium: z.boolean() }),
  /** Hidden pending review: only its author and moderators receive it. */
  isHidden: z.boolean(),
  /** Held for review (a new account's link): only its author and moderators receive it. */
  isHeld: z.boolean(),
});
export type ForumHit = z.infer<typeof ForumHitSchema>;

export const SearchResultSchema = z.object({
  content: z.array(ContentItemSchema),
  posts: z.array(ForumHitSchema),
  /** The cursor of each section's next page (`?section=…&cursor=…`), null at the end. */
  nextCursors: z.object({ content: z.string().nullable(), posts: z.string().nullable() }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/**
 * The words of a search as the server matches them (each a word prefix, at most 8): the same
 * tokens `toPrefixQuery` builds its query from, so the client marks exactly what matched.
 */
export function searchTerms(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** Splits `text` into plain and matching runs: a run matches where a word starts with a term. */
export function splitMatches(text: string, terms: readonly string[]): { text: string; isMatch: boolean }[] {
  if (terms.length === 0 || text.length === 0) return text ? [{ text, isMatch: false }] : [];
  const parts: { text: string; isMatch: boolean }[] = [];
  const push = (value: string, isMatch: boolean) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last && last.isMatch === isMatch) last.text += value;
    else parts.push({ text: value, isMatch });
  };
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  let index = 0;
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = word.index;
    const lower = word[0].toLowerCase();
    const term = sorted.find((candidate) => lower.startsWith(candidate));
    if (!term) continue;
    // Lower-casing can change lengths in a few scripts; mark the whole word then.
    const length = word[0].slice(0, term.length).toLowerCase() === term ? term.length : word[0].length;
    push(text.slice(index, start), false);
    push(text.slice(start, start + length), true);
    index = start + length;
  }
  push(text.slice(index), false);
  return parts;
}
