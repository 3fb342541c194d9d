import { accountStorageKey, getRememberedUserId, readJson, writeJson } from '@client/features/auth';
import { getErrorStatus } from '@client/lib/api';

/**
 * Listening done without a network: the last position per item, kept on the device for the
 * signed-in account and sent (`PUT /api/progress/{id}`) when the network returns. It also gives
 * the player its resume position while offline.
 */
export type PendingProgress = { positionSeconds: number; completed: boolean; savedAt: string };

const key = (userId: string) => accountStorageKey(userId, 'pending-progress');

export function readPendingProgress(userId: string): Record<string, PendingProgress> {
  const stored = readJson(key(userId));
  return stored && typeof stored === 'object' ? (stored as Record<string, PendingProgress>) : {};
}

export function queueProgress(
  videoId: string,
  input: { positionSeconds: number; completed: boolean },
): boolean {
  const userId = getRememberedUserId();
  if (!userId) return false;
  const pending = readPendingProgress(userId);
  pending[videoId] = { ...input, savedAt: new Date().toISOString() };
  writeJson(key(userId), pending);
  return true;
}

/** Sends what was queued, oldest first; what fails stays for the next time. */
export async function flushPendingProgress(
  userId: string,
  send: (videoId: string, input: { positionSeconds: number; completed: boolean }) => Promise<void>,
): Promise<number> {
  const pending = readPendingProgress(userId);
  const entries = Object.entries(pending).sort(([, a], [, b]) => a.savedAt.localeCompare(b.savedAt));
  let sent = 0;
  const forget = (videoId: string, savedAt: string) => {
    const latest = readPendingProgress(userId);
    // A newer position saved meanwhile stays queued.
    if (latest[videoId]?.savedAt !== savedAt) return;
    delete latest[videoId];
    writeJson(key(userId), latest);
  };
  for (const [videoId, entry] of entries) {
    try {
      await send(videoId, { positionSeconds: entry.positionSeconds, completed: entry.completed });
      sent += 1;
      forget(videoId, entry.savedAt);
    } catch (error) {
      // Refused (the item is gone, or no longer open to this account): asking again will not help.
      // Offline again or a server hiccup: it stays for the next time.
      const status = getErrorStatus(error);
      if (status !== null && status >= 400 && status < 500) forget(videoId, entry.savedAt);
    }
  }
  return sent;
}
