import { isDownloadsCacheName } from '@client/sw/offline-media';
import type { CurrentUser } from '@shared/schemas/auth';

/**
 * What this device keeps for the signed-in account, so the app still opens offline: the account
 * as last confirmed by the server, its downloads (features/downloads) and listening done offline
 * (features/player). Everything sits under one prefix and goes when the account signs out, when
 * the account is deleted, or when another account signs in here (docs/decisions/023). public/start.js
 * reads the prefix too: a landing page on a device that still holds such data starts the app at
 * once, and so does a member's page when the device holds another account or an outbox waiting to
 * be sent (features/outbox).
 */
const PREFIX = 'stillpoint:';
const REMEMBERED_USER_KEY = `${PREFIX}account`;

export function accountStorageKey(userId: string, what: string): string {
  return `${PREFIX}${userId}:${what}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the app then simply does not work offline.
    return null;
  }
}

export function readJson(key: string): unknown {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or switched off: the next write tries again.
  }
}

/**
 * The account as this device last confirmed it, checked against the shared schema. Only needed
 * offline, so the schema (and zod) load on demand, not with the first page (docs/decisions/051).
 */
export async function getRememberedUser(): Promise<CurrentUser | null> {
  const stored = readJson(REMEMBERED_USER_KEY);
  if (stored === null) return null;
  const { CurrentUserSchema } = await import('@shared/schemas/auth');
  const parsed = CurrentUserSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Only the id of the account this device last confirmed (what belongs to whom), or null. */
export function getRememberedUserId(): string | null {
  const stored = readJson(REMEMBERED_USER_KEY);
  const id = stored !== null && typeof stored === 'object' ? (stored as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
}

type VerifiedListener = (user: CurrentUser) => void | Promise<void>;
const verifiedListeners = new Set<VerifiedListener>();
/** The account as the server confirmed it during this page's life (none yet when opened offline). */
let lastVerifiedUser: CurrentUser | null = null;

/**
 * Called each time the server confirms the account (the app is online): the entitlement re-check.
 * A listener loaded later (a lazy screen) hears of this page's last confirmation at once.
 */
export function onAccountVerified(listener: VerifiedListener): () => void {
  verifiedListeners.add(listener);
  if (lastVerifiedUser) void listener(lastVerifiedUser);
  return () => {
    verifiedListeners.delete(listener);
  };
}

/**
 * The account as this device keeps it (under `stillpoint:account`). The server puts the same text
 * on a member's page it renders (src/client/prerender.tsx): public/start.js runs the app at once
 * when the device holds another account, or this one as it was before a change (premium ended).
 */
export function rememberedAccount(user: CurrentUser): string {
  return JSON.stringify(user);
}

/** The server answered with the signed-in account. Another account's leftovers go first. */
export async function rememberVerifiedUser(user: CurrentUser): Promise<void> {
  const previousId = getRememberedUserId();
  if (previousId && previousId !== user.id) await forgetDevice();
  try {
    storage()?.setItem(REMEMBERED_USER_KEY, rememberedAccount(user));
  } catch {
    // Full or switched off: the next confirmation tries again.
  }
  lastVerifiedUser = user;
  for (const listener of verifiedListeners) await listener(user);
}

const forgetListeners = new Set<() => void>();

/** Told when the device forgets everything (in-memory views of the stored data reset). */
export function onDeviceForgotten(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => {
    forgetListeners.delete(listener);
  };
}

/** Removes every account's data from this device: downloads, offline listening, the remembered account. */
export async function forgetDevice(): Promise<void> {
  const store = storage();
  if (store) {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
      (key): key is string => key?.startsWith(PREFIX) === true,
    );
    for (const key of keys) store.removeItem(key);
  }
  lastVerifiedUser = null;
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.filter(isDownloadsCacheName).map((name) => caches.delete(name)));
  }
  for (const listener of forgetListeners) listener();
}
