import { apiQuery } from '@client/lib/api';
import type { SiteHelp, SitePage } from '@shared/schemas/site-pages';
import type { SitePageName } from '@shared/site-page-names';
import { useQuery } from '@tanstack/react-query';

/** The site's own pages and help, written by the admin; public, so signed-out visitors read them too. */
export const sitePageQueries = {
  /** `GET /api/site/pages/{page}`: a page's title and its sanitised HTML. */
  page: (page: SitePageName) => ({ ...apiQuery<SitePage>('/api/site/pages', page), staleTime: 60_000 }),
  /** `GET /api/site/help`: the FAQ, the contact address and the helplines. */
  help: () => ({ ...apiQuery<SiteHelp>('/api/site/help'), staleTime: 60_000 }),
};

export function useSitePage(page: SitePageName) {
  return useQuery(sitePageQueries.page(page));
}

export function useSiteHelp() {
  return useQuery(sitePageQueries.help());
}
