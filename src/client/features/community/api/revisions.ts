import { apiQuery } from '@client/lib/api';
import type { Revision } from '@shared/schemas/moderation';
import { useQuery } from '@tanstack/react-query';

export const revisionQueries = {
  /** `GET /api/admin/moderation/{posts|comments}/{id}/revisions` (moderators): newest first. */
  list: (kind: 'post' | 'comment', id: string) =>
    apiQuery<Revision[]>('/api/admin/moderation', `${kind}s`, encodeURIComponent(id), 'revisions'),
};

export function useRevisions(kind: 'post' | 'comment', id: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...revisionQueries.list(kind, id), enabled: isEnabled });
}
