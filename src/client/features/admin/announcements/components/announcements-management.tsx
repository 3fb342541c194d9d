import { MessageCard } from '@client/components/content/state-cards';
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
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { useNamespace } from '@client/lib/i18n';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { I18n } from '@lingui/core';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import type { ReactNode } from 'react';
import { announcementFormValuesFrom, DEFAULT_ANNOUNCEMENT_FORM_VALUES } from '../announcement-form-values';
import { announcementWrites, useAdminAnnouncements } from '../api/admin-announcements';
import { AdminAnnouncementCard, AdminAnnouncementCardSkeleton } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';

const GRID_CLASS = 'grid grid-cols-1 items-start gap-4 sm:gap-5 lg:grid-cols-2';

/** docs/product.md, "Errors shown": 'Announcement Created/Updated/Deleted', each with a sentence. */
function announcementToasts(i18n: I18n) {
  return adminToasts<Announcement>({
    titles: {
      create: i18n._('admin.screens.announcements.toast.created'),
      update: i18n._('admin.screens.announcements.toast.updated'),
      delete: i18n._('admin.screens.announcements.toast.deleted'),
    },
    describe: {
      create: draftOr((announcement) =>
        i18n._('admin.screens.announcements.toast.createdDescription', { title: announcement.title }),
      ),
      delete: (announcement) =>
        i18n._('admin.screens.announcements.toast.deletedDescription', { title: announcement.title }),
    },
    failures: {
      create: i18n._('admin.screens.announcements.toast.createFailed'),
      update: i18n._('admin.screens.announcements.toast.updateFailed'),
      delete: i18n._('admin.screens.announcements.toast.deleteFailed'),
    },
  });
}

/**
 * /admin/announcements for an admin (docs/product.md, "Admin"), top to bottom: the header with
 * Create Announcement, the search (on the server, a page at a time), the live count, the list's
 * states and cards with Load more, then the create / edit dialog and the delete question. The
 * words are docs/product.md's for /admin/announcements, word for word in English.
 */
export function AnnouncementsManagement({ now }: { now?: Date } = {}) {
  const i18n = useNamespace('admin');
  useDocumentTitle(i18n._('admin.screens.announcements.title'));
  const search = useSearchText();
  const list = useAdminAnnouncements(search.search);
  const announcements = list.data?.pages.flatMap((page) => page.items) ?? [];
  const writes = useAdminWrites<Announcement, AnnouncementInput>({
    create: announcementWrites.useCreate(),
    update: announcementWrites.useUpdate(),
    remove: announcementWrites.useDelete(),
    toasts: announcementToasts(i18n),
  });

  // Signed out or not an admin, the server refuses the list.
  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const createButton = (
    <CreateButton label={i18n._('admin.screens.announcements.create')} onClick={writes.openCreate} />
  );
  // The count says what is shown so far, whether more is below, and what it matches.
  let count = '';
  if (list.isSuccess) {
    const shown = announcements.length;
    const query = search.search.trim();
    if (!search.isSearching) {
      count = list.hasNextPage
        ? i18n._('admin.screens.announcements.countMore', { count: shown })
        : i18n._('admin.screens.announcements.count', { count: shown });
    } else {
      count = list.hasNextPage
        ? i18n._('admin.screens.announcements.countMoreMatching', { count: shown, search: query })
        : i18n._('admin.screens.announcements.countMatching', { count: shown, search: query });
    }
  }
  let message: ReactNode = null;
  if (announcements.length === 0) {
    message = search.isSearching ? (
      <NoMatches
        title={i18n._('admin.screens.announcements.noMatches')}
        resetLabel={i18n._('admin.screens.announcements.showAll')}
        onReset={() => search.setSearchText('')}
      />
    ) : (
      <MessageCard title={i18n._('admin.screens.announcements.empty')} action={createButton} />
    );
  }

  return (
    <AdminListScreen
      title={i18n._('admin.screens.announcements.title')}
      description={i18n._('admin.screens.announcements.subtitle')}
      actions={createButton}
      sectionHeading={i18n._('admin.screens.announcements.sectionHeading')}
      search={{
        label: i18n._('admin.screens.announcements.search'),
        placeholder: i18n._('admin.screens.announcements.searchPlaceholder'),
        value: search.searchText,
        onChange: search.setSearchText,
      }}
      count={count}
      dialogs={
        <>
          <AdminFormDialog
            editor={writes.editor}
            isSaving={writes.isSaving}
            onClose={writes.closeEditor}
            text={{
              createTitle: i18n._('admin.screens.announcements.createTitle'),
              createDescription: i18n._('admin.screens.announcements.createDescription'),
              editTitle: i18n._('admin.screens.announcements.editTitle'),
              editDescription: i18n._('admin.screens.announcements.editDescription'),
            }}
            className="max-w-2xl"
          >
            {(editor) => (
              <AnnouncementForm
                mode={editor.mode}
                defaultValues={
                  editor.mode === 'create'
                    ? DEFAULT_ANNOUNCEMENT_FORM_VALUES
                    : announcementFormValuesFrom(editor.item)
                }
                submitLabel={
                  editor.mode === 'create'
                    ? i18n._('admin.screens.announcements.create')
                    : i18n._('admin.screens.announcements.update')
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
            title={i18n._('admin.screens.announcements.deleteTitle')}
            description={(announcement) =>
              i18n._('admin.kit.dialogs.deleteQuestion', { title: announcement.title })
            }
            isPending={writes.isDeleting}
            onConfirm={writes.confirmDelete}
            onClose={() => writes.setToDelete(null)}
          />
        </>
      }
    >
      <ListBody
        list={list}
        // A later page that fails leaves the loaded cards; its Load more offers the retry.
        isFailed={list.isError && announcements.length === 0}
        loadErrorTitle={i18n._('admin.screens.announcements.loadError')}
        skeleton={
          <ListSkeleton
            label={i18n._('admin.screens.announcements.loading')}
            visibleLabel
            count={4}
            gridClassName={GRID_CLASS}
            skeleton={() => <AdminAnnouncementCardSkeleton />}
          />
        }
        message={message}
      >
        <CardGrid
          items={announcements}
          className={GRID_CLASS}
          itemClassName="h-full min-w-0"
          isStale={list.isPlaceholderData}
          loadMore={list}
          renderItem={(announcement) => (
            <AdminAnnouncementCard
              announcement={announcement}
              now={now}
              onEdit={writes.openEdit}
              onDelete={writes.setToDelete}
            />
          )}
        />
      </ListBody>
    </AdminListScreen>
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminAnnouncementsScreen = behindAdminGate(AnnouncementsManagement);
