import type { Favorite } from '@shared/schemas/content.ts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, favorites } from '../../db/schema/index.ts';
import type { MemberAccess } from '../../lib/viewer.ts';
import { assertCanOpen, contentColumns, getContentRow, toContentItem } from './content.service.ts';

export const MAX_FAVORITES_PAGE = 200;

/** The member's favourites, newest first, with their (published) items. */
export async function listFavorites(db: Database, viewer: MemberAccess, limit = MAX_FAVORITES_PAGE) {
  const rows = await db
    .select({ favorite: favorites, item: contentColumns })
    .from(favorites)
    .innerJoin(contentItems, eq(contentItems.id, favorites.videoId))
    .where(
      and(
        eq(favorites.userId, viewer.id),
        viewer.role === 'admin' ? undefined : eq(contentItems.isPublished, true),
      ),
    )
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(limit);
  return rows.map(
    ({ favorite, item }): Favorite => ({
      id: favorite.id,
      videoId: favorite.videoId,
      createdAt: favorite.createdAt.toISOString(),
      video: toContentItem(item, viewer),
    }),
  );
}

/** The same call adds and removes (docs/product.md, "States and transitions"). Premium items need premium access. */
export async function toggleFavorite(db: Database, viewer: MemberAccess, videoId: string) {
  const row = await getContentRow(db, videoId, viewer);
  assertCanOpen(row, viewer);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(and(eq(favorites.userId, viewer.id), eq(favorites.videoId, videoId)))
      .returning({ id: favorites.id });
    if (removed.length > 0) return { isFavorite: false };
    // A concurrent toggle may have inserted meanwhile: the unique key keeps one row.
    await tx.insert(favorites).values({ userId: viewer.id, videoId }).onConflictDoNothing();
    return { isFavorite: true };
  });
}
