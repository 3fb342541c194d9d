import { LoadError as StateLoadError } from '@client/components/content/state-cards';
import { getErrorStatus } from '@client/lib/api';

/** The server refused: signed out (401) or not an admin (403). */
export function isAccessError(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status === 401 || status === 403;
}

/** What a failed read offers to try again: a TanStack query's refetch and whether it is running. */
export type RetryableQuery = { refetch: () => unknown; isFetching: boolean };

/**
 * Something got in the way of an admin screen's read: the member client's load-error card (calm,
 * offline-aware), its title a section heading unless said otherwise, its Try again reading `query`
 * again.
 */
export function LoadError({
  query,
  headingLevel = 2,
  ...card
}: Omit<Parameters<typeof StateLoadError>[0], 'onRetry' | 'isRetrying'> & {
  title: string;
  query: RetryableQuery;
}) {
  return (
    <StateLoadError
      {...card}
      headingLevel={headingLevel}
      onRetry={() => query.refetch()}
      isRetrying={query.isFetching}
    />
  );
}
