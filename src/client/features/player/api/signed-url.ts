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

/**
 * When a signed media link expires (ms since the epoch): our `/media/` links (here or on the
 * operator's CDN) carry `expires`; a bucket's presigned GET carries `X-Amz-Date` and
 * `X-Amz-Expires`. Null for links that do not expire (streams).
 */
export function mediaLinkExpiresAt(src: string): number | null {
  let url: URL;
  try {
    url = new URL(src, 'http://stillpoint.invalid');
  } catch {
    return null;
  }
  const params = url.searchParams;
  // A bucket's keys also start with `media/`: the presigned parameters decide first.
  if (url.pathname.startsWith('/media/') && !params.has('X-Amz-Date')) {
    const expires = params.get('expires');
    return expires && /^\d+$/.test(expires) ? Number(expires) * 1000 : null;
  }
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(params.get('X-Amz-Date') ?? '');
  const lifetime = params.get('X-Amz-Expires') ?? '';
  if (!signedAt || !/^\d+$/.test(lifetime)) return null;
  const [, y, mo, d, h, mi, s] = signedAt.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + Number(lifetime) * 1000;
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
