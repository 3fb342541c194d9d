import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';

/** docs/product.md section 8, "Content writes": the fallbacks when the server gives no message. */
export const CONTENT_FAILURE_MESSAGES = {
  create: 'Failed to create content',
  update: 'Failed to update content',
  delete: 'Failed to delete content',
} as const;

export type ContentWrite = keyof typeof CONTENT_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Content Created', 'Content Updated', 'Content Deleted'. */
export function confirmContentWrite(
  write: ContentWrite,
  item: { title: string; isPublished?: boolean },
): void {
  switch (write) {
    case 'create':
      toast({
        title: 'Content Created',
        description:
          item.isPublished === false
            ? `"${item.title}" was saved as a draft.`
            : `"${item.title}" is now in the library.`,
      });
      return;
    case 'update':
      toast({ title: 'Content Updated', description: `Your changes to "${item.title}" have been saved.` });
      return;
    case 'delete':
      toast({ title: 'Content Deleted', description: `"${item.title}" has been removed from the library.` });
      return;
  }
}

/** A destructive 'Error' toast with the server's message, else docs/product.md's sentence. */
export function explainContentFailure(write: ContentWrite, error: unknown): void {
  toast({
    variant: 'destructive',
    title: 'Error',
    description: getErrorMessage(error) ?? CONTENT_FAILURE_MESSAGES[write],
  });
}
