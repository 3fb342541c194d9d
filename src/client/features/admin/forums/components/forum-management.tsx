import { MessageCard } from '@client/components/content/state-cards';
import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import { NativeSelect } from '@client/components/ui/native-select';
import { AccessDenied, behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError } from '@client/features/admin/kit/admin-states';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { AdminFormDialog } from '@client/features/admin/kit/form-dialog';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
  NoMatches,
} from '@client/features/admin/kit/list-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { useForums } from '@client/features/community';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import { FORUM_CATEGORIES, type Forum, type ForumCategory, type ForumInput } from '@shared/schemas/community';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { forumWrites } from '../api/forum-writes';
import { AdminForumCard, AdminForumCardSkeleton } from './admin-forum-card';
import { ForumDeleteSummary } from './forum-delete-summary';
import { DEFAULT_FORUM_FORM_VALUES, ForumForm } from './forum-form';

/** A forum category's name in the filter. */
function categoryName(i18n: I18n, category: ForumCategory): string {
  switch (category) {
    case 'practice':
      return i18n._('admin.screens.forums.category.practice');
    case 'support':
      return i18n._('admin.screens.forums.category.support');
    case 'general':
      return i18n._('admin.screens.forums.category.general');
    case 'advanced':
      return i18n._('admin.screens.forums.category.advanced');
    case 'beginners':
      return i18n._('admin.screens.forums.category.beginners');
  }
}

type CategoryFilter = ForumCategory | 'all';

/** docs/product.md, "Errors shown": 'Forum Created/Updated/Deleted', each with a description sentence. */
function forumToasts(i18n: I18n) {
  return adminToasts<Forum>({
    titles: {
      create: i18n._('admin.screens.forums.toast.created'),
      update: i18n._('admin.screens.forums.toast.updated'),
      delete: i18n._('admin.screens.forums.toast.deleted'),
    },
    describe: {
      create: (forum) =>
        forum.isActive
          ? i18n._('admin.screens.forums.toast.createdOpen', { title: forum.title, slug: forum.slug })
          : i18n._('admin.screens.forums.toast.createdInactive', { title: forum.title }),
      delete: (forum) => i18n._('admin.screens.forums.toast.deletedDescription', { title: forum.title }),
    },
    failures: {
      create: i18n._('admin.screens.forums.toast.createFailed'),
      update: i18n._('admin.screens.forums.toast.updateFailed'),
      delete: i18n._('admin.screens.forums.toast.deleteFailed'),
    },
  });
}

/** docs/product.md, "Admin": the search matches the title or the description, case-insensitive. */
export function filterForums(forums: readonly Forum[], search: string, category: CategoryFilter): Forum[] {
  const needle = search.trim().toLocaleLowerCase();
  return forums.filter(
    (forum) =>
      (category === 'all' || forum.category === category) &&
      (needle === '' ||
        forum.title.toLocaleLowerCase().includes(needle) ||
        forum.description.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * /admin/forums for an admin (docs/product.md, "Admin"), top to bottom: the header with Create
 * Forum, the search and the category filter (both applied here, to the whole list), the live
 * count, the list's states and cards, then the create / edit dialog and the delete question.
 * The words are docs/product.md's for /admin/forums, word for word in English.
 */
export function ForumManagement() {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.screens.forums.title'));
  const categoryId = useId();
  const forums = useForums();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const writes = useAdminWrites<Forum, ForumInput>({
    create: forumWrites.useCreate(),
    update: forumWrites.useUpdate(),
    remove: forumWrites.useDelete(),
    toasts: forumToasts(i18n),
  });

  const all = forums.data ?? [];
  const shown = useMemo(() => filterForums(all, search, category), [all, search, category]);
  const isFiltering = search.trim() !== '' || category !== 'all';

  // Signed out or not an admin, the server refuses the list.
  if (forums.isError && isAccessError(forums.error)) return <AccessDenied />;

  const createButton = (
    <CreateButton label={i18n._('admin.screens.forums.create')} onClick={writes.openCreate} />
  );
  // Filtered here, the count says how many of all are shown ('1 of 2 forums').
  let count = '';
  if (forums.isSuccess) {
    count = isFiltering
      ? i18n._('admin.screens.forums.countOfTotal', { count: shown.length, total: all.length })
      : i18n._('admin.screens.forums.count', { count: shown.length });
  }
  let message: ReactNode = null;
  if (all.length === 0) {
    message = <MessageCard title={i18n._('admin.screens.forums.empty')} action={createButton} />;
  } else if (shown.length === 0) {
    message = (
      <NoMatches
        title={i18n._('admin.screens.forums.noMatches')}
        resetLabel={i18n._('admin.screens.forums.clearFilters')}
        onReset={() => {
          setSearch('');
          setCategory('all');
        }}
      />
    );
  }

  return (
    <AdminListScreen
      title={i18n._('admin.screens.forums.title')}
      description={i18n._('admin.screens.forums.subtitle')}
      actions={createButton}
      sectionHeading={i18n._('admin.screens.forums.sectionHeading')}
      search={{
        label: i18n._('admin.screens.forums.search'),
        placeholder: i18n._('admin.screens.forums.searchPlaceholder'),
        value: search,
        onChange: setSearch,
      }}
      filter={
        <div className="w-full sm:w-56">
          <label htmlFor={categoryId} className="sr-only">
            {i18n._('admin.screens.forums.categoryLabel')}
          </label>
          <NativeSelect
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as CategoryFilter)}
          >
            <option value="all">{i18n._('admin.screens.forums.allCategories')}</option>
            {FORUM_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {categoryName(i18n, value)}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
      count={count}
      dialogs={
        <>
          <AdminFormDialog
            editor={writes.editor}
            isSaving={writes.isSaving}
            onClose={writes.closeEditor}
            text={{
              createTitle: i18n._('admin.screens.forums.createTitle'),
              createDescription: i18n._('admin.screens.forums.createDescription'),
              editTitle: i18n._('admin.screens.forums.editTitle'),
              editDescription: i18n._('admin.screens.forums.editDescription'),
            }}
          >
            {(editor) => (
              <ForumForm
                mode={editor.mode}
                defaultValues={
                  editor.mode === 'create'
                    ? DEFAULT_FORUM_FORM_VALUES
                    : formValuesFrom(editor.item, DEFAULT_FORUM_FORM_VALUES)
                }
                submitLabel={
                  editor.mode === 'create'
                    ? i18n._('admin.screens.forums.create')
                    : i18n._('admin.kit.form.saveChanges')
                }
                pendingLabel={
                  editor.mode === 'create'
                    ? i18n._('admin.kit.form.creating')
                    : i18n._('admin.kit.form.saving')
                }
                isPending={writes.isSaving}
                onSubmit={writes.save}
                onCancel={writes.closeEditor}
              />
            )}
          </AdminFormDialog>
          <ConfirmDeleteDialog
            item={writes.toDelete}
            title={i18n._('admin.screens.forums.deleteTitle')}
            confirmLabel={i18n._('admin.screens.forums.deleteTitle')}
            description={() => i18n._('admin.screens.forums.deleteQuestion')}
            descriptionClassName=""
            className="max-h-[calc(100dvh-1.5rem)] overflow-y-auto"
            summary={(forum) => <ForumDeleteSummary forum={forum} />}
            isPending={writes.isDeleting}
            onConfirm={writes.confirmDelete}
            onClose={() => writes.setToDelete(null)}
          />
        </>
      }
    >
      <ListBody
        list={forums}
        loadErrorTitle={i18n._('admin.screens.forums.loadError')}
        skeleton={
          <ListSkeleton
            label={i18n._('admin.screens.forums.loading')}
            visibleLabel
            count={3}
            skeleton={() => <AdminForumCardSkeleton />}
          />
        }
        message={message}
      >
        <CardGrid
          items={shown}
          renderItem={(forum) => (
            <AdminForumCard forum={forum} onEdit={writes.openEdit} onDelete={writes.setToDelete} />
          )}
        />
      </ListBody>
    </AdminListScreen>
  );
}

/** The screen behind the admin gate: members see Access Denied with Return to Home (docs/product.md, "Admin"). */
export const AdminForumsScreen = behindAdminGate(ForumManagement);
