import { sql } from 'drizzle-orm';
import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamps } from './columns.ts';
import { contentItems } from './library.ts';

/**
 * One row each time a member is granted an offline download of an item
 * (`POST /api/videos/{id}/download`); admins see the count per item in analytics.
 */
export const contentDownloads = pgTable(
  'content_downloads',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .references(() => contentItems.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('content_downloads_video_idx').on(table.videoId, table.createdAt)],
);
