import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.ts';
import { contentItems, forums } from '../../src/server/db/schema/index.ts';

/**
 * What a subscription opens, for the billing tests: a premium audio item (its media given, a
 * streaming URL or an uploaded file) and a premium forum.
 */
export async function insertPremiumItemAndForum(
  db: Database,
  media: { videoUrl: string } | { videoFileUrl: string },
): Promise<{ premiumItemId: string; premiumForumSlug: string }> {
  const [item] = await db
    .insert(contentItems)
    .values({
      title: 'Deep rest',
      description: 'A premium practice',
      type: 'audio',
      isPremium: true,
      duration: 600,
      ...media,
    })
    .returning({ id: contentItems.id });
  const premiumForumSlug = `premium-${randomUUID().slice(0, 8)}`;
  await db
    .insert(forums)
    .values({ title: 'Premium circle', description: 'For members', slug: premiumForumSlug, isPremium: true });
  return { premiumItemId: item!.id, premiumForumSlug };
}
