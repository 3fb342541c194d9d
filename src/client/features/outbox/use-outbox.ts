import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type OutboxItem, type OutboxKind, outbox, REFRESHED_BY_KIND } from './outbox';

/** Reads again what the delivered kinds changed on the server (progress lists, practice figures). */
export function refreshAfterDelivery(
  queryClient: QueryClient,
  kinds: readonly OutboxKind[],
): Promise<unknown> {
  const paths = new Set(kinds.flatMap((kind) => REFRESHED_BY_KIND[kind]));
  return Promise.all([...paths].map((path) => queryClient.invalidateQueries({ queryKey: [path] })));
}

/**
 * Queues an item in the account's outbox and sends it; once it has arrived, the screens showing
 * what it changed read again. Resolves true when it arrived (or was refused for good), false when
 * it waits on the device for the network.
 */
export function useOutboxSubmit(): (item: OutboxItem) => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (item: OutboxItem) => {
      const isDelivered = await outbox.submit(item);
      if (isDelivered) await refreshAfterDelivery(queryClient, [item.kind]);
      return isDelivered;
    },
    [queryClient],
  );
}
