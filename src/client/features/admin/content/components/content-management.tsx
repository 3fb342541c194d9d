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
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { AdminPageHeader } from '@client/features/admin/kit/admin-page-header';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { getErrorStatus } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { ContentInput, ContentItem } from '@shared/schemas/content';
import { CloudOff, Plus, Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useAdminContentList } from '../api/admin-content-list';
import { useCreateContent } from '../api/create-content';
import { useDeleteContent } from '../api/delete-content';
import { useUpdateContent } from '../api/update-content';
import { contentFormValuesFrom, DEFAULT_CONTENT_FORM_VALUES } from '../content-form-values';
import { AdminContentCard, AdminContentCardSkeleton } from './admin-content-card';
import { ContentForm } from './content-form';
import { confirmContentWrite, explainContentFailure } from './content-toasts';
import { DeleteContentDialog } from './delete-content-dialog';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;

export const EMPTY_SEARCH_MESSAGE = 'No content found matching your search.';
export const EMPTY_LIBRARY_MESSAGE = 'No content available. Create your first piece of content!';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function CreateButton({ onClick, label = 'Create Content' }: { onClick: () => void; label?: string }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
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

const GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3';

function ContentGridSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading content
      </span>
      <div className={GRID_CLASS}>
        {[0, 1, 2, 3, 4, 5].map((index) => (
          <AdminContentCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}

/** /admin/content for an admin (docs/product.md section 2): search, the grid, and the three dialogs. */
export function ContentManagement() {
  useDocumentTitle('Content Management');
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const list = useAdminContentList(search);
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
  } = useAdminWrites<ContentItem, ContentInput>({
    create: useCreateContent(),
    update: useUpdateContent(),
    remove: useDeleteContent(),
    confirm: confirmContentWrite,
    explain: explainContentFailure,
  });

  const status = list.isError ? getErrorStatus(list.error) : null;
  if (status === 401 || status === 403) return <AccessDenied />;

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isSearching = search.trim() !== '';
  let body: ReactNode;
  if (list.isPending) {
    body = <ContentGridSkeleton />;
  } else if (list.isError && items.length === 0) {
    body = (
      <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
        <h2 className="font-display font-medium text-2xl tracking-tight">The content could not be loaded</h2>
        <p className="max-w-sm text-muted-foreground">
          Something got in the way. Give it a moment and try again.
        </p>
        <Button variant="outline" size="sm" onClick={() => list.refetch()} isPending={list.isFetching}>
          Try again
        </Button>
      </Card>
    );
  } else if (items.length === 0) {
    body = isSearching ? (
      <ListMessage
        title={EMPTY_SEARCH_MESSAGE}
        action={
          <Button variant="outline" onClick={() => setSearchText('')}>
            Show all content
          </Button>
        }
      />
    ) : (
      <ListMessage title={EMPTY_LIBRARY_MESSAGE} action={<CreateButton onClick={openCreate} />} />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ul
          className={cn(GRID_CLASS, list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {items.map((item) => (
            <li key={item.id} className="min-w-0">
              <AdminContentCard item={item} onEdit={openEdit} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => list.fetchNextPage()}
            isPending={list.isFetchingNextPage}
            pendingText="Loading…"
          >
            Load more
          </Button>
        )}
      </div>
    );
  }

  const countText = list.isSuccess
    ? `${items.length === 1 ? '1 item' : `${items.length} items`}${list.hasNextPage ? ' shown, more below' : ''}${
        isSearching ? ` matching "${search.trim()}"` : ''
      }`
    : '';

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Content Management"
        description="Create, edit and publish the sessions, posts and events of the library."
        actions={<CreateButton onClick={openCreate} />}
      />

      <section aria-labelledby={`${searchId}-heading`} className="grid gap-5">
        <h2 id={`${searchId}-heading`} className="sr-only">
          Content
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="relative w-full sm:max-w-sm">
            <label htmlFor={searchId} className="sr-only">
              Search content
            </label>
            <Search
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3.5 size-4 text-muted-foreground"
              strokeWidth={1.75}
              aria-hidden="true"
            />
            <Input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search content..."
              autoComplete="off"
              className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
            />
            {searchText && (
              <button
                type="button"
                onClick={() => setSearchText('')}
                aria-label="Clear search"
                className="-translate-y-1/2 absolute top-1/2 right-1.5 grid size-8 place-items-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <X className="size-4" strokeWidth={1.75} aria-hidden="true" />
              </button>
            )}
          </div>
          <p className="text-muted-foreground text-sm" role="status">
            {countText}
          </p>
        </div>
        {body}
      </section>

      <Dialog open={editor !== null} onOpenChange={(open) => !open && closeEditor()}>
        {editor && (
          <DialogContent
            key={editor.mode === 'edit' ? editor.item.id : 'create'}
            className="max-w-2xl"
            // A stray click outside should not throw away a half-written form.
            onInteractOutside={(event) => event.preventDefault()}
            // Focus the first field without selecting its text, so a stray key cannot replace a title.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement)
                .querySelector<HTMLElement>('input, select, textarea')
                ?.focus();
            }}
            onEscapeKeyDown={(event) => {
              if (isSaving) event.preventDefault();
            }}
          >
            <DialogHeader>
              <DialogTitle>{editor.mode === 'create' ? 'Create New Content' : 'Edit Content'}</DialogTitle>
              <DialogDescription>
                {editor.mode === 'create'
                  ? 'Add a video, audio session, post or event to the library.'
                  : 'Update the details of this content.'}
              </DialogDescription>
            </DialogHeader>
            <ContentForm
              defaultValues={
                editor.mode === 'create' ? DEFAULT_CONTENT_FORM_VALUES : contentFormValuesFrom(editor.item)
              }
              submitLabel={editor.mode === 'create' ? 'Create Content' : 'Save Changes'}
              pendingLabel={editor.mode === 'create' ? 'Creating…' : 'Saving…'}
              isPending={isSaving}
              onSubmit={save}
              onCancel={closeEditor}
            />
          </DialogContent>
        )}
      </Dialog>

      <DeleteContentDialog
        item={toDelete}
        isPending={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md section 2). */
export function AdminContentScreen() {
  return (
    <AdminGate>
      <ContentManagement />
    </AdminGate>
  );
}
