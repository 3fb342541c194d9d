import { NativeSelect } from '@client/components/ui/native-select';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { ManagementScreen, type ManagementText } from '@client/features/admin/kit/management-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useResourceWrites } from '@client/features/admin/kit/use-admin-writes';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useForums } from '@client/features/community';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { FORUM_CATEGORIES, type Forum, type ForumCategory } from '@shared/schemas/community';
import { useId, useMemo, useState } from 'react';
import { forumWrites } from '../api/forum-writes';
import { AdminForumCard, AdminForumCardSkeleton } from './admin-forum-card';
import { ForumDeleteSummary } from './forum-delete-summary';
import { DEFAULT_FORUM_FORM_VALUES, ForumForm, type ForumFormValues } from './forum-form';

/** docs/product.md, "Admin", /admin/forums, word for word (in English). */
function forumText(i18n: I18n): ManagementText {
  return {
    title: i18n._('admin.screens.forums.title'),
    subtitle: i18n._('admin.screens.forums.subtitle'),
    sectionHeading: i18n._('admin.screens.forums.sectionHeading'),
    searchLabel: i18n._('admin.screens.forums.search'),
    searchPlaceholder: i18n._('admin.screens.forums.searchPlaceholder'),
    loading: i18n._('admin.screens.forums.loading'),
    loadError: i18n._('admin.screens.forums.loadError'),
    noMatches: i18n._('admin.screens.forums.noMatches'),
    showAll: i18n._('admin.screens.forums.clearFilters'),
    empty: i18n._('admin.screens.forums.empty'),
    createLabel: i18n._('admin.screens.forums.create'),
    createTitle: i18n._('admin.screens.forums.createTitle'),
    createDescription: i18n._('admin.screens.forums.createDescription'),
    editTitle: i18n._('admin.screens.forums.editTitle'),
    editDescription: i18n._('admin.screens.forums.editDescription'),
    count: ({ count, total }) =>
      total === undefined
        ? i18n._('admin.screens.forums.count', { count })
        : i18n._('admin.screens.forums.countOfTotal', { count, total }),
  };
}

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

/** The create and edit form's start, and its submit label. */
function forumForm(i18n: I18n): FormSetup<Forum, ForumFormValues> {
  return {
    defaults: DEFAULT_FORUM_FORM_VALUES,
    valuesFrom: (item) => formValuesFrom(item, DEFAULT_FORUM_FORM_VALUES),
    createLabel: i18n._('admin.screens.forums.create'),
  };
}

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

/** /admin/forums for an admin (docs/product.md, "Admin"): search, the category filter, cards and dialogs. */
export function ForumManagement() {
  const i18n = useNamespace('admin');
  const text = forumText(i18n);
  const categoryId = useId();
  const forums = useForums();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const writes = useResourceWrites(forumWrites, forumToasts(i18n));

  const all = forums.data ?? [];
  const shown = useMemo(() => filterForums(all, search, category), [all, search, category]);

  return (
    <ManagementScreen
      text={text}
      list={forums}
      items={shown}
      total={all.length}
      search={{ searchText: search, setSearchText: setSearch, search, isSearching: search.trim() !== '' }}
      isFiltering={search.trim() !== '' || category !== 'all'}
      onReset={() => {
        setSearch('');
        setCategory('all');
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
      skeleton={{ count: 3, visibleLabel: true, render: () => <AdminForumCardSkeleton /> }}
      renderItem={(forum, actions) => <AdminForumCard forum={forum} {...actions} />}
      writes={writes}
      dialogs={{
        renderForm: (editor) => <ForumForm {...editorFormProps(writes, editor, forumForm(i18n), i18n)} />,
        remove: {
          title: i18n._('admin.screens.forums.deleteTitle'),
          confirmLabel: i18n._('admin.screens.forums.deleteTitle'),
          description: () => i18n._('admin.screens.forums.deleteQuestion'),
          descriptionClassName: '',
          className: 'max-h-[calc(100dvh-1.5rem)] overflow-y-auto',
          summary: (forum) => <ForumDeleteSummary forum={forum} />,
        },
      }}
    />
  );
}

/** The screen behind the admin gate: members see Access Denied with Return to Home (docs/product.md, "Admin"). */
export const AdminForumsScreen = behindAdminGate(ForumManagement);
