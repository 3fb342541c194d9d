import { NativeSelect } from '@client/components/ui/native-select';
import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { formValuesFrom } from '@client/features/admin/kit/form-actions';
import { ManagementScreen, managementText } from '@client/features/admin/kit/management-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useResourceWrites } from '@client/features/admin/kit/use-admin-writes';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useForums } from '@client/features/community';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
} from '@shared/schemas/community';
import { useId, useMemo, useState } from 'react';
import { forumWrites } from '../api/forum-writes';
import { AdminForumCard, AdminForumCardSkeleton } from './admin-forum-card';
import { DELETE_FORUM_TEXT, ForumDeleteSummary } from './forum-delete-summary';
import { DEFAULT_FORUM_FORM_VALUES, ForumForm, type ForumFormValues } from './forum-form';

/** docs/product.md, "Admin", /admin/forums, word for word. */
const FORUM_TEXT = managementText('Forum', 'forums', {
  title: 'Forum Management',
  subtitle: 'Create and manage discussion forums',
  sectionHeading: 'Forums',
  showAll: 'Clear filters',
  createDescription: 'Add a new discussion forum for your community',
  editDescription: 'Update the forum details below',
  allCategories: 'All Categories',
  noMatches: 'No forums found matching your criteria.',
  empty: 'No forums available. Create your first discussion forum!',
});

type CategoryFilter = ForumCategory | 'all';

const FORUM_FORM: FormSetup<Forum, ForumFormValues> = {
  defaults: DEFAULT_FORUM_FORM_VALUES,
  valuesFrom: (item) => formValuesFrom(item, DEFAULT_FORUM_FORM_VALUES),
  createLabel: 'Create Forum',
};

/** docs/product.md, "Errors shown": 'Forum Created/Updated/Deleted', each with a description sentence. */
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
  const categoryId = useId();
  const forums = useForums();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const writes = useResourceWrites(forumWrites, forumToasts);

  const all = forums.data ?? [];
  const shown = useMemo(() => filterForums(all, search, category), [all, search, category]);

  return (
    <ManagementScreen
      text={FORUM_TEXT}
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
      skeleton={{ count: 3, visibleLabel: true, render: () => <AdminForumCardSkeleton /> }}
      renderItem={(forum, actions) => <AdminForumCard forum={forum} {...actions} />}
      writes={writes}
      dialogs={{
        renderForm: (editor) => <ForumForm {...editorFormProps(writes, editor, FORUM_FORM)} />,
        remove: {
          title: 'Delete Forum',
          confirmLabel: 'Delete Forum',
          description: () => DELETE_FORUM_TEXT,
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
