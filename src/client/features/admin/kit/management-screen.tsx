import { MessageCard } from '@client/components/content/state-cards';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ReactNode } from 'react';
import { AccessDenied } from './admin-gate';
import { isAccessError } from './admin-states';
import type { ItemActions } from './card-actions';
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
import { type ResourceApi, type useAdminWrites, useResourceWrites } from './use-admin-writes';
import { AdminWriteDialogs, type Writes } from './write-dialogs';

type DialogProps<T extends { id: string; title: string }> = Parameters<typeof AdminWriteDialogs<T>>[0];

/** A management screen's own words (docs/product.md, "Admin" has them word for word). */
export type ManagementText = DialogProps<{ id: string; title: string }>['formText'] & {
  title: string;
  subtitle: string;
  /** The list section's visually hidden heading. */
  sectionHeading: string;
  createLabel: string;
  loading: string;
  loadError: string;
  empty: string;
  /** The live count's nouns: ['forum', 'forums']. */
  nouns: readonly [string, string];
  /** The search box, what a search matching nothing says, and the button that shows all again. */
  searchLabel?: string;
  searchPlaceholder?: string;
  noMatches?: string;
  showAll?: string;
};

type NounWords =
  | 'searchLabel'
  | 'searchPlaceholder'
  | 'loadError'
  | 'createLabel'
  | 'createTitle'
  | 'editTitle';
type UsualWords = NounWords | 'nouns' | 'loading' | 'noMatches' | 'showAll';

/**
 * A screen's words, those every screen says of its noun ('Forum') and plural ('forums') built here
 * ('Search forums', 'Create New Forum', 'Loading forums...'...); `own` gives the rest and may override.
 */
export function managementText<Own extends Omit<ManagementText, UsualWords> & Partial<ManagementText>>(
  noun: string,
  plural: string,
  own: Own,
): ManagementText & Own {
  return {
    nouns: [noun.toLowerCase(), plural],
    searchLabel: `Search ${plural}`,
    searchPlaceholder: `Search ${plural}...`,
    loading: `Loading ${plural}...`,
    loadError: `The ${plural} could not be loaded`,
    noMatches: `No ${plural} found matching your search.`,
    showAll: `Show all ${plural}`,
    createLabel: `Create ${noun}`,
    createTitle: `Create New ${noun}`,
    editTitle: `Edit ${noun}`,
    ...own,
  };
}

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
  toasts: Parameters<typeof useAdminWrites<T, Input>>[0]['toasts'],
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
  dialogs: Omit<DialogProps<T>, 'writes' | 'formText'>;
}) {
  useDocumentTitle(text.title);
  const paged = 'fetchNextPage' in list ? list : undefined;
  const [one, many] = text.nouns;
  const createButton = <CreateButton label={text.createLabel} onClick={writes.openCreate} />;
  const isEmpty = total === undefined ? !isFiltering : total === 0;

  const message =
    items.length > 0 ? null : isEmpty ? (
      <MessageCard title={text.empty} action={createButton} />
    ) : (
      <NoMatches title={text.noMatches ?? text.empty} resetLabel={text.showAll ?? ''} onReset={onReset} />
    );

  // '2 items shown, more below matching "rest"' (paged), '2 of 5 forums' (filtered here), '1 forum'.
  const matching = paged && search?.isSearching ? ` matching "${search.search.trim()}"` : '';
  const count = !list.isSuccess
    ? ''
    : total !== undefined && isFiltering
      ? `${items.length} of ${total} ${many}`
      : `${items.length} ${items.length === 1 ? one : many}${paged?.hasNextPage ? ' shown, more below' : ''}${matching}`;

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
