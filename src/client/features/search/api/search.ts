import { apiJson } from '@client/lib/api';
import { cursorPagesOptions } from '@client/lib/cursor-pages';
import type { ContentItem } from '@shared/schemas/content';
import {
  type ForumHit,
  SEARCH_PAGE_SIZE,
  type SearchResult,
  type SearchSection,
} from '@shared/schemas/search';
import { useInfiniteQuery } from '@tanstack/react-query';

type SectionItem = { content: ContentItem; posts: ForumHit };
type SectionPage<S extends SearchSection> = { items: SectionItem[S][]; nextCursor: string | null };

export const searchQueries = {
  /**
   * `GET /api/search?q=&section=`: one section's page (each section pages on by its own cursor,
   * and the server computes only that section). A search the member typed past is aborted: React
   * Query aborts the signal once no screen shows its words any more.
   */
  section: <S extends SearchSection>(q: string, section: S) =>
    cursorPagesOptions(['/api/search', section, q], async (cursor, signal): Promise<SectionPage<S>> => {
      const query = new URLSearchParams({ q, section, limit: String(SEARCH_PAGE_SIZE) });
      if (cursor) query.set('cursor', cursor);
      const result = await apiJson<SearchResult>('GET', `/api/search?${query}`, undefined, { signal });
      return { items: result[section] as SectionItem[S][], nextCursor: result.nextCursors[section] };
    }),
};

export function useSearchSection<S extends SearchSection>(q: string, section: S, isEnabled: boolean) {
  return useInfiniteQuery({ ...searchQueries.section(q, section), enabled: isEnabled });
}
