import { MessageCard } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import { AccessDenied, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError } from '@client/features/admin/kit/admin-states';
import { AdminFormDialog } from '@client/features/admin/kit/form-dialog';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
  NoMatches,
  useSearchText,
} from '@client/features/admin/kit/list-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
import { type AdminWrites, useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { LayoutGrid, Table2, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { contentWrites, useAdminContentList } from '../api/admin-content-list';
import { type AdminContentTableParams, useAdminContentTable } from '../api/admin-content-table';
import { contentFormValuesFrom, DEFAULT_CONTENT_FORM_VALUES } from '../content-form-values';
import { type ContentView, useContentView } from '../content-view';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { ContentForm } from './content-form';
import { ContentTable, ContentTableFilters } from './content-table';

// /admin/content shows the library as a card grid or as a table (issue 36), as last chosen on this
// device. Each view is a whole screen below, top to bottom; both share the words of this file's
// first part: the count, the toasts and the two dialogs. The words are docs/product.md's for
// /admin/content, word for word in English.

/**
 * The live count of a paged list: how many are shown, whether more is below, and what they match
 * when searched (`search`, already trimmed).
 */
function countText(i18n: I18n, shown: number, hasMore: boolean, search: string | undefined): string {
  if (search === undefined) {
    return hasMore
      ? i18n._('admin.screens.content.countMore', { count: shown })
      : i18n._('admin.screens.content.count', { count: shown });
  }
  return hasMore
    ? i18n._('admin.screens.content.countMoreMatching', { count: shown, search })
    : i18n._('admin.screens.content.countMatching', { count: shown, search });
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

/**
 * Both views' dialogs: the create / edit form (its first field focused, so a stray key cannot
 * replace a selected title) and the delete question.
 */
function ContentDialogs({ writes }: { writes: AdminWrites<ContentItem, ContentInput> }) {
  const i18n = useNamespace('admin');
  return (
    <>
      <AdminFormDialog
        editor={writes.editor}
        isSaving={writes.isSaving}
        onClose={writes.closeEditor}
        text={{
          createTitle: i18n._('admin.screens.content.createTitle'),
          createDescription: i18n._('admin.screens.content.createDescription'),
          editTitle: i18n._('admin.screens.content.editTitle'),
          editDescription: i18n._('admin.screens.content.editDescription'),
        }}
        className="max-w-2xl"
        focusFirstField
      >
        {(editor) => (
          <ContentForm
            mode={editor.mode}
            defaultValues={
              editor.mode === 'create' ? DEFAULT_CONTENT_FORM_VALUES : contentFormValuesFrom(editor.item)
            }
            submitLabel={
              editor.mode === 'create'
                ? i18n._('admin.screens.content.create')
                : i18n._('admin.kit.form.saveChanges')
            }
            pendingLabel={
              editor.mode === 'create' ? i18n._('admin.kit.form.creating') : i18n._('admin.kit.form.saving')
            }
            isPending={writes.isSaving}
            onSubmit={writes.save}
            onCancel={writes.closeEditor}
          />
        )}
      </AdminFormDialog>
      <ConfirmDeleteDialog
        item={writes.toDelete}
        title={i18n._('admin.screens.content.deleteTitle')}
        description={(item) => i18n._('admin.kit.dialogs.deleteQuestion', { title: item.title })}
        isPending={writes.isDeleting}
        onConfirm={writes.confirmDelete}
        onClose={() => writes.setToDelete(null)}
      />
    </>
  );
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

/**
 * The card grid: the header with Upload files and Create Content, the search (on the server, a
 * page at a time), the view toggle, the live count, the list's states and cards with Load more,
 * and the dialogs.
 */
function ContentGridManagement({ viewToggle }: { viewToggle: ReactNode }) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.screens.content.title'));
  const search = useSearchText();
  const list = useAdminContentList(search.search);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const writes = useAdminWrites<ContentItem, ContentInput>({
    create: contentWrites.useCreate(),
    update: contentWrites.useUpdate(),
    remove: contentWrites.useDelete(),
    toasts: contentToasts(i18n),
  });

  // Signed out or not an admin, the server refuses the list.
  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const createButton = (
    <CreateButton label={i18n._('admin.screens.content.create')} onClick={writes.openCreate} />
  );
  const count = list.isSuccess
    ? countText(i18n, items.length, list.hasNextPage, search.isSearching ? search.search.trim() : undefined)
    : '';
  let message: ReactNode = null;
  if (items.length === 0) {
    message = search.isSearching ? (
      <NoMatches
        title={i18n._('admin.screens.content.noMatches')}
        resetLabel={i18n._('admin.screens.content.showAll')}
        onReset={() => search.setSearchText('')}
      />
    ) : (
      <MessageCard title={i18n._('admin.screens.content.empty')} action={createButton} />
    );
  }

  return (
    <AdminListScreen
      title={i18n._('admin.screens.content.title')}
      description={i18n._('admin.screens.content.subtitle')}
      actions={
        <div className="flex flex-wrap gap-2">
          <BulkUploadButton />
          {createButton}
        </div>
      }
      sectionHeading={i18n._('admin.screens.content.sectionHeading')}
      search={{
        label: i18n._('admin.screens.content.search'),
        placeholder: i18n._('admin.screens.content.searchPlaceholder'),
        value: search.searchText,
        onChange: search.setSearchText,
      }}
      filter={viewToggle}
      count={count}
      dialogs={<ContentDialogs writes={writes} />}
    >
      <ListBody
        list={list}
        // A later page that fails leaves the loaded cards; its Load more offers the retry.
        isFailed={list.isError && items.length === 0}
        loadErrorTitle={i18n._('admin.screens.content.loadError')}
        skeleton={
          <ListSkeleton
            label={i18n._('admin.screens.content.loading')}
            count={6}
            skeleton={() => <AdminContentCardSkeleton />}
          />
        }
        message={message}
      >
        <CardGrid
          items={items}
          isStale={list.isPlaceholderData}
          loadMore={list}
          renderItem={(item) => (
            <AdminContentCard item={item} onEdit={writes.openEdit} onDelete={writes.setToDelete} />
          )}
        />
      </ListBody>
    </AdminListScreen>
  );
}

const NO_FILTERS = { type: 'all', status: 'all', access: 'all' } as const;

/**
 * The table (issue 36): the same header, search and dialogs as the grid, with the table's
 * filters beside the view toggle, sortable columns, selection and bulk actions.
 */
function ContentTableManagement({ viewToggle }: { viewToggle: ReactNode }) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.screens.content.title'));
  const search = useSearchText();
  const [order, setOrder] = useState<Pick<AdminContentTableParams, 'sort' | 'direction'>>({
    sort: 'updated',
    direction: 'desc',
  });
  const [filters, setFilters] =
    useState<Pick<AdminContentTableParams, 'type' | 'status' | 'access'>>(NO_FILTERS);
  const list = useAdminContentTable({ ...order, ...filters, search: search.search });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const writes = useAdminWrites<ContentItem, ContentInput>({
    create: contentWrites.useCreate(),
    update: contentWrites.useUpdate(),
    remove: contentWrites.useDelete(),
    toasts: contentToasts(i18n),
  });
  const isFiltered = Object.values(filters).some((value) => value !== 'all');

  // Signed out or not an admin, the server refuses the list.
  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const createButton = (
    <CreateButton label={i18n._('admin.screens.content.create')} onClick={writes.openCreate} />
  );
  const count = list.isSuccess
    ? countText(i18n, items.length, list.hasNextPage, search.isSearching ? search.search.trim() : undefined)
    : '';
  let message: ReactNode = null;
  if (items.length === 0) {
    message =
      search.isSearching || isFiltered ? (
        <NoMatches
          title={i18n._('admin.screens.content.noMatches')}
          resetLabel={i18n._('admin.screens.content.showAll')}
          onReset={() => {
            search.setSearchText('');
            setFilters(NO_FILTERS);
          }}
        />
      ) : (
        <MessageCard title={i18n._('admin.screens.content.empty')} action={createButton} />
      );
  }

  return (
    <AdminListScreen
      title={i18n._('admin.screens.content.title')}
      description={i18n._('admin.screens.content.subtitle')}
      actions={
        <div className="flex flex-wrap gap-2">
          <BulkUploadButton />
          {createButton}
        </div>
      }
      sectionHeading={i18n._('admin.screens.content.sectionHeading')}
      search={{
        label: i18n._('admin.screens.content.search'),
        placeholder: i18n._('admin.screens.content.searchPlaceholder'),
        value: search.searchText,
        onChange: search.setSearchText,
      }}
      filter={
        <>
          {viewToggle}
          <ContentTableFilters values={filters} onChange={setFilters} />
        </>
      }
      count={count}
      dialogs={<ContentDialogs writes={writes} />}
    >
      <ListBody
        list={list}
        // A later page that fails leaves the loaded rows; its Load more offers the retry.
        isFailed={list.isError && items.length === 0}
        loadErrorTitle={i18n._('admin.screens.content.loadError')}
        skeleton={
          <ListSkeleton
            label={i18n._('admin.screens.content.loading')}
            count={1}
            skeleton={() => <AdminContentCardSkeleton />}
          />
        }
        message={message}
      >
        <ContentTable
          items={items}
          sort={order.sort}
          direction={order.direction}
          onSort={(sort, direction) => setOrder({ sort, direction })}
          loadMore={list}
          isStale={list.isPlaceholderData}
          onEdit={writes.openEdit}
          onDelete={writes.setToDelete}
        />
      </ListBody>
    </AdminListScreen>
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
