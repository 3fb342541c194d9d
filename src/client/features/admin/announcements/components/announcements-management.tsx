import { deleteQuestion } from '@client/components/ui/confirm-delete-dialog';
import { AccessDenied, AdminGate } from '@client/features/admin/kit/admin-gate';
import { isAccessError, ListMessage } from '@client/features/admin/kit/admin-states';
import {
  AdminListScreen,
  CardGrid,
  CreateButton,
  ListBody,
  ListSkeleton,
  NoMatches,
  pagedCountText,
  useSearchText,
} from '@client/features/admin/kit/list-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useAdminWrites } from '@client/features/admin/kit/use-admin-writes';
import { AdminWriteDialogs, editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { Announcement, AnnouncementInput } from '@shared/schemas/announcements';
import {
  type AnnouncementFormValues,
  announcementFormValuesFrom,
  DEFAULT_ANNOUNCEMENT_FORM_VALUES,
} from '../announcement-form-values';
import { useAdminAnnouncements } from '../api/admin-announcements';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { AdminAnnouncementCard, AdminAnnouncementCardSkeleton } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';

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

const GRID_CLASS = 'grid grid-cols-1 items-start gap-4 sm:gap-5 lg:grid-cols-2';

const ANNOUNCEMENT_FORM: FormSetup<Announcement, AnnouncementFormValues> = {
  defaults: DEFAULT_ANNOUNCEMENT_FORM_VALUES,
  valuesFrom: announcementFormValuesFrom,
  createLabel: 'Create Announcement',
  saveLabel: 'Update Announcement',
};

/** docs/product.md section 8: 'Announcement Created/Updated/Deleted', each with a sentence. */
const announcementToasts = adminToasts<Announcement>({
  noun: 'Announcement',
  describe: {
    create: (announcement) =>
      announcement.isPublished === false
        ? `"${announcement.title}" was saved as a draft.`
        : `"${announcement.title}" is now on the home page.`,
    delete: (announcement) => `"${announcement.title}" has been removed.`,
  },
});

/** /admin/announcements for an admin (docs/product.md section 2): search, the cards, and the three dialogs. */
export function AnnouncementsManagement({ now }: { now?: Date } = {}) {
  useDocumentTitle('Announcements');
  const { searchText, setSearchText, search, isSearching } = useSearchText();
  const list = useAdminAnnouncements(search);
  const writes = useAdminWrites<Announcement, AnnouncementInput>({
    create: useCreateAnnouncement(),
    update: useUpdateAnnouncement(),
    remove: useDeleteAnnouncement(),
    toasts: announcementToasts,
  });

  if (list.isError && isAccessError(list.error)) return <AccessDenied />;

  const announcements = list.data?.pages.flatMap((page) => page.announcements) ?? [];
  const createButton = <CreateButton label="Create Announcement" onClick={writes.openCreate} />;
  const body = (
    <ListBody
      list={list}
      isFailed={list.isError && announcements.length === 0}
      loadErrorTitle="The announcements could not be loaded"
      skeleton={
        <ListSkeleton
          label={ANNOUNCEMENT_TEXTS.loading}
          visibleLabel
          count={4}
          gridClassName={GRID_CLASS}
          skeleton={() => <AdminAnnouncementCardSkeleton />}
        />
      }
      message={
        announcements.length > 0 ? null : isSearching ? (
          <NoMatches
            title={ANNOUNCEMENT_TEXTS.emptySearch}
            resetLabel="Show all announcements"
            onReset={() => setSearchText('')}
          />
        ) : (
          <ListMessage title={ANNOUNCEMENT_TEXTS.empty} action={createButton} />
        )
      }
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
  );

  const countText = pagedCountText(list, announcements.length, ['announcement', 'announcements'], search);

  return (
    <AdminListScreen
      title="Announcements"
      description={ANNOUNCEMENT_TEXTS.subtitle}
      actions={createButton}
      sectionHeading="All announcements"
      search={{
        label: 'Search announcements',
        placeholder: ANNOUNCEMENT_TEXTS.searchPlaceholder,
        value: searchText,
        onChange: setSearchText,
      }}
      count={countText}
      dialogs={
        <AdminWriteDialogs
          writes={writes}
          formClassName="max-w-2xl"
          formText={ANNOUNCEMENT_TEXTS}
          renderForm={(editor) => (
            <AnnouncementForm {...editorFormProps(writes, editor, ANNOUNCEMENT_FORM)} />
          )}
          deleteTitle="Delete Announcement"
          deleteDescription={(announcement) => deleteQuestion(announcement.title)}
        />
      }
    >
      {body}
    </AdminListScreen>
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
