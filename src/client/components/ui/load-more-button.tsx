import { Button, type ButtonProps } from '@client/components/ui/button';

/** What a paged (infinite) query offers a list. */
export type LoadMore = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** 'Load more' under a paged list, while more pages remain; it shows 'Loading…' while one comes. */
export function LoadMoreButton({
  list,
  variant = 'outline',
  size,
}: {
  list: LoadMore;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant={variant}
      size={size}
      className="justify-self-center"
      onClick={() => list.fetchNextPage()}
      isPending={list.isFetchingNextPage}
      pendingText="Loading…"
    >
      Load more
    </Button>
  );
}
