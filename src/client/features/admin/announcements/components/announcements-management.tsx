import { behindAdminGate } from '@client/features/admin/kit/admin-gate';
import {
  ManagementScreen,
  type ManagementText,
  useSearchedManagement,
} from '@client/features/admin/kit/management-screen';
import { adminToasts, draftOr } from '@client/features/admin/kit/toasts';
import { editorFormProps, type FormSetup } from '@client/features/admin/kit/write-dialogs';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { Announcement } from '@shared/schemas/announcements';
import {
  type AnnouncementFormValues,
  announcementFormValuesFrom,
  DEFAULT_ANNOUNCEMENT_FORM_VALUES,
} from '../announcement-form-values';
import { announcementWrites, useAdminAnnouncements } from '../api/admin-announcements';
import { AdminAnnouncementCard, AdminAnnouncementCardSkeleton } from './admin-announcement-card';
import { AnnouncementForm } from './announcement-form';

/** docs/product.md, "Admin", /admin/announcements, word for word (in English). */
function announcementText(i18n: I18n): ManagementText {
  return {
    title: i18n._('admin.screens.announcements.title'),
    subtitle: i18n._('admin.screens.announcements.subtitle'),
    sectionHeading: i18n._('admin.screens.announcements.sectionHeading'),
    searchLabel: i18n._('admin.screens.announcements.search'),
    searchPlaceholder: i18n._('admin.screens.announcements.searchPlaceholder'),
    loading: i18n._('admin.screens.announcements.loading'),
    loadError: i18n._('admin.screens.announcements.loadError'),
    noMatches: i18n._('admin.screens.announcements.noMatches'),
    showAll: i18n._('admin.screens.announcements.showAll'),
    empty: i18n._('admin.screens.announcements.empty'),
    createLabel: i18n._('admin.screens.announcements.create'),
    createTitle: i18n._('admin.screens.announcements.createTitle'),
    createDescription: i18n._('admin.screens.announcements.createDescription'),
    editTitle: i18n._('admin.screens.announcements.editTitle'),
    editDescription: i18n._('admin.screens.announcements.editDescription'),
    count: ({ count, hasMore, search }) => {
      if (search === undefined) {
        return hasMore
          ? i18n._('admin.screens.announcements.countMore', { count })
          : i18n._('admin.screens.announcements.count', { count });
      }
      return hasMore
        ? i18n._('admin.screens.announcements.countMoreMatching', { count, search })
        : i18n._('admin.screens.announcements.countMatching', { count, search });
    },
  };
}

const GRID_CLASS = 'grid grid-cols-1 items-start gap-4 sm:gap-5 lg:grid-cols-2';

/** The create and edit form's start, and its submit labels. */
function announcementForm(i18n: I18n): FormSetup<Announcement, AnnouncementFormValues> {
  return {
    defaults: DEFAULT_ANNOUNCEMENT_FORM_VALUES,
    valuesFrom: announcementFormValuesFrom,
    createLabel: i18n._('admin.screens.announcements.create'),
    saveLabel: i18n._('admin.screens.announcements.update'),
  };
}

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

/** /admin/announcements for an admin (docs/product.md, "Admin"): search, the cards, and the three dialogs. */
export function AnnouncementsManagement({ now }: { now?: Date } = {}) {
  const i18n = useNamespace('admin');
  const screen = useSearchedManagement(useAdminAnnouncements, announcementWrites, announcementToasts(i18n));

  return (
    <ManagementScreen
      text={announcementText(i18n)}
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
          <AnnouncementForm {...editorFormProps(screen.writes, editor, announcementForm(i18n), i18n)} />
        ),
        remove: { title: i18n._('admin.screens.announcements.deleteTitle') },
      }}
    />
  );
}

/** The screen behind the admin gate: members see Access Denied (docs/product.md, "Admin"). */
export const AdminAnnouncementsScreen = behindAdminGate(AnnouncementsManagement);
