import { getQueryFn } from '@client/lib/api';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const signedUrlQueries = {
  /**
   * `GET /api/videos/{id}/signed-url`: a short-lived media address. It is valid for hours, and the
   * cache forgets it five minutes after the last player closes, so a cached one is still good.
   */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['/api/videos', encodeURIComponent(id), 'signed-url'],
      queryFn: getQueryFn<{ signedUrl: string }>({ on401: 'throw' }),
    }),
};

export function useSignedUrl(id: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...signedUrlQueries.detail(id), enabled: isEnabled });
}
