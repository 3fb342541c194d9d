import { NativeSelect } from '@client/components/ui/native-select';
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, ListMessage } from '@client/features/admin/kit/admin-states';
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
import { AdminWriteDialogs, editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useForums } from '@client/features/community/api/forums';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ForumInput } from '@shared/schemas/community';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
} from '@shared/schemas/community';
import { useId, useMemo, useState } from 'react';
import { useCreateForum } from '../api/create-forum';
import { useDeleteForum } from '../api/delete-forum';
import { useUpdateForum } from '../api/update-forum';
import { AdminForumCard, AdminForumCardSkeleton } from './admin-forum-card';
import { DELETE_FORUM_TEXT, ForumDeleteSummary } from './forum-delete-summary';
import {
  DEFAULT_FORUM_FORM_VALUES,
  ForumForm,
  type ForumFormValues,
  forumFormValuesFrom,
} from './forum-form';

/** docs/product.md section 2, /admin/forums, word for word. */
export const FORUM_TEXT = {
  title: 'Forum Management',
  subtitle: 'Create and manage discussion forums',
  createTitle: 'Create New Forum',
  createDescription: 'Add a new discussion forum for your community',
  editTitle: 'Edit Forum',
  editDescription: 'Update the forum details below',
  searchPlaceholder: 'Search forums...',
  allCategories: 'All Categories',
  noMatches: 'No forums found matching your criteria.',
  noForums: 'No forums available. Create your first discussion forum!',
  loading: 'Loading forums...',
} as const;

type CategoryFilter = ForumCategory | 'all';

const FORUM_FORM: FormSetup<Forum, ForumFormValues> = {
  defaults: DEFAULT_FORUM_FORM_VALUES,
  valuesFrom: forumFormValuesFrom,
  createLabel: 'Create Forum',
};

/** docs/product.md section 8: 'Forum Created/Updated/Deleted', each with a description sentence. */
const forumToasts = adminToasts<Forum>({
  noun: 'Forum',
  describe: {
    create: (forum) =>
      forum.isActive
        ? `"${forum.title}" is now open at /community/${forum.slug}.`
        : `"${forum.title}" was created as inactive; only admins can see it.`,
    delete: (forum) => `"${forum.title}" and its posts have been removed from the community.`,
  },
});

/** docs/product.md section 2: the search matches the title or the description, case-insensitive. */
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

/** /admin/forums for an admin (docs/product.md section 2): search, the category filter, cards and dialogs. */
export function ForumManagement() {
  useDocumentTitle(FORUM_TEXT.title);
  const categoryId = useId();
  const forums = useForums();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const writes = useAdminWrites<Forum, ForumInput>({
    create: useCreateForum(),
    update: useUpdateForum(),
    remove: useDeleteForum(),
    toasts: forumToasts,
  });

  const all = forums.data ?? [];
  const shown = useMemo(() => filterForums(all, search, category), [all, search, category]);
  const isFiltering = search.trim() !== '' || category !== 'all';

  const clearFilters = () => {
    setSearch('');
    setCategory('all');
  };

  if (forums.isError && isAccessError(forums.error)) return <AccessDenied />;

  const createButton = <CreateButton label="Create Forum" onClick={writes.openCreate} />;
  const body = (
    <ListBody
      list={forums}
      loadErrorTitle="The forums could not be loaded"
      skeleton={
        <ListSkeleton
          label={FORUM_TEXT.loading}
          visibleLabel
          count={3}
          skeleton={() => <AdminForumCardSkeleton />}
        />
      }
      message={
        all.length === 0 ? (
          <ListMessage title={FORUM_TEXT.noForums} action={createButton} />
        ) : shown.length === 0 ? (
          <NoMatches title={FORUM_TEXT.noMatches} resetLabel="Clear filters" onReset={clearFilters} />
        ) : null
      }
    >
      <CardGrid
        items={shown}
        renderItem={(forum) => (
          <AdminForumCard forum={forum} onEdit={writes.openEdit} onDelete={writes.setToDelete} />
        )}
      />
    </ListBody>
  );

  const countText = forums.isSuccess
    ? isFiltering
      ? `${shown.length} of ${all.length} forums`
      : all.length === 1
        ? '1 forum'
        : `${all.length} forums`
    : '';

  return (
    <AdminListScreen
      title={FORUM_TEXT.title}
      description={FORUM_TEXT.subtitle}
      actions={createButton}
      sectionHeading="Forums"
      search={{
        label: 'Search forums',
        placeholder: FORUM_TEXT.searchPlaceholder,
        value: search,
        onChange: setSearch,
      }}
      filter={
        <div className="w-full sm:w-56">
          <label htmlFor={categoryId} className="sr-only">
            Category
          </label>
          <NativeSelect
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value as CategoryFilter)}
          >
            <option value="all">{FORUM_TEXT.allCategories}</option>
            {FORUM_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {FORUM_CATEGORY_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
      count={countText}
      dialogs={
        <AdminWriteDialogs
          writes={writes}
          formText={FORUM_TEXT}
          renderForm={(editor) => <ForumForm {...editorFormProps(writes, editor, FORUM_FORM)} />}
          deleteTitle="Delete Forum"
          deleteConfirmLabel="Delete Forum"
          deleteDescription={() => DELETE_FORUM_TEXT}
          deleteDescriptionClassName=""
          deleteClassName="max-h-[calc(100dvh-1.5rem)] overflow-y-auto"
          deleteSummary={(forum) => <ForumDeleteSummary forum={forum} />}
        />
      }
    >
      {body}
    </AdminListScreen>
  );
}

/** The screen behind the admin gate: members see Access Denied with Return to Home (docs/product.md section 2). */
export function AdminForumsScreen() {
  return (
    <AdminGate>
      <ForumManagement />
    </AdminGate>
  );
}
