import { adminWriteApi } from '@client/features/admin/kit/write-api';
import { type ContentListParams, contentItemQueries, contentListQueries } from '@client/features/library';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { keepPreviousData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';

/** One page of the admin grid: the API's default page size. */
export const ADMIN_CONTENT_PAGE_SIZE = 24;

export function adminContentParams(search: string): ContentListParams {
  const trimmed = search.trim();
  return trimmed ? { search: trimmed, limit: ADMIN_CONTENT_PAGE_SIZE } : { limit: ADMIN_CONTENT_PAGE_SIZE };
}

/**
 * `GET /api/videos?search=…&limit=24`, page by page through `x-next-cursor`. For an admin the API
 * includes drafts and the media locations. The search runs on the server; while a new search
 * loads, the last results stay on screen.
 */
export function useAdminContentList(search: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...contentListQueries.pages(adminContentParams(search)),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

/**
 * After a write: every list, page, calendar month and detail of content (all under
 * '/api/videos'), the admin table's pages, and the lists that embed items (favourites, progress,
 * playlists).
 */
export function refreshContentQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/videos'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/content'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/user/favorites'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/progress'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/playlists'] }),
  ]);
}

/** `POST /api/videos`, `PUT` and `DELETE /api/videos/{id}` (admins). */
export const contentWrites = adminWriteApi<ContentItem, ContentInput>({
  base: '/api/videos',
  refresh: refreshContentQueries,
  forget: (queryClient, item) =>
    queryClient.removeQueries({ queryKey: contentItemQueries.detail(item.id).queryKey }),
});
