import { getQueryFn } from '@client/lib/api';
import type { SignedUrlResponse } from '@shared/schemas/content';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** Links are asked for again this long before they expire, so a seek never meets an expired one. */
export const MEDIA_LINK_RENEW_MARGIN_MS = 30_000;

export const signedUrlQueries = {
  /**
   * `GET /api/videos/{id}/signed-url`: a media address and when it expires (ten minutes for a
   * signed link, never for a stream). A cached one older than five minutes is asked for again when
   * a player mounts; a player that outlives its link renews it through `renewSignedUrl`.
   */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['/api/videos', encodeURIComponent(id), 'signed-url'],
      queryFn: getQueryFn<SignedUrlResponse>({ on401: 'throw' }),
      staleTime: 5 * 60 * 1000,
    }),
};

export function useSignedUrl(id: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...signedUrlQueries.detail(id), enabled: isEnabled });
}

/**
 * Whether a link has expired, or is about to, by the `expiresAt` the server sent with it. Null or
 * absent: the link does not expire (a stream, or a copy stored on this device).
 */
export function isMediaLinkStale(expiresAt: string | null | undefined, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const expiry = Date.parse(expiresAt);
  return !Number.isNaN(expiry) && expiry - MEDIA_LINK_RENEW_MARGIN_MS <= now;
}

/** A fresh link for an item (and its expiry), whatever the cache holds. */
export async function renewSignedUrl(queryClient: QueryClient, id: string): Promise<SignedUrlResponse> {
  const { queryKey } = signedUrlQueries.detail(id);
  await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  return queryClient.fetchQuery(signedUrlQueries.detail(id));
}

/** `renewSignedUrl` bound to the app's query client. */
export function useRenewSignedUrl(): (id: string) => Promise<SignedUrlResponse> {
  const queryClient = useQueryClient();
  return useCallback((id: string) => renewSignedUrl(queryClient, id), [queryClient]);
}
