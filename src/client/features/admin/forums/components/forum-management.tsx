import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { useForums } from '@client/features/community/api/forums';
import { getErrorStatus } from '@client/lib/api';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ForumInput } from '@shared/schemas/community';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_LABELS,
  type Forum,
  type ForumCategory,
} from '@shared/schemas/community';
import { CloudOff, Plus, Search, X } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useCreateForum } from '../api/create-forum';
import { useDeleteForum } from '../api/delete-forum';
import { useUpdateForum } from '../api/update-forum';
import { AdminForumCard, AdminForumCardSkeleton } from './admin-forum-card';
import { DeleteForumDialog } from './delete-forum-dialog';
import { DEFAULT_FORUM_FORM_VALUES, ForumForm, forumFormValuesFrom } from './forum-form';
import { confirmForumWrite, explainForumFailure } from './forum-toasts';

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

const GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Create Forum
    </Button>
  );
}

function ListMessage({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <BreathingCircle size="sm" className="mb-2" />
      <p className="max-w-sm font-display font-medium text-xl tracking-tight">{title}</p>
      {action && <div className="mt-2">{action}</div>}
    </Card>
  );
}

/** /admin/forums for an admin (docs/product.md section 2): search, the category filter, cards and dialogs. */
export function ForumManagement() {
  useDocumentTitle(FORUM_TEXT.title);
  const ids = { search: useId(), category: useId(), heading: useId() };
  const forums = useForums();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategoryFilter>('all');
  const {
    editor,
    openCreate,
    openEdit,
    closeEditor,
    save,
    isSaving,
    toDelete,
    setToDelete,
    confirmDelete,
    isDeleting,
  } = useAdminWrites<Forum, ForumInput>({
    create: useCreateForum(),
    update: useUpdateForum(),
    remove: useDeleteForum(),
    confirm: confirmForumWrite,
    explain: explainForumFailure,
  });

  const all = forums.data ?? [];
  const shown = useMemo(() => filterForums(all, search, category), [all, search, category]);
  const isFiltering = search.trim() !== '' || category !== 'all';

  const clearFilters = () => {
    setSearch('');
    setCategory('all');
  };

  const status = forums.isError ? getErrorStatus(forums.error) : null;
  if (status === 401 || status === 403) return <AccessDenied />;

  let body: ReactNode;
  if (forums.isPending) {
    body = (
      <div aria-busy="true" className="grid gap-4">
        <p role="status" className="text-muted-foreground">
          {FORUM_TEXT.loading}
        </p>
        <div className={GRID_CLASS}>
          {[0, 1, 2].map((index) => (
            <AdminForumCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  } else if (forums.isError) {
    body = (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
        <h2 className="font-display font-medium text-2xl tracking-tight">The forums could not be loaded</h2>
        <p className="max-w-sm text-muted-foreground">
          Something got in the way. Give it a moment and try again.
        </p>
        <Button variant="outline" size="sm" onClick={() => forums.refetch()} isPending={forums.isFetching}>
          Try again
        </Button>
      </Card>
    );
  } else if (all.length === 0) {
    body = <ListMessage title={FORUM_TEXT.noForums} action={<CreateButton onClick={openCreate} />} />;
  } else if (shown.length === 0) {
    body = (
      <ListMessage
        title={FORUM_TEXT.noMatches}
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul className={GRID_CLASS}>
        {shown.map((forum) => (
          <li key={forum.id} className="min-w-0">
            <AdminForumCard forum={forum} onEdit={openEdit} onDelete={setToDelete} />
          </li>
        ))}
      </ul>
    );
  }

  const countText = forums.isSuccess
    ? isFiltering
      ? `${shown.length} of ${all.length} forums`
      : all.length === 1
        ? '1 forum'
        : `${all.length} forums`
    : '';

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title={FORUM_TEXT.title}
        description={FORUM_TEXT.subtitle}
        actions={<CreateButton onClick={openCreate} />}
      />

      <section aria-labelledby={ids.heading} className="grid gap-5">
        <h2 id={ids.heading} className="sr-only">
          Forums
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative w-full sm:max-w-sm sm:flex-1">
            <label htmlFor={ids.search} className="sr-only">
              Search forums
            </label>
            <Search
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3.5 size-4 text-muted-foreground"
              strokeWidth={1.75}
              aria-hidden="true"
            />
            <Input
              id={ids.search}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={FORUM_TEXT.searchPlaceholder}
              autoComplete="off"
              className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
            />
            {search && (
              <button
                type="button"
                onClick={() => setSearch('')}
                aria-label="Clear search"
                className="-translate-y-1/2 absolute top-1/2 right-1.5 grid size-8 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
              </button>
            )}
          </div>
          <div className="w-full sm:w-56">
            <label htmlFor={ids.category} className="sr-only">
              Category
            </label>
            <NativeSelect
              id={ids.category}
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
          <p className="text-muted-foreground text-sm sm:ml-auto" role="status">
            {countText}
          </p>
        </div>
        {body}
      </section>

      <Dialog open={editor !== null} onOpenChange={(open) => !open && closeEditor()}>
        {editor && (
          <DialogContent
            key={editor.mode === 'edit' ? editor.item.id : 'create'}
            className="max-w-xl"
            onInteractOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (isSaving) event.preventDefault();
            }}
          >
            <DialogHeader>
              <DialogTitle>
                {editor.mode === 'create' ? FORUM_TEXT.createTitle : FORUM_TEXT.editTitle}
              </DialogTitle>
              <DialogDescription>
                {editor.mode === 'create' ? FORUM_TEXT.createDescription : FORUM_TEXT.editDescription}
              </DialogDescription>
            </DialogHeader>
            <ForumForm
              mode={editor.mode}
              defaultValues={
                editor.mode === 'create' ? DEFAULT_FORUM_FORM_VALUES : forumFormValuesFrom(editor.item)
              }
              isPending={isSaving}
              onSubmit={save}
              onCancel={closeEditor}
            />
          </DialogContent>
        )}
      </Dialog>

      <DeleteForumDialog
        forum={toDelete}
        isPending={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
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
