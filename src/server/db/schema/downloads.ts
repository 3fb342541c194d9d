import { index, pgTable } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { memberAndItem } from './library.ts';

/**
 * One row each time a member is granted an offline download of an item
 * (`POST /api/videos/{id}/download`); admins see the count per item in analytics.
 */
export const contentDownloads = pgTable(
  'content_downloads',
  {
    ...memberAndItem(),
    ...timestamps,
  },
  (table) => [index('content_downloads_video_idx').on(table.videoId, table.createdAt)],
);
