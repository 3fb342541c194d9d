import { Button } from '@client/components/ui/button';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { useSearchText } from '@client/features/admin/kit/list-screen';
import {
  ManagementScreen,
  type ManagementText,
  useSearchedManagement,
} from '@client/features/admin/kit/management-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
import { useResourceWrites } from '@client/features/admin/kit/use-admin-writes';
import {
  editorFormProps,
  type FormSetup,
  type ManagementDialogs,
} from '@client/features/admin/kit/write-dialogs';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ContentItem } from '@shared/schemas/content';
import { LayoutGrid, Table2, Upload } from 'lucide-react';
import { useState } from 'react';
import { contentWrites, useAdminContentList } from '../api/admin-content-list';
import { type AdminContentTableParams, useAdminContentTable } from '../api/admin-content-table';
import {
  type ContentFormValues,
  contentFormValuesFrom,
  DEFAULT_CONTENT_FORM_VALUES,
} from '../content-form-values';
import { type ContentView, useContentView } from '../content-view';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { ContentForm } from './content-form';
import { ContentTable, ContentTableFilters } from './content-table';

/** docs/product.md, "Admin", /admin/content, word for word (in English). */
function contentText(i18n: I18n): ManagementText {
  return {
    title: i18n._('admin.screens.content.title'),
    subtitle: i18n._('admin.screens.content.subtitle'),
    sectionHeading: i18n._('admin.screens.content.sectionHeading'),
    searchLabel: i18n._('admin.screens.content.search'),
    searchPlaceholder: i18n._('admin.screens.content.searchPlaceholder'),
    loading: i18n._('admin.screens.content.loading'),
    loadError: i18n._('admin.screens.content.loadError'),
    noMatches: i18n._('admin.screens.content.noMatches'),
    showAll: i18n._('admin.screens.content.showAll'),
    empty: i18n._('admin.screens.content.empty'),
    createLabel: i18n._('admin.screens.content.create'),
    createTitle: i18n._('admin.screens.content.createTitle'),
    createDescription: i18n._('admin.screens.content.createDescription'),
    editTitle: i18n._('admin.screens.content.editTitle'),
    editDescription: i18n._('admin.screens.content.editDescription'),
    count: ({ count, hasMore, search }) => {
      if (search === undefined) {
        return hasMore
          ? i18n._('admin.screens.content.countMore', { count })
          : i18n._('admin.screens.content.count', { count });
      }
      return hasMore
        ? i18n._('admin.screens.content.countMoreMatching', { count, search })
        : i18n._('admin.screens.content.countMatching', { count, search });
    },
  };
}

/** The create and edit form's start, and its submit label. */
function contentForm(i18n: I18n): FormSetup<ContentItem, ContentFormValues> {
  return {
    defaults: DEFAULT_CONTENT_FORM_VALUES,
    valuesFrom: contentFormValuesFrom,
    createLabel: i18n._('admin.screens.content.create'),
  };
}

/** docs/product.md, "Errors shown": 'Content Created', 'Content Updated', 'Content Deleted'. */
function contentToasts(i18n: I18n) {
  return adminToasts<ContentItem>({
    titles: {
      create: i18n._('admin.screens.content.toast.created'),
      update: i18n._('admin.screens.content.toast.updated'),
      delete: i18n._('admin.screens.content.toast.deleted'),
    },
    describe: {
      create: draftOr((item) =>
        i18n._('admin.screens.content.toast.createdDescription', { title: item.title }),
      ),
      delete: (item) => i18n._('admin.screens.content.toast.deletedDescription', { title: item.title }),
    },
    failures: {
      create: i18n._('admin.screens.content.toast.createFailed'),
      update: i18n._('admin.screens.content.toast.updateFailed'),
      delete: i18n._('admin.screens.content.toast.deleteFailed'),
    },
  });
}

/** The two dialogs of both views: the form (its first field focused) and the delete confirmation. */
function contentDialogs(i18n: I18n, renderForm: ManagementDialogs<ContentItem>['renderForm']) {
  return {
    formClassName: 'max-w-2xl',
    focusFirstField: true,
    remove: { title: i18n._('admin.screens.content.deleteTitle') },
    renderForm,
  };
}

/** Grid or Table, as two pressed-or-not buttons (the choice is remembered on this device). */
function ViewToggle({ view, onChange }: { view: ContentView; onChange: (view: ContentView) => void }) {
  const i18n = useNamespace('admin');
  const option = (value: ContentView, label: string, Icon: typeof Table2) => (
    <Button
      size="sm"
      variant={view === value ? 'secondary' : 'ghost'}
      aria-pressed={view === value}
      onClick={() => onChange(value)}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of two toggle buttons, not a form group
    <div
      role="group"
      aria-label={i18n._('admin.screens.content.view')}
      className="inline-flex gap-1 rounded-full border bg-card p-1"
    >
      {option('grid', i18n._('admin.screens.content.grid'), LayoutGrid)}
      {option('table', i18n._('admin.screens.content.table'), Table2)}
    </div>
  );
}

/** Opens the bulk upload; the dialog lives beside the button so focus returns to it. */
function BulkUploadButton() {
  const i18n = useNamespace('admin');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setIsOpen(true)}>
        <Upload aria-hidden="true" />
        {i18n._('admin.screens.content.uploadFiles')}
      </Button>
      <BulkUploadDialog open={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}

/** The card grid: search, the cards, and the three dialogs. */
function ContentGridManagement({ viewToggle }: { viewToggle: React.ReactNode }) {
  const i18n = useNamespace('admin');
  const screen = useSearchedManagement(useAdminContentList, contentWrites, contentToasts(i18n));
  return (
    <ManagementScreen
      text={contentText(i18n)}
      {...screen}
      filter={viewToggle}
      headerActions={<BulkUploadButton />}
      skeleton={{ count: 6, render: () => <AdminContentCardSkeleton /> }}
      renderItem={(item, actions) => <AdminContentCard item={item} {...actions} />}
      dialogs={contentDialogs(i18n, (editor) => (
        <ContentForm {...editorFormProps(screen.writes, editor, contentForm(i18n), i18n)} />
      ))}
    />
  );
}

const NO_FILTERS = { type: 'all', status: 'all', access: 'all' } as const;

/** The table (issue 36): sortable columns, filters, selection and bulk actions, the same dialogs. */
function ContentTableManagement({ viewToggle }: { viewToggle: React.ReactNode }) {
  const i18n = useNamespace('admin');
  const search = useSearchText();
  const [order, setOrder] = useState<Pick<AdminContentTableParams, 'sort' | 'direction'>>({
    sort: 'updated',
    direction: 'desc',
  });
  const [filters, setFilters] =
    useState<Pick<AdminContentTableParams, 'type' | 'status' | 'access'>>(NO_FILTERS);
  const list = useAdminContentTable({ ...order, ...filters, search: search.search });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const writes = useResourceWrites(contentWrites, contentToasts(i18n));
  const isFiltered = Object.values(filters).some((value) => value !== 'all');

  return (
    <ManagementScreen
      text={contentText(i18n)}
      list={list}
      items={items}
      search={search}
      writes={writes}
      isFiltering={search.isSearching || isFiltered}
      onReset={() => {
        search.setSearchText('');
        setFilters(NO_FILTERS);
      }}
      filter={
        <>
          {viewToggle}
          <ContentTableFilters values={filters} onChange={setFilters} />
        </>
      }
      headerActions={<BulkUploadButton />}
      skeleton={{ count: 1, render: () => <AdminContentCardSkeleton /> }}
      renderItem={(item, actions) => <AdminContentCard item={item} {...actions} />}
      renderItems={(shown, actions) => (
        <ContentTable
          items={shown}
          sort={order.sort}
          direction={order.direction}
          onSort={(sort, direction) => setOrder({ sort, direction })}
          loadMore={list}
          isStale={list.isPlaceholderData}
          {...actions}
        />
      )}
      dialogs={contentDialogs(i18n, (editor) => (
        <ContentForm {...editorFormProps(writes, editor, contentForm(i18n), i18n)} />
      ))}
    />
  );
}

/** /admin/content for an admin (docs/product.md, "Admin"): the card grid or the table, as last chosen. */
export function ContentManagement() {
  const [view, setView] = useContentView();
  const viewToggle = <ViewToggle view={view} onChange={setView} />;
  return view === 'table' ? (
    <ContentTableManagement viewToggle={viewToggle} />
  ) : (
    <ContentGridManagement viewToggle={viewToggle} />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminContentScreen = behindAdminGate(ContentManagement);
