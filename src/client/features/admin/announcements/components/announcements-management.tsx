import { Button } from '@client/components/ui/button';
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
import { isAccessError, ListMessage, LoadError } from '@client/features/admin/kit/admin-states';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { cn } from '@client/lib/cn';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import { Plus, Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { announcementFormValuesFrom, DEFAULT_ANNOUNCEMENT_FORM_VALUES } from '../announcement-form-values';
import { useAdminAnnouncements } from '../api/admin-announcements';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { AdminAnnouncementCard, AdminAnnouncementCardSkeleton } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';
import { confirmAnnouncementWrite, explainAnnouncementFailure } from './announcement-toasts';
import { DeleteAnnouncementDialog } from './delete-announcement-dialog';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/** docs/product.md section 2, /admin/announcements, word for word. */
export const ANNOUNCEMENT_TEXTS = {
  subtitle: 'Manage home page announcements and updates',
  createTitle: 'Create New Announcement',
  createDescription: 'Add a new announcement to display on the home page',
  editTitle: 'Edit Announcement',
  editDescription: 'Update your announcement details',
  searchPlaceholder: 'Search announcements...',
  emptySearch: 'No announcements found matching your search.',
  empty: 'No announcements available. Create your first announcement!',
  loading: 'Loading announcements...',
} as const;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus aria-hidden="true" />
      Create Announcement
    </Button>
  );
}

const GRID_CLASS = 'grid grid-cols-1 items-start gap-4 sm:gap-5 lg:grid-cols-2';

/** /admin/announcements for an admin (docs/product.md section 2): search, the cards, and the three dialogs. */
export function AnnouncementsManagement({ now }: { now?: Date } = {}) {
  useDocumentTitle('Announcements');
  const searchId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const list = useAdminAnnouncements(search);
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
  } = useAdminWrites<Announcement, AnnouncementInput>({
    create: useCreateAnnouncement(),
    update: useUpdateAnnouncement(),
    remove: useDeleteAnnouncement(),
    confirm: confirmAnnouncementWrite,
    explain: explainAnnouncementFailure,
  });

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const announcements = list.data?.pages.flatMap((page) => page.announcements) ?? [];
  const isSearching = search.trim() !== '';
  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true">
        <p className="text-muted-foreground" role="status">
          {ANNOUNCEMENT_TEXTS.loading}
        </p>
        <div className={GRID_CLASS}>
          {[0, 1, 2, 3].map((index) => (
            <AdminAnnouncementCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  } else if (list.isError && announcements.length === 0) {
    body = (
      <LoadError
        title="The announcements could not be loaded"
        onRetry={() => list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  } else if (announcements.length === 0) {
    body = isSearching ? (
      <ListMessage
        title={ANNOUNCEMENT_TEXTS.emptySearch}
        action={
          <Button variant="outline" onClick={() => setSearchText('')}>
            Show all announcements
          </Button>
        }
      />
    ) : (
      <ListMessage title={ANNOUNCEMENT_TEXTS.empty} action={<CreateButton onClick={openCreate} />} />
    );
  } else {
    body = (
      <div className="grid gap-6">
        <ul
          className={cn(GRID_CLASS, list.isPlaceholderData && 'opacity-60 transition-opacity')}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {announcements.map((announcement) => (
            <li key={announcement.id} className="h-full min-w-0">
              <AdminAnnouncementCard
                announcement={announcement}
                now={now}
                onEdit={openEdit}
                onDelete={setToDelete}
              />
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
    ? `${announcements.length === 1 ? '1 announcement' : `${announcements.length} announcements`}${
        list.hasNextPage ? ' shown, more below' : ''
      }${isSearching ? ` matching "${search.trim()}"` : ''}`
    : '';

  return (
    <div className="grid gap-8">
      <AdminPageHeader
        title="Announcements"
        description={ANNOUNCEMENT_TEXTS.subtitle}
        actions={<CreateButton onClick={openCreate} />}
      />

      <section aria-labelledby={`${searchId}-heading`} className="grid gap-5">
        <h2 id={`${searchId}-heading`} className="sr-only">
          All announcements
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="relative w-full sm:max-w-sm">
            <label htmlFor={searchId} className="sr-only">
              Search announcements
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
              placeholder={ANNOUNCEMENT_TEXTS.searchPlaceholder}
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
            // A stray click outside should not throw away a half-written announcement.
            onInteractOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (isSaving) event.preventDefault();
            }}
          >
            <DialogHeader>
              <DialogTitle>
                {editor.mode === 'create' ? ANNOUNCEMENT_TEXTS.createTitle : ANNOUNCEMENT_TEXTS.editTitle}
              </DialogTitle>
              <DialogDescription>
                {editor.mode === 'create'
                  ? ANNOUNCEMENT_TEXTS.createDescription
                  : ANNOUNCEMENT_TEXTS.editDescription}
              </DialogDescription>
            </DialogHeader>
            <AnnouncementForm
              defaultValues={
                editor.mode === 'create'
                  ? DEFAULT_ANNOUNCEMENT_FORM_VALUES
                  : announcementFormValuesFrom(editor.item)
              }
              submitLabel={editor.mode === 'create' ? 'Create Announcement' : 'Update Announcement'}
              pendingLabel={editor.mode === 'create' ? 'Creating…' : 'Saving…'}
              isPending={isSaving}
              onSubmit={save}
              onCancel={closeEditor}
            />
          </DialogContent>
        )}
      </Dialog>

      <DeleteAnnouncementDialog
        announcement={toDelete}
        isPending={isDeleting}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md section 2). */
export function AdminAnnouncementsScreen() {
  return (
    <AdminGate>
      <AnnouncementsManagement />
    </AdminGate>
  );
}
