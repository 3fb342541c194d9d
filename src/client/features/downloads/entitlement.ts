import { DOWNLOAD_RECHECK_DAYS } from '@shared/download-recheck';
import { hasPremiumAccess } from '@shared/entitlements';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A download plays offline only while the account's premium access was confirmed online within
 * the last `DOWNLOAD_RECHECK_DAYS` days; after that it waits until the app is online again.
 */
export function isCheckFresh(lastCheckedAt: number | null, now: number): boolean {
  return lastCheckedAt !== null && now - lastCheckedAt <= DOWNLOAD_RECHECK_DAYS * DAY_MS;
}

/**
 * What the device does with its downloads when the server confirms the account: keep them (and
 * note the check) while premium lasts, remove them all when it has ended. Downloads are premium
 * only for every item (docs/decisions/023-offline-downloads.md), free ones included.
 */
export function reconcileDownloads(
  user: { isAdmin?: boolean | null; subscriptionStatus?: string | null },
  downloadCount: number,
): 'keep' | 'remove' | 'nothing-to-do' {
  if (hasPremiumAccess(user)) return 'keep';
  return downloadCount > 0 ? 'remove' : 'nothing-to-do';
}
