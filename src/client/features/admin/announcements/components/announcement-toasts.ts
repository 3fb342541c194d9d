import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';

/** docs/product.md section 8, "Announcement and forum writes": the fallbacks when the server gives no message. */
export const ANNOUNCEMENT_FAILURE_MESSAGES = {
  create: 'Failed to create announcement',
  update: 'Failed to update announcement',
  delete: 'Failed to delete announcement',
} as const;

export type AnnouncementWrite = keyof typeof ANNOUNCEMENT_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Announcement Created/Updated/Deleted', each with a sentence. */
export function confirmAnnouncementWrite(
  write: AnnouncementWrite,
  announcement: { title: string; isPublished?: boolean },
): void {
  switch (write) {
    case 'create':
      toast({
        title: 'Announcement Created',
        description:
          announcement.isPublished === false
            ? `"${announcement.title}" was saved as a draft.`
            : `"${announcement.title}" is now on the home page.`,
      });
      return;
    case 'update':
      toast({
        title: 'Announcement Updated',
        description: `Your changes to "${announcement.title}" have been saved.`,
      });
      return;
    case 'delete':
      toast({
        title: 'Announcement Deleted',
        description: `"${announcement.title}" has been removed.`,
      });
      return;
  }
}

/** A destructive 'Error' toast with the server's message, else docs/product.md's sentence. */
export function explainAnnouncementFailure(write: AnnouncementWrite, error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: getErrorMessage(error) ?? ANNOUNCEMENT_FAILURE_MESSAGES[write],
  });
}
