import type { ProgressEntry } from '@shared/schemas/content.ts';
import { COMPLETION_SHARE } from '@shared/schemas/practice.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, playbackProgress } from '../../db/schema/index.ts';
import type { MemberAccess } from '../../lib/viewer.ts';
import { contentColumns, getContentRow, toContentItem } from './content.service.ts';

export const CONTINUE_LIMIT = 10;

/** Saves where the member is in an item (upsert); premium rules apply as for playing it. */
export async function saveProgress(
  db: Database,
  viewer: MemberAccess,
  videoId: string,
  input: { positionSeconds: number; completed: boolean },
) {
  const row = await getContentRow(db, videoId, viewer);
  const position = row.duration > 0 ? Math.min(input.positionSeconds, row.duration) : input.positionSeconds;
  // Heard to 90% counts as done (the closing silence or bell is not needed), whatever the client says.
  const completed = input.completed || (row.duration > 0 && position >= row.duration * COMPLETION_SHARE);
  const now = new Date();
  await db
    .insert(playbackProgress)
    .values({
      userId: viewer.id,
      videoId,
      positionSeconds: position,
      completed,
      completedAt: completed ? now : null,
    })
    .onConflictDoUpdate({
      target: [playbackProgress.userId, playbackProgress.videoId],
      // `completed` follows this playing (the Continue row); `completedAt` remembers the first finish.
      set: {
        positionSeconds: position,
        completed,
        completedAt: completed
          ? sql`coalesce(${playbackProgress.completedAt}, ${now.toISOString()}::timestamptz)`
          : sql`${playbackProgress.completedAt}`,
        updatedAt: now,
      },
    });
  return { videoId, positionSeconds: position, completed, updatedAt: now.toISOString() };
}

/** Unfinished items, most recently played first: the library's "Continue" row. */
export async function listProgress(db: Database, viewer: MemberAccess): Promise<ProgressEntry[]> {
  const rows = await db
    .select({ progress: playbackProgress, item: contentColumns })
    .from(playbackProgress)
    .innerJoin(contentItems, eq(contentItems.id, playbackProgress.videoId))
    .where(
      and(
        eq(playbackProgress.userId, viewer.id),
        eq(playbackProgress.completed, false),
        eq(contentItems.isPublished, true),
      ),
    )
    .orderBy(desc(playbackProgress.updatedAt))
    .limit(CONTINUE_LIMIT);
  return rows.map(({ progress, item }) => ({
    videoId: progress.videoId,
    positionSeconds: progress.positionSeconds,
    completed: progress.completed,
    updatedAt: progress.updatedAt.toISOString(),
    video: toContentItem(item, viewer),
  }));
}
