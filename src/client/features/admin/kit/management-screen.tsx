import { MessageCard } from '@client/components/content/state-cards';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ReactNode } from 'react';
import { AccessDenied } from './admin-gate';
import { isAccessError } from './admin-states';
import type { ItemActions } from './card-actions';
import type { FormDialogText } from './form-dialog';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
  type LoadMore,
  NoMatches,
  useSearchText,
} from './list-screen';
import { type AdminToasts, type ResourceApi, useResourceWrites } from './use-admin-writes';
import { AdminWriteDialogs, type ManagementDialogs, type Writes } from './write-dialogs';

/**
 * A management screen's own words, each a whole sentence in the admin's language (docs/product.md,
 * "Admin" has the English word for word). Every screen states its own: a noun glued into an
 * English sentence ('Search ${plural}') cannot be translated.
 */
export type ManagementText = FormDialogText & {
  title: string;
  subtitle: string;
  /** The list section's visually hidden heading. */
  sectionHeading: string;
  createLabel: string;
  loading: string;
  loadError: string;
  empty: string;
  /** The live count of what is shown ('2 forums'; see `ShownCount`). */
  count: (shown: ShownCount) => string;
  /** The search box, what a search matching nothing says, and the button that shows all again. */
  searchLabel?: string;
  searchPlaceholder?: string;
  noMatches?: string;
  showAll?: string;
};

/**
 * What the live count says: `count` items shown; `total` (unfiltered) when a list filtered here
 * is being filtered ('2 of 5 forums'); `hasMore` when a paged list has more below ('2 items shown,
 * more below'); `search` when a list searched on the server is searched ('1 item matching "rest"').
 */
export type ShownCount = { count: number; total?: number; hasMore: boolean; search?: string };

/** What the screen reads of its list query; a paged (infinite) query also loads more. */
type ListState = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isSuccess: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** The search box's text and what the list is asked for (`useSearchText`, or the same shape). */
type SearchState = {
  searchText: string;
  setSearchText: (value: string) => void;
  search: string;
  isSearching: boolean;
};

type PagedQuery = { data?: { pages: { items: unknown[] }[] } };

/**
 * What a management screen of a list searched on the server and paged takes, to spread on
 * `ManagementScreen`: the search box, the query `useList` makes of it, the items loaded so far,
 * and the writes of `api` with their `toasts`.
 */
export function useSearchedManagement<Query extends PagedQuery, T extends { id: string }, Input>(
  useList: (search: string) => Query,
  api: ResourceApi<T, Input>,
  toasts: AdminToasts<T>,
) {
  const search = useSearchText();
  const list = useList(search.search);
  const items: NonNullable<Query['data']>['pages'][number]['items'] =
    list.data?.pages.flatMap((page) => page.items) ?? [];
  return { search, list, items, writes: useResourceWrites(api, toasts) };
}

/**
 * A whole create / edit / delete management screen: the header with its create button, the
 * search (and an optional filter), the live count, the list's states and card grid, and the two
 * dialogs wired to `writes`. Each screen gives its words, its list, its card and its form.
 *
 * Signed out or not an admin, the server refuses the list: Access Denied. A paged list (an
 * infinite query, server searched) counts what is shown; a list filtered here gives
 * `total`, the unfiltered count ('2 of 5 forums'), and says it is empty only when `total` is 0.
 */
export function ManagementScreen<T extends { id: string; title: string }>({
  text,
  list,
  items,
  total,
  search,
  filter,
  isFiltering = search?.isSearching ?? false,
  onReset = () => search?.setSearchText(''),
  skeleton,
  gridClassName,
  itemClassName,
  renderItem,
  renderItems,
  headerActions,
  writes,
  dialogs,
}: {
  text: ManagementText;
  list: ListState | (ListState & LoadMore & { isPlaceholderData: boolean });
  items: readonly T[];
  total?: number;
  search?: SearchState;
  filter?: ReactNode;
  isFiltering?: boolean;
  onReset?: () => void;
  skeleton: { count: number; visibleLabel?: boolean; render: () => ReactNode };
  gridClassName?: string;
  itemClassName?: string;
  renderItem: (item: T, actions: ItemActions<T>) => ReactNode;
  /** Shows the loaded items some other way than the card grid (the content table); loads more itself. */
  renderItems?: (items: readonly T[], actions: ItemActions<T>) => ReactNode;
  /** Buttons beside the create button in the header. */
  headerActions?: ReactNode;
  writes: Writes<T> & { openCreate: () => void; openEdit: (item: T) => void };
  dialogs: ManagementDialogs<T>;
}) {
  useDocumentTitle(text.title);
  const paged = 'fetchNextPage' in list ? list : undefined;
  const createButton = <CreateButton label={text.createLabel} onClick={writes.openCreate} />;
  const isEmpty = total === undefined ? !isFiltering : total === 0;

  const message =
    items.length > 0 ? null : isEmpty ? (
      <MessageCard title={text.empty} action={createButton} />
    ) : (
      <NoMatches title={text.noMatches ?? text.empty} resetLabel={text.showAll ?? ''} onReset={onReset} />
    );

  const count = list.isSuccess
    ? text.count({
        count: items.length,
        total: total !== undefined && isFiltering ? total : undefined,
        hasMore: paged?.hasNextPage ?? false,
        search: paged && search?.isSearching ? search.search.trim() : undefined,
      })
    : '';

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;
  return (
    <AdminListScreen
      title={text.title}
      description={text.subtitle}
      actions={
        headerActions ? (
          <div className="flex flex-wrap gap-2">
            {headerActions}
            {createButton}
          </div>
        ) : (
          createButton
        )
      }
      sectionHeading={text.sectionHeading}
      search={
        search && {
          label: text.searchLabel ?? '',
          placeholder: text.searchPlaceholder ?? '',
          value: search.searchText,
          onChange: search.setSearchText,
        }
      }
      filter={filter}
      count={count}
      dialogs={<AdminWriteDialogs writes={writes} formText={text} {...dialogs} />}
    >
      <ListBody
        list={list}
        isFailed={list.isError && (!paged || items.length === 0)}
        loadErrorTitle={text.loadError}
        skeleton={
          <ListSkeleton
            label={text.loading}
            visibleLabel={skeleton.visibleLabel}
            count={skeleton.count}
            gridClassName={gridClassName}
            skeleton={skeleton.render}
          />
        }
        message={message}
      >
        {renderItems ? (
          renderItems(items, { onEdit: writes.openEdit, onDelete: writes.setToDelete })
        ) : (
          <CardGrid
            items={items}
            className={gridClassName}
            itemClassName={itemClassName}
            isStale={paged?.isPlaceholderData}
            loadMore={paged}
            renderItem={(item) => renderItem(item, { onEdit: writes.openEdit, onDelete: writes.setToDelete })}
          />
        )}
      </ListBody>
    </AdminListScreen>
  );
}
