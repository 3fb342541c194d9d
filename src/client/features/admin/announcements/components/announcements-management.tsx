import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import {
  ManagementScreen,
  managementText,
  useSearchedManagement,
} from '@client/features/admin/kit/management-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
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

/** docs/product.md, "Admin", /admin/announcements, word for word. */
const ANNOUNCEMENT_TEXTS = managementText('Announcement', 'announcements', {
  title: 'Announcements',
  sectionHeading: 'All announcements',
  subtitle: 'Manage home page announcements and updates',
  createDescription: 'Add a new announcement to display on the home page',
  editDescription: 'Update your announcement details',
  empty: 'No announcements available. Create your first announcement!',
});

const GRID_CLASS = 'grid grid-cols-1 items-start gap-4 sm:gap-5 lg:grid-cols-2';

const ANNOUNCEMENT_FORM: FormSetup<Announcement, AnnouncementFormValues> = {
  defaults: DEFAULT_ANNOUNCEMENT_FORM_VALUES,
  valuesFrom: announcementFormValuesFrom,
  createLabel: 'Create Announcement',
  saveLabel: 'Update Announcement',
};

/** docs/product.md, "Errors shown": 'Announcement Created/Updated/Deleted', each with a sentence. */
const announcementToasts = adminToasts<Announcement>({
  noun: 'Announcement',
  describe: {
    create: draftOr((announcement) => `"${announcement.title}" is now on the home page.`),
    delete: (announcement) => `"${announcement.title}" has been removed.`,
  },
});

/** /admin/announcements for an admin (docs/product.md, "Admin"): search, the cards, and the three dialogs. */
export function AnnouncementsManagement({ now }: { now?: Date } = {}) {
  const screen = useSearchedManagement(useAdminAnnouncements, announcementWrites, announcementToasts);

  return (
    <ManagementScreen
      text={ANNOUNCEMENT_TEXTS}
      {...screen}
      skeleton={{ count: 4, visibleLabel: true, render: () => <AdminAnnouncementCardSkeleton /> }}
      gridClassName={GRID_CLASS}
      itemClassName="h-full min-w-0"
      renderItem={(announcement, actions) => (
        <AdminAnnouncementCard announcement={announcement} now={now} {...actions} />
      )}
      dialogs={{
        formClassName: 'max-w-2xl',
        renderForm: (editor) => (
          <AnnouncementForm {...editorFormProps(screen.writes, editor, ANNOUNCEMENT_FORM)} />
        ),
        remove: { title: 'Delete Announcement' },
      }}
    />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminAnnouncementsScreen = behindAdminGate(AnnouncementsManagement);
