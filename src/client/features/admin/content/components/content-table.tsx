import { CONTENT_TYPE_META } from '@client/components/content/content-type';
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

const TYPE_LABELS = { video: 'Video', audio: 'Audio', post: 'Post', event: 'Event' } as const;
const STATUS_LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;
const ACCESS_LABELS = { free: 'Free', premium: 'Premium' } as const;

/** The table's three filters, each a labelled select with 'All' first. */
export function ContentTableFilters({
  values,
  onChange,
}: {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
}) {
  const select = <Key extends keyof FilterValues, Value extends string>(
    key: Key,
    label: string,
    options: readonly Value[],
    labels: Record<Value, string>,
  ) => (
    <SelectField
      label={label}
      fieldClassName="min-w-32"
      value={values[key] || 'all'}
      values={['all', ...options] as const}
      labelOf={(value) => (value === 'all' ? 'All' : labels[value as Value])}
      onChange={(event) => onChange({ ...values, [key]: event.target.value })}
    />
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      {select('type', 'Type', CONTENT_TYPES, TYPE_LABELS)}
      {select('status', 'Status', CONTENT_STATUSES, STATUS_LABELS)}
      {select('access', 'Access', ACCESS_FILTERS, ACCESS_LABELS)}
    </div>
  );
}

/** docs/product.md words for each bulk action: the button, the question, the toast. */
const BULK_ACTIONS: Record<
  BulkContentAction,
  { label: string; confirm: string; question: (count: string) => string; done: (count: string) => string }
> = {
  publish: {
    label: 'Publish',
    confirm: 'Publish',
    question: (count) => `Publish ${count}? Members will see them in the library now.`,
    done: (count) => `${count} published.`,
  },
  unpublish: {
    label: 'Unpublish',
    confirm: 'Unpublish',
    question: (count) => `Unpublish ${count}? They become drafts and leave the library.`,
    done: (count) => `${count} unpublished.`,
  },
  premium: {
    label: 'Make premium',
    confirm: 'Make premium',
    question: (count) => `Make ${count} premium? Members without a subscription will see a teaser only.`,
    done: (count) => `${count} made premium.`,
  },
  free: {
    label: 'Make free',
    confirm: 'Make free',
    question: (count) => `Make ${count} free? Every member will hear or read them in full.`,
    done: (count) => `${count} made free.`,
  },
  delete: {
    label: 'Delete',
    confirm: 'Delete',
    question: (count) => `Delete ${count}? This action cannot be undone.`,
    done: (count) => `${count} deleted.`,
  },
};

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
const PHONE_SORT_LABELS: Record<(typeof PHONE_SORTS)[number], string> = {
  'updated:desc': 'Updated, newest first',
  'updated:asc': 'Updated, oldest first',
  'title:asc': 'Title, A to Z',
  'title:desc': 'Title, Z to A',
  'type:asc': 'Type, A to Z',
  'type:desc': 'Type, Z to A',
  'published:asc': 'Status, A to Z',
  'published:desc': 'Status, Z to A',
};

const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

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
      className={cn('px-3 py-2 text-left font-medium', className)}
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
    const count = itemCount(chosen.length);
    bulk.mutate(
      { ids: chosen, action },
      {
        onSuccess: () => {
          // The bar's buttons leave with the selection: focus goes to "Select all on this page".
          hasActedRef.current = true;
          setPendingAction(null);
          setSelected(new Set());
          toast({ title: 'Content Updated', description: BULK_ACTIONS[action].done(count) });
        },
        onError: (error) => {
          setPendingAction(null);
          explainFailure(error, `The ${count} could not be changed.`);
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      <section
        aria-label="Selection"
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
          Select all on this page
        </label>
        <p className="font-medium text-sm" aria-live="polite">
          {chosen.length > 0 ? `${chosen.length} selected` : ''}
        </p>
        {chosen.length > 0 && (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {(Object.keys(BULK_ACTIONS) as BulkContentAction[]).map((action) => (
              <Button
                key={action}
                size="sm"
                variant={action === 'delete' ? 'destructive' : 'outline'}
                onClick={() => setPendingAction(action)}
              >
                {BULK_ACTIONS[action].label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        )}
      </section>

      <SelectField
        label="Sort by"
        fieldClassName="md:hidden"
        value={`${sort}:${direction}`}
        values={PHONE_SORTS}
        labelOf={(value) => PHONE_SORT_LABELS[value]}
        onChange={(event) => {
          const [column, order] = event.target.value.split(':') as [AdminContentSort, SortDirection];
          onSort(column, order);
        }}
      />

      <div className={cn('min-w-0 md:rounded-2xl md:border', isStale && 'opacity-60 transition-opacity')}>
        <table className="w-full text-sm max-md:block" aria-busy={isStale || undefined}>
          <caption className="sr-only">Content, sorted by {sort}</caption>
          <thead className="border-b bg-muted/40 max-md:hidden">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">Selected</span>
              </th>
              <SortableHeader column="title" label="Title" {...{ sort, direction, onSort }} />
              <SortableHeader column="type" label="Type" {...{ sort, direction, onSort }} />
              <SortableHeader column="published" label="Status" {...{ sort, direction, onSort }} />
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Access
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Duration
              </th>
              <SortableHeader column="updated" label="Updated" {...{ sort, direction, onSort }} />
              <th scope="col" className="px-3 py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {items.map((item) => {
              const { label: typeLabel, icon: TypeIcon } = CONTENT_TYPE_META[item.type];
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
                      aria-label={`Select ${item.title}`}
                      checked={isSelected}
                      onChange={() => toggle(item.id)}
                    />
                  </td>
                  <th
                    scope="row"
                    className="px-3 py-2 text-left font-medium wrap-anywhere max-md:min-w-0 max-md:flex-1 max-md:p-0"
                  >
                    {item.title}
                  </th>
                  <td className="px-3 py-2 max-md:basis-full max-md:p-0 max-md:pl-7">
                    <span className="inline-flex items-center gap-1.5">
                      <TypeIcon className="size-4 text-primary" aria-hidden="true" />
                      {typeLabel}
                    </span>
                  </td>
                  <td className="px-3 py-2 max-md:p-0 max-md:pl-7">
                    <PublishBadge isPublished={item.isPublished} publishAt={item.publishAt} />
                  </td>
                  <td className="px-3 py-2 max-md:p-0">
                    {item.isPremium ? (
                      <Badge tone="clay" icon={Crown}>
                        Premium
                      </Badge>
                    ) : (
                      <Badge tone="neutral">Free</Badge>
                    )}
                  </td>
                  <td className="px-3 py-2 tabular-nums max-md:p-0">
                    <span className="md:sr-only">Duration </span>
                    {formatDurationClock(item.duration)}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground max-md:basis-full max-md:p-0 max-md:pl-7">
                    <span className="md:sr-only">Updated </span>
                    <time dateTime={item.updatedAt}>
                      {new Date(item.updatedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                    </time>
                  </td>
                  <td className="px-3 py-2 text-right max-md:basis-full max-md:p-0 max-md:pl-5 max-md:text-left">
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onEdit(item)}
                        aria-label={`Edit ${item.title}`}
                      >
                        <Pencil aria-hidden="true" />
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:bg-destructive/10"
                        onClick={() => onDelete(item)}
                        aria-label={`Delete ${item.title}`}
                      >
                        <Trash2 aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMoreButton pages={loadMore} pendingText="Loading…" />

      <ConfirmDialog
        item={pendingAction}
        title={(action) => `${BULK_ACTIONS[action].label}: ${itemCount(chosen.length)}`}
        description={(action) => BULK_ACTIONS[action].question(itemCount(chosen.length))}
        confirmLabel={pendingAction ? BULK_ACTIONS[pendingAction].confirm : ''}
        pendingText="Working..."
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
