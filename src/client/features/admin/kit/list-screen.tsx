import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { type LoadMore, LoadMoreButton } from '@client/components/ui/load-more-button';
import { cn } from '@client/lib/cn';
import { Plus, Search, X } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useId, useState } from 'react';
import { AdminPageHeader } from './admin-page-header';
import { ListMessage, LoadError } from './admin-states';

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

/** A search box with a visually hidden label and a clear button once something is typed. */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  className = 'w-full sm:max-w-sm sm:flex-1',
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3.5 size-4 text-muted-foreground"
        strokeWidth={1.75}
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label="Clear search"
          className="-translate-y-1/2 absolute top-1/2 right-1.5 grid size-8 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
        </button>
      )}
    </div>
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
    <div aria-busy="true" className={gridClassName}>
      <span className="sr-only" role="status">
        {label}
      </span>
      {cards}
    </div>
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
    return <LoadError title={loadErrorTitle} onRetry={() => list.refetch()} isRetrying={list.isFetching} />;
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
    <ListMessage
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

export type { LoadMore };

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
      <LoadMoreButton list={loadMore} />
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
  search?: Parameters<typeof SearchBox>[0];
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
          <p className={cn(countClassName, 'sm:ml-auto')} role="status">
            {count}
          </p>
        </div>
        {children}
      </section>

      {dialogs}
    </div>
  );
}
