import { MessageCard } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { type LoadMore, LoadMoreButton } from '@client/components/ui/load-more-button';
import { SearchBox } from '@client/components/ui/search-box';
import { LoadingPlaceholder } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { Plus } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { AdminPageHeader } from './admin-page-header';
import { LoadError } from './admin-states';

/** How long typing pauses before a search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/** The grid most management screens lay their cards out in. */
export const ADMIN_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The search box's text, and the search once typing has paused (what the list is asked for). */
export function useSearchText() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  return { searchText, setSearchText, search, isSearching: search.trim() !== '' };
}

/** The header's (and the empty list's) create button. */
export function CreateButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/**
 * Placeholder cards while the list loads. The label is announced; `visibleLabel` also shows it
 * above the grid, otherwise it is for assistive technology only.
 */
export function ListSkeleton({
  label,
  visibleLabel = false,
  count,
  skeleton,
  gridClassName = ADMIN_GRID_CLASS,
}: {
  label: string;
  visibleLabel?: boolean;
  count: number;
  skeleton: () => ReactNode;
  gridClassName?: string;
}) {
  const cards = Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <Fragment key={index}>{skeleton()}</Fragment>
  ));
  if (visibleLabel) {
    return (
      <div aria-busy="true" className="grid gap-4">
        <p role="status" className="text-muted-foreground">
          {label}
        </p>
        <div className={gridClassName}>{cards}</div>
      </div>
    );
  }
  return (
    <LoadingPlaceholder label={label} className={gridClassName}>
      {cards}
    </LoadingPlaceholder>
  );
}

/**
 * What a list screen shows, in order: placeholders while the list first loads, the load error
 * with Try again (`isFailed`, by default whenever the list failed), `message` in place of the
 * cards (nothing yet, or nothing matching; null when there are cards), else the cards.
 */
export function ListBody({
  list,
  isFailed = list.isError,
  loadErrorTitle,
  skeleton,
  message,
  children,
}: {
  list: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  isFailed?: boolean;
  loadErrorTitle: string;
  skeleton: ReactNode;
  message: ReactNode;
  children: ReactNode;
}) {
  if (list.isPending) return skeleton;
  if (isFailed) {
    return <LoadError title={loadErrorTitle} query={list} />;
  }
  return message ?? children;
}

/** Nothing matches the search (or filters): says so, with the button that shows everything again. */
export function NoMatches({
  title,
  description,
  resetLabel,
  onReset,
}: {
  title: string;
  description?: string;
  resetLabel: string;
  onReset: () => void;
}) {
  return (
    <MessageCard
      title={title}
      description={description}
      action={
        <Button variant="outline" onClick={onReset}>
          {resetLabel}
        </Button>
      }
    />
  );
}

/** The cards as a list; dimmed while a new search is on its way; 'Load more' under a paged list. */
export function CardGrid<T extends { id: string }>({
  items,
  renderItem,
  className = ADMIN_GRID_CLASS,
  itemClassName = 'min-w-0',
  isStale = false,
  loadMore,
}: {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  className?: string;
  itemClassName?: string;
  isStale?: boolean;
  loadMore?: LoadMore;
}) {
  const i18n = useNamespace('admin');
  const list = (
    <ul
      className={cn(className, isStale && 'opacity-60 transition-opacity')}
      aria-busy={isStale || undefined}
    >
      {items.map((item) => (
        <li key={item.id} className={itemClassName}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
  if (!loadMore) return list;
  return (
    <div className="grid gap-6">
      {list}
      <LoadMoreButton pages={loadMore} pendingText={i18n._('admin.kit.list.loadingMore')} />
    </div>
  );
}

/**
 * The scaffold of an admin list screen: the page header, a section (with its visually hidden
 * heading) holding the search box, a filter slot and the live count, then the list's state
 * (loading, error, empty or the card grid, given as `children`), then the screen's dialogs.
 */
export function AdminListScreen({
  title,
  description,
  actions,
  backLabel,
  sectionHeading,
  search,
  filter,
  count,
  countClassName = 'text-muted-foreground text-sm',
  children,
  dialogs,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  backLabel?: string;
  sectionHeading: string;
  /** The search box: its hidden label, placeholder, and text. */
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  filter?: ReactNode;
  count: ReactNode;
  countClassName?: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div className="grid gap-8">
      <AdminPageHeader title={title} description={description} actions={actions} backLabel={backLabel} />

      <section aria-labelledby={headingId} className="grid gap-5">
        <h2 id={headingId} className="sr-only">
          {sectionHeading}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {search && <SearchBox {...search} />}
          {filter}
          <p className={cn(countClassName, 'sm:ms-auto')} role="status">
            {count}
          </p>
        </div>
        {children}
      </section>

      {dialogs}
    </div>
  );
}
