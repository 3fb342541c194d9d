import { apiRequest } from '@client/lib/api';
import { cursorPagesOptions } from '@client/lib/cursor-pages';
import { NEXT_CURSOR_HEADER } from '@shared/pagination';
import { LIBRARY_PAGE_SIZE } from '@shared/preloads';
import type {
  AccessFilter,
  ContentItem,
  ContentLanguages,
  ContentType,
  DurationFilter,
} from '@shared/schemas/content';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';

/** The filters of `GET /api/videos`; an absent value means "all". */
export type ContentListParams = {
  search?: string | undefined;
  type?: ContentType | undefined;
  access?: AccessFilter | undefined;
  duration?: DurationFilter | undefined;
  /** A content language tag ('de'): items in that language only. */
  language?: string | undefined;
  /** `YYYY-MM`: items scheduled on any day of that month. */
  calendarMonth?: string | undefined;
  sort?: 'newest' | 'popular' | undefined;
  limit?: number | undefined;
};

export type ContentPage = { items: ContentItem[]; nextCursor: string | null };

/** One page of the All Content and Search Results grids. */
export const CONTENT_PAGE_SIZE = LIBRARY_PAGE_SIZE;

// A fixed order keeps one URL (and one cache entry) per set of filters.
const PARAM_ORDER = [
  'search',
  'type',
  'access',
  'duration',
  'language',
  'calendarMonth',
  'sort',
  'limit',
] as const;

export function buildContentListUrl(params: ContentListParams, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const key of PARAM_ORDER) {
    const value = params[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    query.set(key, String(value));
  }
  if (cursor) query.set('cursor', cursor);
  const queryString = query.toString();
  return queryString ? `/api/videos?${queryString}` : '/api/videos';
}

/** `GET /api/videos`: one page of published content, newest first unless sorted by popularity. */
export async function listContent(params: ContentListParams, cursor?: string | null): Promise<ContentPage> {
  const response = await apiRequest('GET', buildContentListUrl(params, cursor));
  const items = (await response.json()) as ContentItem[];
  return { items, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null };
}

export const contentListQueries = {
  /** A single short list (the library's New, Free, Premium and Popular rows, the calendar month). */
  list: (params: ContentListParams) =>
    queryOptions({
      queryKey: ['/api/videos', 'list', params],
      queryFn: async () => (await listContent(params)).items,
    }),
  /** A list read page by page through the `x-next-cursor` header. */
  pages: (params: ContentListParams) =>
    cursorPagesOptions(['/api/videos', 'pages', params], (cursor) => listContent(params, cursor)),
};

/** The languages published items are in (`GET /api/videos/languages`), for the library's filter. */
export const contentLanguagesQuery = () =>
  queryOptions({
    queryKey: ['/api/videos/languages'],
    queryFn: async () =>
      (await (await apiRequest('GET', '/api/videos/languages')).json()) as ContentLanguages,
    staleTime: 60_000,
  });

export function useContentList(params: ContentListParams) {
  return useQuery(contentListQueries.list(params));
}

export function useContentPages(params: ContentListParams) {
  return useInfiniteQuery(contentListQueries.pages(params));
}
