import { z } from 'zod';

/**
 * Offline downloads (docs/decisions/023-offline-downloads.md): premium members and admins may keep
 * audio and video on their device. The grant is a short-lived link made for one download.
 */

/** How long a granted download link works: long enough to start, too short to share. */
export const DOWNLOAD_LINK_TTL_SECONDS = 10 * 60;

export { DOWNLOAD_RECHECK_DAYS } from '../download-recheck.ts';

export const DownloadGrantSchema = z.object({
  /** A signed link to the file, valid for `DOWNLOAD_LINK_TTL_SECONDS`. */
  url: z.string(),
  expiresAt: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type DownloadGrant = z.infer<typeof DownloadGrantSchema>;

export const NOT_DOWNLOADABLE_MESSAGE =
  'This session plays from another site, so it cannot be saved for offline listening.';
