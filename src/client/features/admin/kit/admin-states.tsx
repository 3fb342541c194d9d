import { BreathingCircle } from '@client/components/breathing-circle';
import { LoadError as StateLoadError } from '@client/components/content/state-cards';
import { Card } from '@client/components/ui/card';
import { getErrorStatus } from '@client/lib/api';
import type { ReactNode } from 'react';

/** The server refused: signed out (401) or not an admin (403). */
export function isAccessError(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status === 401 || status === 403;
}

/** A calm message in place of a list: an empty list, or nothing matching a search. */
export function ListMessage({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <BreathingCircle size="sm" className="mb-2" />
      <p className="max-w-sm font-display font-medium text-xl tracking-tight">{title}</p>
      {description && <p className="max-w-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </Card>
  );
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
