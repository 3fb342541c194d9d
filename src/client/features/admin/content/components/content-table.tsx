import { CONTENT_TYPE_META, useContentTypeLabel } from '@client/components/content/content-type';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-delete-dialog';
import { type LoadMore, LoadMoreButton } from '@client/components/ui/load-more-button';
import { SelectField } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { PublishBadge } from '@client/features/admin/kit/badges';
import type { ItemActions } from '@client/features/admin/kit/card-actions';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import {
  type AdminContentSort,
  type BulkContentAction,
  CONTENT_STATUSES,
  type SortDirection,
} from '@shared/schemas/admin-content';
import {
  ACCESS_FILTERS,
  CONTENT_TYPES,
  type ContentItem,
  formatDurationClock,
} from '@shared/schemas/content';
import { ArrowDown, ArrowUp, ArrowUpDown, Crown, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { AdminContentTableParams } from '../api/admin-content-table';
import { useBulkContentAction } from '../api/admin-content-table';

type FilterValues = Pick<AdminContentTableParams, 'type' | 'status' | 'access'>;

/** The table's three filters, each a labelled select with 'All' first. */
export function ContentTableFilters({
  values,
  onChange,
}: {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
}) {
  const i18n = useNamespace('admin');
  const typeLabel = useContentTypeLabel();
  const statusLabel = (status: (typeof CONTENT_STATUSES)[number]) => {
    switch (status) {
      case 'draft':
        return i18n._('admin.content.status.draft');
      case 'scheduled':
        return i18n._('admin.content.status.scheduled');
      case 'published':
        return i18n._('admin.content.status.published');
    }
  };
  const accessLabel = (access: (typeof ACCESS_FILTERS)[number]) =>
    access === 'premium' ? i18n._('admin.content.access.premium') : i18n._('admin.content.access.free');
  const select = <Key extends keyof FilterValues, Value extends string>(
    key: Key,
    label: string,
    options: readonly Value[],
    labelOf: (value: Value) => string,
  ) => (
    <SelectField
      label={label}
      fieldClassName="min-w-32"
      value={values[key] || 'all'}
      values={['all', ...options] as const}
      labelOf={(value) => (value === 'all' ? i18n._('admin.content.filters.all') : labelOf(value as Value))}
      onChange={(event) => onChange({ ...values, [key]: event.target.value })}
    />
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      {select('type', i18n._('admin.content.filters.type'), CONTENT_TYPES, typeLabel)}
      {select('status', i18n._('admin.content.filters.status'), CONTENT_STATUSES, statusLabel)}
      {select('access', i18n._('admin.content.filters.access'), ACCESS_FILTERS, accessLabel)}
    </div>
  );
}

/** The bulk actions, in the bar's order. */
const BULK_ACTIONS = [
  'publish',
  'unpublish',
  'premium',
  'free',
  'delete',
] as const satisfies readonly BulkContentAction[];

/**
 * docs/product.md words for each bulk action: the button, the dialog's title and question, the
 * toast; `count` items, each sentence an ICU plural.
 */
function bulkActionWords(i18n: I18n, action: BulkContentAction, count: number) {
  switch (action) {
    case 'publish':
      return {
        label: i18n._('admin.content.bulk.publish.label'),
        title: i18n._('admin.content.bulk.publish.title', { count }),
        question: i18n._('admin.content.bulk.publish.question', { count }),
        done: i18n._('admin.content.bulk.publish.done', { count }),
      };
    case 'unpublish':
      return {
        label: i18n._('admin.content.bulk.unpublish.label'),
        title: i18n._('admin.content.bulk.unpublish.title', { count }),
        question: i18n._('admin.content.bulk.unpublish.question', { count }),
        done: i18n._('admin.content.bulk.unpublish.done', { count }),
      };
    case 'premium':
      return {
        label: i18n._('admin.content.bulk.premium.label'),
        title: i18n._('admin.content.bulk.premium.title', { count }),
        question: i18n._('admin.content.bulk.premium.question', { count }),
        done: i18n._('admin.content.bulk.premium.done', { count }),
      };
    case 'free':
      return {
        label: i18n._('admin.content.bulk.free.label'),
        title: i18n._('admin.content.bulk.free.title', { count }),
        question: i18n._('admin.content.bulk.free.question', { count }),
        done: i18n._('admin.content.bulk.free.done', { count }),
      };
    case 'delete':
      return {
        label: i18n._('admin.content.bulk.delete.label'),
        title: i18n._('admin.content.bulk.delete.title', { count }),
        question: i18n._('admin.content.bulk.delete.question', { count }),
        done: i18n._('admin.content.bulk.delete.done', { count }),
      };
  }
}

/** The phone's sort choices (the column headers are hidden there): each column in both directions. */
const PHONE_SORTS = [
  'updated:desc',
  'updated:asc',
  'title:asc',
  'title:desc',
  'type:asc',
  'type:desc',
  'published:asc',
  'published:desc',
] as const satisfies readonly `${AdminContentSort}:${SortDirection}`[];

function phoneSortLabel(i18n: I18n, sort: (typeof PHONE_SORTS)[number]): string {
  switch (sort) {
    case 'updated:desc':
      return i18n._('admin.content.sort.updatedDesc');
    case 'updated:asc':
      return i18n._('admin.content.sort.updatedAsc');
    case 'title:asc':
      return i18n._('admin.content.sort.titleAsc');
    case 'title:desc':
      return i18n._('admin.content.sort.titleDesc');
    case 'type:asc':
      return i18n._('admin.content.sort.typeAsc');
    case 'type:desc':
      return i18n._('admin.content.sort.typeDesc');
    case 'published:asc':
      return i18n._('admin.content.sort.statusAsc');
    case 'published:desc':
      return i18n._('admin.content.sort.statusDesc');
  }
}

/** A sortable column's header: a button that sorts by it, and `aria-sort` on the header cell. */
function SortableHeader({
  column,
  label,
  sort,
  direction,
  onSort,
  className,
}: {
  column: AdminContentSort;
  label: string;
  sort: AdminContentSort;
  direction: SortDirection;
  onSort: (sort: AdminContentSort, direction: SortDirection) => void;
  className?: string;
}) {
  const isSorted = sort === column;
  const Icon = !isSorted ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  // A new column starts A to Z for words, newest first for dates.
  const firstDirection: SortDirection = column === 'updated' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-3 py-2 text-start font-medium', className)}
    >
      <button
        type="button"
        className="-mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-accent"
        onClick={() => onSort(column, isSorted ? (direction === 'asc' ? 'desc' : 'asc') : firstDirection)}
      >
        {label}
        <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * The admin content table (issue 36): sortable columns, a checkbox per row and one for the page,
 * and the bulk action bar ('3 selected') whose every action asks once before it runs. At phone
 * widths each row is a small card: no column is wider than the screen.
 */
export function ContentTable({
  items,
  sort,
  direction,
  onSort,
  loadMore,
  isStale,
  onEdit,
  onDelete,
}: {
  items: readonly ContentItem[];
  sort: AdminContentSort;
  direction: SortDirection;
  onSort: (sort: AdminContentSort, direction: SortDirection) => void;
  loadMore: LoadMore;
  isStale: boolean;
} & ItemActions<ContentItem>) {
  const i18n = useNamespace('admin');
  const typeLabel = useContentTypeLabel();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pendingAction, setPendingAction] = useState<BulkContentAction | null>(null);
  const bulk = useBulkContentAction();
  const selectAllRef = useRef<HTMLInputElement>(null);
  const hasActedRef = useRef(false);

  // Only rows still on screen stay selected (a filter or a delete removes the others).
  const visibleIds = new Set(items.map((item) => item.id));
  const chosen = [...selected].filter((id) => visibleIds.has(id));
  const isAllSelected = items.length > 0 && chosen.length === items.length;
  const isSomeSelected = chosen.length > 0 && !isAllSelected;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = isSomeSelected;
  }, [isSomeSelected]);

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runBulk = (action: BulkContentAction) => {
    const count = chosen.length;
    bulk.mutate(
      { ids: chosen, action },
      {
        onSuccess: () => {
          // The bar's buttons leave with the selection: focus goes to "Select all on this page".
          hasActedRef.current = true;
          setPendingAction(null);
          setSelected(new Set());
          toast({
            title: i18n._('admin.content.bulk.toastTitle'),
            description: bulkActionWords(i18n, action, count).done,
          });
        },
        onError: (error) => {
          setPendingAction(null);
          explainFailure(error, i18n._('admin.content.bulk.failed', { count }));
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <section
        aria-label={i18n._('admin.content.table.selection')}
        className="sticky top-2 z-10 flex min-h-14 flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border bg-card px-3 py-2 shadow-sm"
      >
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            ref={selectAllRef}
            type="checkbox"
            className="size-4 accent-primary"
            checked={isAllSelected}
            onChange={() => setSelected(isAllSelected ? new Set() : new Set(items.map((item) => item.id)))}
          />
          {i18n._('admin.content.table.selectAll')}
        </label>
        <p className="font-medium text-sm" aria-live="polite">
          {chosen.length > 0 ? i18n._('admin.content.table.selected', { count: chosen.length }) : ''}
        </p>
        {chosen.length > 0 && (
          <div className="flex flex-wrap gap-2 sm:ms-auto">
            {BULK_ACTIONS.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' ? 'destructive' : 'outline'}
                onClick={() => setPendingAction(action)}
              >
                {bulkActionWords(i18n, action, chosen.length).label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              {i18n._('admin.content.table.clearSelection')}
            </Button>
          </div>
        )}
      </section>

      <SelectField
        label={i18n._('admin.content.sort.label')}
        fieldClassName="md:hidden"
        value={`${sort}:${direction}`}
        values={PHONE_SORTS}
        labelOf={(value) => phoneSortLabel(i18n, value)}
        onChange={(event) => {
          const [column, order] = event.target.value.split(':') as [AdminContentSort, SortDirection];
          onSort(column, order);
        }}
      />

      <div className={cn('min-w-0 md:rounded-2xl md:border', isStale && 'opacity-60 transition-opacity')}>
        <table className="w-full text-sm max-md:block" aria-busy={isStale || undefined}>
          <caption className="sr-only">{i18n._('admin.content.table.caption', { sort })}</caption>
          <thead className="border-b bg-muted/40 max-md:hidden">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">{i18n._('admin.content.table.selectedColumn')}</span>
              </th>
              <SortableHeader
                column="title"
                label={i18n._('admin.content.table.title')}
                {...{ sort, direction, onSort }}
              />
              <SortableHeader
                column="type"
                label={i18n._('admin.content.filters.type')}
                {...{ sort, direction, onSort }}
              />
              <SortableHeader
                column="published"
                label={i18n._('admin.content.filters.status')}
                {...{ sort, direction, onSort }}
              />
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {i18n._('admin.content.filters.access')}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-medium">
                {i18n._('admin.content.table.duration')}
              </th>
              <SortableHeader
                column="updated"
                label={i18n._('admin.content.table.updated')}
                {...{ sort, direction, onSort }}
              />
              <th scope="col" className="px-3 py-2 text-end font-medium">
                <span className="sr-only">{i18n._('admin.content.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {items.map((item) => {
              const { icon: TypeIcon } = CONTENT_TYPE_META[item.type];
              const isSelected = selected.has(item.id);
              return (
                <tr
                  key={item.id}
                  className={cn(
                    'border-b last:border-b-0 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:rounded-2xl max-md:border max-md:p-3',
                    isSelected && 'bg-accent/60',
                  )}
                >
                  <td className="px-3 py-2 max-md:p-0">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={i18n._('admin.content.table.selectItem', { title: item.title })}
                      checked={isSelected}
                      onChange={() => toggle(item.id)}
                    />
                  </td>
                  <th
                    scope="row"
                    className="px-3 py-2 text-start font-medium wrap-anywhere max-md:min-w-0 max-md:flex-1 max-md:p-0"
                  >
                    {item.title}
                  </th>
                  <td className="px-3 py-2 max-md:basis-full max-md:p-0 max-md:ps-7">
                    <span className="inline-flex items-center gap-1.5">
                      <TypeIcon className="size-4 text-primary" aria-hidden="true" />
                      {typeLabel(item.type)}
                    </span>
                  </td>
                  <td className="px-3 py-2 max-md:p-0 max-md:ps-7">
                    <PublishBadge isPublished={item.isPublished} publishAt={item.publishAt} />
                  </td>
                  <td className="px-3 py-2 max-md:p-0">
                    {item.isPremium ? (
                      <Badge tone="clay" icon={Crown}>
                        {i18n._('admin.content.access.premium')}
                      </Badge>
                    ) : (
                      <Badge tone="neutral">{i18n._('admin.content.access.free')}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 tabular-nums max-md:p-0">
                    <span className="md:sr-only">{i18n._('admin.content.table.durationPrefix')} </span>
                    {item.duration > 0 ? (
                      formatDurationClock(item.duration)
                    ) : (
                      // An article, or a recording whose length is not known yet: no "0:00".
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">{i18n._('admin.content.table.noDuration')}</span>
                      </>
                    )}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground max-md:basis-full max-md:p-0 max-md:ps-7">
                    <span className="md:sr-only">{i18n._('admin.content.table.updatedPrefix')} </span>
                    <time dateTime={item.updatedAt}>
                      {formatDate(item.updatedAt, { dateStyle: 'medium' })}
                    </time>
                  </td>
                  <td className="px-3 py-2 text-end max-md:basis-full max-md:p-0 max-md:ps-5 max-md:text-start">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onEdit(item)}
                        aria-label={i18n._('admin.content.table.editItem', { title: item.title })}
                      >
                        <Pencil aria-hidden="true" />
                        {i18n._('admin.content.table.edit')}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:bg-destructive/10"
                        onClick={() => onDelete(item)}
                        aria-label={i18n._('admin.content.table.deleteItem', { title: item.title })}
                      >
                        <Trash2 aria-hidden="true" />
                        {i18n._('admin.content.table.delete')}
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={loadMore} pendingText={i18n._('admin.content.table.loading')} />

      <ConfirmDialog
        item={pendingAction}
        title={(action) => bulkActionWords(i18n, action, chosen.length).title}
        description={(action) => bulkActionWords(i18n, action, chosen.length).question}
        confirmLabel={pendingAction ? bulkActionWords(i18n, pendingAction, chosen.length).label : ''}
        pendingText={i18n._('admin.content.bulk.working')}
        variant={pendingAction === 'delete' ? 'destructive' : 'default'}
        isPending={bulk.isPending}
        onConfirm={runBulk}
        onClose={() => setPendingAction(null)}
        onCloseAutoFocus={(event) => {
          if (!hasActedRef.current) return;
          hasActedRef.current = false;
          event.preventDefault();
          selectAllRef.current?.focus();
        }}
      />
    </div>
  );
}
