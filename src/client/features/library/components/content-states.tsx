import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { OfflineNotice } from '@client/features/pwa/components/offline-notice';
import { useIsOnline } from '@client/features/pwa/online-status';
import { cn } from '@client/lib/cn';
import { CloudOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { ContentCardSkeleton } from './content-card';

/** A quiet note where a shelf or grid has nothing to show. */
export function EmptyNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'rounded-2xl border border-dashed bg-card/50 px-5 py-8 text-center text-muted-foreground',
        className,
      )}
    >
      {children}
    </p>
  );
}

/** A larger empty state with the breathing motif and an optional action. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <BreathingCircle size="sm" className="mb-2" />
      <h3 className="font-display font-medium text-2xl">{title}</h3>
      {description && <p className="max-w-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </Card>
  );
}

/** A request that failed, with a way to ask again. */
export function LoadError({
  title = 'This could not be loaded',
  description = 'Something got in the way. Give it a moment and try again.',
  onRetry,
  isRetrying = false,
  compact = false,
}: {
  title?: string;
  description?: string;
  onRetry: () => void;
  isRetrying?: boolean;
  compact?: boolean;
}) {
  const isOnline = useIsOnline();
  // With no network, "try again" cannot help: say so calmly and point to what still works.
  if (!isOnline) return <OfflineNotice compact={compact} />;
  return (
    <Card
      role="alert"
      className={cn('flex flex-col items-center gap-3 text-center', compact ? 'px-5 py-7' : 'px-6 py-12')}
    >
      <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <h3 className={cn('font-display font-medium', compact ? 'text-lg' : 'text-2xl')}>{title}</h3>
      <p className="max-w-sm text-muted-foreground">{description}</p>
      <Button variant="outline" size="sm" className="mt-1" onClick={onRetry} isPending={isRetrying}>
        Try again
      </Button>
    </Card>
  );
}

/** Skeleton cards in the shape of the grid they stand in for. */
export function CardSkeletons({
  count,
  label,
  layout = 'grid',
}: {
  count: number;
  label: string;
  layout?: 'grid' | 'row';
}) {
  return (
    <div aria-busy="true" className="min-w-0">
      <span className="sr-only" role="status">
        {label}
      </span>
      <ul className={layout === 'row' ? CONTENT_ROW_CLASS : CONTENT_GRID_CLASS}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className={layout === 'row' ? CONTENT_ROW_ITEM_CLASS : 'min-w-0'}>
            <ContentCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A grid that breathes: one column on phones, two from 640 px, three from 1024 px. */
export const CONTENT_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

/** A shelf: swipe sideways on phones (the next card peeks in), three across from 768 px. */
export const CONTENT_ROW_CLASS =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-3 md:gap-5 md:overflow-visible md:px-0 md:pb-0';
export const CONTENT_ROW_ITEM_CLASS = 'w-[80%] max-w-[20rem] shrink-0 snap-start md:w-auto md:max-w-none';
