import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { getErrorStatus } from '@client/lib/api';
import { CloudOff } from 'lucide-react';
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

/** Something got in the way of a load; the admin can try again. */
export function LoadError({
  title,
  description = 'Something got in the way. Give it a moment and try again.',
  onRetry,
  isRetrying,
}: {
  title: string;
  description?: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <h2 className="font-display font-medium text-2xl tracking-tight">{title}</h2>
      <p className="max-w-sm text-muted-foreground">{description}</p>
      <Button variant="outline" size="sm" onClick={onRetry} isPending={isRetrying}>
        Try again
      </Button>
    </Card>
  );
}
