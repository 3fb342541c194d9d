import { LoadingPlaceholder } from '@client/components/ui/skeleton';
import type { ReactNode } from 'react';
import { ContentCardSkeleton } from './content-card';

/** A quiet note where a shelf or grid has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed bg-card/50 px-5 py-8 text-center text-muted-foreground">
      {children}
    </p>
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
    <LoadingPlaceholder label={label} className="min-w-0">
      <ul className={layout === 'row' ? CONTENT_ROW_CLASS : CONTENT_GRID_CLASS}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={index} className={layout === 'row' ? CONTENT_ROW_ITEM_CLASS : 'min-w-0'}>
            <ContentCardSkeleton />
          </li>
        ))}
      </ul>
    </LoadingPlaceholder>
  );
}

/** A grid that breathes: one column on phones, two from 640 px, three from 1024 px. */
export const CONTENT_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

/** A shelf: swipe sideways on phones (the next card peeks in), three across from 768 px. */
export const CONTENT_ROW_CLASS =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-3 md:gap-5 md:overflow-visible md:px-0 md:pb-0';
export const CONTENT_ROW_ITEM_CLASS = 'w-[80%] max-w-[20rem] shrink-0 snap-start md:w-auto md:max-w-none';
