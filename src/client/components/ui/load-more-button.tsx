import { useNamespace } from '@client/lib/i18n';
import { Button, type ButtonProps } from './button';

/** The part of an infinite query a "load more" button needs. */
export type LoadMore = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** Asks an infinite list for its next page; gone once there is none, pending while it loads. */
export function LoadMoreButton({
  pages,
  children,
  pendingText,
  variant = 'outline',
  size,
  className = 'justify-self-center',
}: {
  pages: LoadMore;
  children?: string;
  pendingText?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const i18n = useNamespace('errors');
  if (!pages.hasNextPage) return null;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void pages.fetchNextPage()}
      isPending={pages.isFetchingNextPage}
      pendingText={pendingText}
    >
      {children ?? i18n._('errors.ui.loadMore')}
    </Button>
  );
}
