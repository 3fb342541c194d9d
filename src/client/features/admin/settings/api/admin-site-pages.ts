import { apiJson, apiQuery } from '@client/lib/api';
import type { SitePages, SitePagesUpdate } from '@shared/schemas/site-pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const adminSitePagesQueries = {
  /** `GET /api/admin/site/pages`: the pages' and help's Markdown as written, or the templates. */
  pages: () => apiQuery<SitePages>('/api/admin/site/pages'),
};

export function useAdminSitePages() {
  return useQuery(adminSitePagesQueries.pages());
}

/** `PUT /api/admin/site/pages`; the public pages and help are read again afterwards. */
export function useSaveSitePages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SitePagesUpdate) => apiJson<SitePages>('PUT', '/api/admin/site/pages', update),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminSitePagesQueries.pages().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['/api/site/pages'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/site/help'] });
    },
  });
}
