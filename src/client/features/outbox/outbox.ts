import { accountStorageKey, getRememberedUserId } from '@client/features/auth';
import { apiRequest, getErrorStatus } from '@client/lib/api';
import type { PracticeSessionInput } from '@shared/schemas/practice';

/**
 * What the member did that has not reached the server yet: where they are in an item (progress)
 * and the practice sessions they sat or listened to. One outbox per account on this device, in
 * localStorage under the device's `stillpoint:` prefix, so signing out, deleting the account or
 * another account signing in clears it with the account's other device data
 * (features/auth/device-account.ts, `forgetDevice`), and one member's entries are never sent with
 * the next member's cookie. Every entry is written first and sent after, so a closed tab, a lost
 * connection or an offline sit still counts later; each kind goes to its own endpoint.
 */
export type OutboxItem =
  /** `PUT /api/progress/{videoId}`: the latest place in an item replaces an earlier one. */
  | { kind: 'progress'; videoId: string; positionSeconds: number; completed: boolean }
  /** `POST /api/practice/sessions`: a later, longer send of the same session id replaces it. */
  | { kind: 'practice-session'; session: PracticeSessionInput }
  /**
   * `PUT /api/practice/sessions/{id}/note`: the end-of-session journal line; a later one replaces
   * it. Kept after its session (the outbox sends oldest first), so offline it follows the session.
   */
  | { kind: 'practice-note'; sessionId: string; note: string | null };
export type OutboxKind = OutboxItem['kind'];
/** An item as stored: `savedAt` orders the outbox and tells a newer save of the same thing apart. */
export type OutboxEntry = OutboxItem & { savedAt: string };

export type PendingProgress = { positionSeconds: number; completed: boolean; savedAt: string };
export type Sender = (item: OutboxItem) => Promise<void>;

export const outboxKey = (userId: string) => accountStorageKey(userId, 'outbox');
/** Where progress and practice sessions waited before they shared one outbox: moved on first read. */
export const legacyProgressKey = (userId: string) => accountStorageKey(userId, 'pending-progress');
export const legacySessionsKey = (userId: string) => accountStorageKey(userId, 'practice-outbox');
/** Where every account's sessions once waited together; whose they were cannot be known, so it goes. */
export const SHARED_OUTBOX_KEY = 'stillpoint.practice-outbox';

/** Each kind's endpoint; the server keeps one row per item or session id, so a resend is harmless. */
export async function sendToServer(item: OutboxItem): Promise<void> {
  if (item.kind === 'progress') {
    await apiRequest('PUT', `/api/progress/${encodeURIComponent(item.videoId)}`, {
      positionSeconds: Math.max(0, Math.round(item.positionSeconds * 10) / 10),
      completed: item.completed,
    });
  } else if (item.kind === 'practice-note') {
    await apiRequest('PUT', `/api/practice/sessions/${encodeURIComponent(item.sessionId)}/note`, {
      note: item.note,
    });
  } else {
    await apiRequest('POST', '/api/practice/sessions', item.session);
  }
}

/** Which cached reads a delivered kind changes (query keys are the GET paths, lib/api.ts). */
export const REFRESHED_BY_KIND: Record<OutboxKind, readonly string[]> = {
  progress: ['/api/progress'],
  'practice-session': ['/api/practice'],
  'practice-note': [],
};

function keyOf(item: OutboxItem): string {
  if (item.kind === 'progress') return `progress:${item.videoId}`;
  if (item.kind === 'practice-note') return `practice-note:${item.sessionId}`;
  return `practice-session:${item.session.id}`;
}

/** A refusal that will never turn into an acceptance (a bad, foreign or gone item): stop retrying it. */
function isPermanentRefusal(error: unknown): boolean {
  const status = getErrorStatus(error);
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The entries kept under the keys used before this outbox, oldest first. */
function readLegacy(storage: Storage, userId: string): OutboxEntry[] {
  const parse = (key: string): Record<string, unknown> => {
    try {
      const value = JSON.parse(storage.getItem(key) ?? '{}') as unknown;
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const entries: OutboxEntry[] = [];
  for (const [videoId, value] of Object.entries(parse(legacyProgressKey(userId)))) {
    const { positionSeconds, completed, savedAt } = value as Partial<PendingProgress>;
    if (typeof positionSeconds !== 'number') continue;
    entries.push({
      kind: 'progress',
      videoId,
      positionSeconds,
      completed: completed === true,
      savedAt: typeof savedAt === 'string' ? savedAt : new Date(0).toISOString(),
    });
  }
  for (const value of Object.values(parse(legacySessionsKey(userId)))) {
    const session = value as PracticeSessionInput;
    if (typeof session?.id !== 'string') continue;
    entries.push({
      kind: 'practice-session',
      session,
      savedAt: session.endedAt ?? new Date(0).toISOString(),
    });
  }
  return entries.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export function createOutbox(
  storage: Storage | null,
  send: Sender = sendToServer,
  /** The signed-in account as this device knows it; null: nothing is kept, only sent. */
  currentUserId: () => string | null = getRememberedUserId,
  now: () => Date = () => new Date(),
) {
  try {
    storage?.removeItem(SHARED_OUTBOX_KEY);
  } catch {
    // Storage switched off: there is nothing to remove either.
  }

  const write = (userId: string, entries: OutboxEntry[]) => {
    try {
      if (entries.length === 0) storage?.removeItem(outboxKey(userId));
      else storage?.setItem(outboxKey(userId), JSON.stringify(entries));
    } catch {
      // Storage full or refused (private mode): the item is still sent now.
    }
  };

  const read = (userId: string): OutboxEntry[] => {
    if (!storage) return [];
    let entries: OutboxEntry[];
    try {
      const stored = JSON.parse(storage.getItem(outboxKey(userId)) ?? '[]') as unknown;
      entries = Array.isArray(stored) ? (stored as OutboxEntry[]) : [];
    } catch {
      entries = [];
    }
    // An upgrade: what waited under the old keys joins this outbox (it is older), then those go.
    try {
      if (
        storage.getItem(legacyProgressKey(userId)) !== null ||
        storage.getItem(legacySessionsKey(userId)) !== null
      ) {
        const legacy = readLegacy(storage, userId).filter(
          (old) => !entries.some((entry) => keyOf(entry) === keyOf(old)),
        );
        entries = [...legacy, ...entries];
        write(userId, entries);
        storage.removeItem(legacyProgressKey(userId));
        storage.removeItem(legacySessionsKey(userId));
      }
    } catch {
      // Storage refused: the old entries stay where they are for the next read.
    }
    return entries;
  };

  /** Keeps the item, unless a newer save of the same thing is already kept; returns what is kept. */
  const keep = (userId: string, item: OutboxItem): OutboxEntry => {
    const entry = { ...item, savedAt: now().toISOString() } as OutboxEntry;
    const entries = read(userId);
    const queued = entries.find((other) => keyOf(other) === keyOf(item));
    if (
      queued?.kind === 'practice-session' &&
      item.kind === 'practice-session' &&
      queued.session.seconds > item.session.seconds
    ) {
      return queued;
    }
    write(userId, [...entries.filter((other) => other !== queued), entry]);
    return entry;
  };

  /** Forgets a sent entry, unless a newer save of the same thing was kept meanwhile. */
  const forget = (userId: string, entry: OutboxEntry) => {
    const entries = read(userId);
    const index = entries.findIndex((other) => JSON.stringify(other) === JSON.stringify(entry));
    if (index === -1) return;
    entries.splice(index, 1);
    write(userId, entries);
  };

  type Outcome = 'delivered' | 'kept' | 'offline';
  const deliver = async (userId: string | null, entry: OutboxEntry): Promise<Outcome> => {
    const { savedAt: _savedAt, ...item } = entry;
    try {
      await send(item as OutboxItem);
    } catch (error) {
      if (!isPermanentRefusal(error)) return getErrorStatus(error) === null ? 'offline' : 'kept';
      // Refused for good (the item is gone, or the session is not this member's): drop it.
    }
    if (userId) forget(userId, entry);
    return 'delivered';
  };

  let flushing: Promise<{ delivered: OutboxKind[]; isDone: boolean }> | null = null;

  /**
   * Sends what is waiting, oldest first; what fails stays for the next time. Without a network
   * it stops at the first entry (the rest would fail the same way). One flush at a time.
   */
  const flush = (
    userId: string | null = currentUserId(),
  ): Promise<{ delivered: OutboxKind[]; isDone: boolean }> => {
    flushing ??= (async () => {
      const delivered = new Set<OutboxKind>();
      if (!userId) return { delivered: [], isDone: true };
      for (const entry of read(userId)) {
        const outcome = await deliver(userId, entry);
        if (outcome === 'delivered') delivered.add(entry.kind);
        if (outcome === 'offline') break;
      }
      return { delivered: [...delivered], isDone: read(userId).length === 0 };
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  return {
    /** Keeps the item (a newer save of the same thing replaces it) and tries to send it now. */
    async submit(item: OutboxItem): Promise<boolean> {
      const userId = currentUserId();
      const entry = userId ? keep(userId, item) : ({ ...item, savedAt: now().toISOString() } as OutboxEntry);
      // A journal line whose session still waits here would be refused for good (404: no such
      // session yet) and dropped: send the outbox in its order instead, the session before its line.
      const isSessionWaiting =
        userId !== null &&
        item.kind === 'practice-note' &&
        read(userId).some(
          (other) => other.kind === 'practice-session' && other.session.id === item.sessionId,
        );
      if (isSessionWaiting) {
        await flush(userId);
        return !read(userId).some((other) => keyOf(other) === keyOf(item));
      }
      return (await deliver(userId, entry)) === 'delivered';
    },

    flush,

    /** Everything waiting for the signed-in account, oldest first. */
    pending(): OutboxEntry[] {
      const userId = currentUserId();
      return userId ? read(userId) : [];
    },

    /** The last place kept per item for an account: the player resumes there while offline. */
    pendingProgress(userId: string): Record<string, PendingProgress> {
      const places: Record<string, PendingProgress> = {};
      for (const entry of read(userId)) {
        if (entry.kind !== 'progress') continue;
        const { positionSeconds, completed, savedAt } = entry;
        places[entry.videoId] = { positionSeconds, completed, savedAt };
      }
      return places;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one outbox. */
export const outbox = createOutbox(browserStorage());
