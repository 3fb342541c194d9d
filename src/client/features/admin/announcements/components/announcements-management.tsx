import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import { useSearchText } from '@client/features/admin/kit/list-screen';
import { ManagementScreen, managementText } from '@client/features/admin/kit/management-screen';
import { adminToasts } from '@client/features/admin/kit/toasts';
import { useResourceWrites } from '@client/features/admin/kit/use-admin-writes';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import type { Announcement } from '@shared/schemas/announcements';
import {
  type AnnouncementFormValues,
  announcementFormValuesFrom,
  DEFAULT_ANNOUNCEMENT_FORM_VALUES,
} from '../announcement-form-values';
import { announcementWrites, useAdminAnnouncements } from '../api/admin-announcements';
import { AdminAnnouncementCard, AdminAnnouncementCardSkeleton } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';

/** docs/product.md section 2, /admin/announcements, word for word. */
const ANNOUNCEMENT_TEXTS = managementText('Announcement', 'announcements', {
  title: 'Announcements',
  sectionHeading: 'All announcements',
  nouns: ['announcement', 'announcements'],
  showAll: 'Show all announcements',
  subtitle: 'Manage home page announcements and updates',
  createDescription: 'Add a new announcement to display on the home page',
  editDescription: 'Update your announcement details',
  noMatches: 'No announcements found matching your search.',
  empty: 'No announcements available. Create your first announcement!',
  loading: 'Loading announcements...',
});

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
  const search = useSearchText();
  const list = useAdminAnnouncements(search.search);
  const writes = useResourceWrites(announcementWrites, announcementToasts);

  return (
    <ManagementScreen
      text={ANNOUNCEMENT_TEXTS}
      list={list}
      items={list.data?.pages.flatMap((page) => page.items) ?? []}
      search={search}
      skeleton={{ count: 4, visibleLabel: true, render: () => <AdminAnnouncementCardSkeleton /> }}
      gridClassName={GRID_CLASS}
      itemClassName="h-full min-w-0"
      renderItem={(announcement, actions) => (
        <AdminAnnouncementCard announcement={announcement} now={now} {...actions} />
      )}
      writes={writes}
      dialogs={{
        formClassName: 'max-w-2xl',
        renderForm: (editor) => <AnnouncementForm {...editorFormProps(writes, editor, ANNOUNCEMENT_FORM)} />,
        remove: { title: 'Delete Announcement' },
      }}
    />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md section 2). */
export const AdminAnnouncementsScreen = behindAdminGate(AnnouncementsManagement);
