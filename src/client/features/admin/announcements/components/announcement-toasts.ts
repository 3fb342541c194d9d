import { adminToasts } from '@client/features/admin/kit/toasts';

/** docs/product.md section 8, "Announcement and forum writes": the fallbacks when the server gives no message. */
export const ANNOUNCEMENT_FAILURE_MESSAGES = {
  create: 'Failed to create announcement',
  update: 'Failed to update announcement',
  delete: 'Failed to delete announcement',
} as const;

export type AnnouncementWrite = keyof typeof ANNOUNCEMENT_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Announcement Created/Updated/Deleted', each with a sentence. */
export const { confirm: confirmAnnouncementWrite, explain: explainAnnouncementFailure } = adminToasts<
  { title: string; isPublished?: boolean },
  AnnouncementWrite
>({
  noun: 'Announcement',
  failures: ANNOUNCEMENT_FAILURE_MESSAGES,
  describe: {
    create: (announcement) =>
      announcement.isPublished === false
        ? `"${announcement.title}" was saved as a draft.`
        : `"${announcement.title}" is now on the home page.`,
    delete: (announcement) => `"${announcement.title}" has been removed.`,
  },
});
