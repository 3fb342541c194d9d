import {
  DOWNLOAD_LINK_TTL_SECONDS,
  type DownloadGrant,
  NOT_DOWNLOADABLE_MESSAGE,
} from '@shared/schemas/downloads.ts';
import { count, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentDownloads, contentItems } from '../../db/schema/index.ts';
import { noMedia, notDownloadable, premiumRequired } from '../../lib/errors.ts';
import { type SessionUser, toViewerAccess } from '../../lib/viewer.ts';
import { getContentRow, NO_MEDIA_MESSAGE } from '../library/index.ts';
import { getDownloadLink, type MediaLinkDeps } from '../media/index.ts';

export const DOWNLOADS_PREMIUM_MESSAGE = 'Offline downloads are part of Stillpoint Premium.';

/**
 * Grants one offline download of an item's uploaded file: premium members and admins only, for
 * every item, free or premium (docs/decisions/023-offline-downloads.md). The link is made for this
 * download and expires in minutes; each grant is counted for the admin's analytics.
 */
export async function grantDownload(
  db: Database,
  deps: Pick<MediaLinkDeps, 'storage' | 'signer'>,
  id: string,
  viewer: SessionUser,
  now = Date.now(),
): Promise<DownloadGrant> {
  const access = toViewerAccess(viewer);
  const row = await getContentRow(db, id, access);
  if (!access.hasPremiumAccess) throw premiumRequired(DOWNLOADS_PREMIUM_MESSAGE);
  if (row.type !== 'audio' && row.type !== 'video') {
    throw noMedia(NO_MEDIA_MESSAGE);
  }
  const grant = await getDownloadLink(deps, row.videoFileUrl, DOWNLOAD_LINK_TTL_SECONDS, now);
  if (!grant) {
    // A streaming address lives on another site: there is no file of ours to hand over.
    if (row.videoUrl) throw notDownloadable(NOT_DOWNLOADABLE_MESSAGE);
    throw noMedia(NO_MEDIA_MESSAGE);
  }
  await db.insert(contentDownloads).values({ userId: viewer.id, videoId: row.id });
  return grant;
}

export type DownloadCount = { videoId: string; title: string; downloads: number };

/** The most downloaded items, for the admin's analytics (bounded). */
export async function listDownloadCounts(db: Database, limit = 10): Promise<DownloadCount[]> {
  const downloads = count(contentDownloads.id);
  const rows = await db
    .select({ videoId: contentDownloads.videoId, downloads })
    .from(contentDownloads)
    .groupBy(contentDownloads.videoId)
    .orderBy(desc(downloads))
    .limit(limit);
  if (rows.length === 0) return [];
  const titles = new Map(
    (
      await db
        .select({ id: contentItems.id, title: contentItems.title })
        .from(contentItems)
        .where(
          inArray(
            contentItems.id,
            rows.map((row) => row.videoId),
          ),
        )
    ).map((item) => [item.id, item.title]),
  );
  return rows.map((row) => ({
    videoId: row.videoId,
    title: titles.get(row.videoId) ?? '',
    downloads: row.downloads,
  }));
}
