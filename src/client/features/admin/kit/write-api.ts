import { apiRequest } from '@client/lib/api';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

/** `base/{id}`, the id encoded. */
function itemUrl(base: string, id: string): string {
  return `${base}/${encodeURIComponent(id)}`;
}

/**
 * The three writes of an admin resource at `base`, as mutations for `useAdminWrites`: POST `base`
 * (201 with the new item), PUT `base/{id}` (the whole item again, answered with the saved one)
 * and DELETE `base/{id}` (204). Each waits for `refresh`, so the list is fresh when the dialog
 * closes; after a delete, `forget` first drops what the cache held of the item (its page should
 * not come back from the cache).
 */
export function adminWriteApi<Saved, Input, Removed extends { id: string } = { id: string }>({
  base,
  refresh,
  forget,
}: {
  base: string;
  refresh: (queryClient: QueryClient) => Promise<unknown>;
  forget?: (queryClient: QueryClient, removed: Removed) => void;
}) {
  const send = async (method: 'POST' | 'PUT', url: string, input: Input) =>
    (await (await apiRequest(method, url, input)).json()) as Saved;
  return {
    useCreate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (input: Input) => send('POST', base, input),
        onSuccess: () => refresh(queryClient),
      });
    },
    useUpdate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, input }: { id: string; input: Input }) => send('PUT', itemUrl(base, id), input),
        onSuccess: () => refresh(queryClient),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: async (item: Removed) => {
          await apiRequest('DELETE', itemUrl(base, item.id));
        },
        onSuccess: (_data, item) => {
          forget?.(queryClient, item);
          return refresh(queryClient);
        },
      });
    },
  };
}
