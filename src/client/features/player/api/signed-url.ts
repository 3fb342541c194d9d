import { getQueryFn } from '@client/lib/api';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Links are asked for again this long before they expire, so a seek never meets an expired one. */
export const MEDIA_LINK_RENEW_MARGIN_MS = 30_000;

export const signedUrlQueries = {
  /**
   * `GET /api/videos/{id}/signed-url`: a media address that lives ten minutes. A cached one older
   * than five minutes is asked for again when a player mounts; a player that outlives its link
   * renews it through `renewSignedUrl`.
   */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['/api/videos', encodeURIComponent(id), 'signed-url'],
      queryFn: getQueryFn<{ signedUrl: string }>({ on401: 'throw' }),
      staleTime: 5 * 60 * 1000,
    }),
};

export function useSignedUrl(id: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...signedUrlQueries.detail(id), enabled: isEnabled });
}

/** When a signed `/media/` link expires (ms since the epoch); null for links that do not (streams). */
export function mediaLinkExpiresAt(src: string): number | null {
  if (!src.startsWith('/media/')) return null;
  const expires = new URL(src, 'http://stillpoint.invalid').searchParams.get('expires');
  return expires && /^\d+$/.test(expires) ? Number(expires) * 1000 : null;
}

/** Whether a link has expired, or is about to. */
export function isMediaLinkStale(src: string, now = Date.now()): boolean {
  const expiresAt = mediaLinkExpiresAt(src);
  return expiresAt !== null && expiresAt - MEDIA_LINK_RENEW_MARGIN_MS <= now;
}

/** A fresh link for an item, whatever the cache holds. */
export async function renewSignedUrl(queryClient: QueryClient, id: string): Promise<string> {
  const { queryKey } = signedUrlQueries.detail(id);
  await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  const data = await queryClient.fetchQuery(signedUrlQueries.detail(id));
  return data.signedUrl;
}

/** `renewSignedUrl` bound to the app's query client. */
export function useRenewSignedUrl(): (id: string) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback((id: string) => renewSignedUrl(queryClient, id), [queryClient]);
}
