import { accountStorageKey, getRememberedUserId } from '@client/features/auth';
import { getErrorStatus } from '@client/lib/api';
import type { PracticeSessionInput } from '@shared/schemas/practice';
import { postPracticeSession } from './api/practice';

/**
 * Each account's outbox sits under the device's `stillpoint:` prefix, so signing out, deleting the
 * account or another account signing in clears it (features/auth/device-account.ts), and one
 * member's sessions are never sent with the next member's cookie.
 */
export const outboxKey = (userId: string) => accountStorageKey(userId, 'practice-outbox');
/** Where every account's sessions used to wait together; whose they were cannot be known, so it goes. */
export const SHARED_OUTBOX_KEY = 'stillpoint.practice-outbox';

type Outbox = Record<string, PracticeSessionInput>;
type Send = (session: PracticeSessionInput) => Promise<void>;

/** A refusal that will never turn into an acceptance (a bad or foreign session): stop retrying it. */
function isPermanentRefusal(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Practice sessions waiting to reach the server, kept in localStorage so a closed tab, a lost
 * connection or an offline sit still counts later. Every session carries its own id, so sending
 * one twice is harmless (the server keeps one row per id, docs in features/practice/README.md).
 */
export function createSessionOutbox(
  storage: Storage | null,
  send: Send,
  /** The signed-in account as this device knows it; null: nothing is kept, only sent. */
  currentUserId: () => string | null = getRememberedUserId,
) {
  try {
    storage?.removeItem(SHARED_OUTBOX_KEY);
  } catch {
    // Storage switched off: there is nothing to remove either.
  }
  const read = (): Outbox => {
    const userId = currentUserId();
    if (!userId) return {};
    try {
      return JSON.parse(storage?.getItem(outboxKey(userId)) ?? '{}') as Outbox;
    } catch {
      return {};
    }
  };
  const write = (outbox: Outbox) => {
    const userId = currentUserId();
    if (!userId) return;
    try {
      if (Object.keys(outbox).length === 0) storage?.removeItem(outboxKey(userId));
      else storage?.setItem(outboxKey(userId), JSON.stringify(outbox));
    } catch {
      // Storage full or refused (private mode): the session is still sent now.
    }
  };

  const deliver = async (session: PracticeSessionInput): Promise<boolean> => {
    try {
      await send(session);
    } catch (error) {
      if (!isPermanentRefusal(error)) return false;
    }
    const outbox = read();
    // A longer send of the same play may have been queued meanwhile: keep that one.
    if (outbox[session.id]?.seconds === session.seconds) {
      delete outbox[session.id];
      write(outbox);
    }
    return true;
  };

  return {
    /** Queues the session (a later, longer send of the same id replaces it) and tries to send it. */
    submit(session: PracticeSessionInput): Promise<boolean> {
      const outbox = read();
      const queued = outbox[session.id];
      if (!queued || queued.seconds <= session.seconds) write({ ...outbox, [session.id]: session });
      return deliver(session);
    },
    /** Sends whatever is still waiting; true when nothing is left. */
    async flush(): Promise<boolean> {
      const results = await Promise.all(Object.values(read()).map(deliver));
      return results.every(Boolean);
    },
    pending: (): PracticeSessionInput[] => Object.values(read()),
  };
}

const browserStorage = typeof window === 'undefined' ? null : window.localStorage;
export const practiceOutbox = createSessionOutbox(browserStorage, postPracticeSession);
