import { adminToasts } from '@client/features/admin/kit/toasts';

/** docs/product.md section 8, "Content writes": the fallbacks when the server gives no message. */
export const CONTENT_FAILURE_MESSAGES = {
  create: 'Failed to create content',
  update: 'Failed to update content',
  delete: 'Failed to delete content',
} as const;

export type ContentWrite = keyof typeof CONTENT_FAILURE_MESSAGES;

/** docs/product.md section 8: 'Content Created', 'Content Updated', 'Content Deleted'. */
export const { confirm: confirmContentWrite, explain: explainContentFailure } = adminToasts<
  { title: string; isPublished?: boolean },
  ContentWrite
>({
  noun: 'Content',
  failures: CONTENT_FAILURE_MESSAGES,
  describe: {
    create: (item) =>
      item.isPublished === false
        ? `"${item.title}" was saved as a draft.`
        : `"${item.title}" is now in the library.`,
    delete: (item) => `"${item.title}" has been removed from the library.`,
  },
});
