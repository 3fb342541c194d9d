import { index, pgTable } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { ownerRef, primaryId, timestamps } from './columns.ts';
import { contentItems } from './library.ts';

/**
 * One row each time a member is granted an offline download of an item
 * (`POST /api/videos/{id}/download`); admins see the count per item in analytics.
 */
export const contentDownloads = pgTable(
  'content_downloads',
  {
    id: primaryId(),
    userId: ownerRef('user_id', () => users.id),
    videoId: ownerRef('video_id', () => contentItems.id),
    ...timestamps,
  },
  (table) => [index('content_downloads_video_idx').on(table.videoId, table.createdAt)],
);
