import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { timestamps } from './columns.ts';

/**
 * Every upload URL handed out, and what became of the file. The key (`uploads/<id>`) is made by
 * the server; user file names never become paths. Status: `pending` (URL issued) → `receiving`
 * (local PUT under way) → `uploaded` → `registered` (moved to its final object path) or `refused`
 * (deleted); `failed`, `expired` and `deleted` (cleaned up) end the others.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    /** 'image', 'video' or 'audio', decided from the file's bytes at registration. */
    kind: text('kind'),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    /** The registered object (`/objects/images/<id>.webp`, `/objects/media/<id>.mp4`). */
    objectPath: text('object_path').unique(),
    /** An audio or video file's length in whole seconds, read at registration; null when unreadable. */
    durationSeconds: integer('duration_seconds'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('uploads_status_created_at_idx').on(table.status, table.createdAt)],
);
