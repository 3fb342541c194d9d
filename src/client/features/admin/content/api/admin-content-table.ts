import { apiJson, apiRequest } from '@client/lib/api';
import type {
  AdminContentListQuery,
  BulkContentAction,
  BulkContentResult,
} from '@shared/schemas/admin-content';
import { type ContentItem, NEXT_CURSOR_HEADER } from '@shared/schemas/content';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { refreshContentQueries } from './admin-content-list';

/** What the table asks for: its sort, filters and search (the cursor is the page's own). */
export type AdminContentTableParams = Required<
  Pick<AdminContentListQuery, 'sort' | 'direction' | 'type' | 'status' | 'access'>
> & { search: string };

export const adminContentTableQueries = {
  pages: (params: AdminContentTableParams) =>
    infiniteQueryOptions({
      queryKey: ['/api/admin/content', params] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }) => {
        const query = new URLSearchParams({
          sort: params.sort,
          direction: params.direction,
          type: params.type,
          status: params.status,
          access: params.access,
        });
        const search = params.search.trim();
        if (search) query.set('search', search);
        if (pageParam) query.set('cursor', pageParam);
        const response = await apiRequest('GET', `/api/admin/content?${query}`, undefined, { signal });
        return {
          items: (await response.json()) as ContentItem[],
          nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
        };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
};

/**
 * `GET /api/admin/content`: the table's pages, sorted and filtered on the server, drafts
 * included. While a new sort or filter loads, the last rows stay on screen.
 */
export function useAdminContentTable(params: AdminContentTableParams, { isEnabled = true } = {}) {
  return useInfiniteQuery({
    ...adminContentTableQueries.pages(params),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/** `POST /api/admin/content/bulk`: one action on the chosen items, all or none; refreshes every content list. */
export function useBulkContentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[]; action: BulkContentAction }) =>
      apiJson<BulkContentResult>('POST', '/api/admin/content/bulk', input),
    // Refreshed on failure too: a 404 means another admin changed the list meanwhile.
    onSettled: () => refreshContentQueries(queryClient),
  });
}
