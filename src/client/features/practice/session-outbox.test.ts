import { forgetDevice, writeJson } from '@client/features/auth/device-account';
import { ApiError } from '@client/lib/api';
import type { PracticeSessionInput } from '@shared/schemas/practice';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionOutbox, outboxKey, SHARED_OUTBOX_KEY } from './session-outbox';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const session = (seconds: number): PracticeSessionInput => ({
  id: '7d0f3c5e-0c1a-4f7e-9a55-0e6b8f1d2a3b',
  kind: 'timer',
  seconds,
});

describe('the practice outbox', () => {
  it('keeps a session that could not be sent and sends it, once, when back online', async () => {
    const storage = memoryStorage();
    const sent: PracticeSessionInput[] = [];
    let isOnline = false;
    const outbox = createSessionOutbox(
      storage,
      async (input) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        sent.push(input);
      },
      () => 'user-a',
    );
    expect(await outbox.submit(session(300))).toBe(false);
    expect(await outbox.submit(session(120))).toBe(false);
    // The longer send of the same play is the one kept.
    expect(outbox.pending()).toEqual([session(300)]);
    isOnline = true;
    expect(await outbox.flush()).toBe(true);
    expect(sent).toEqual([session(300)]);
    expect(outbox.pending()).toEqual([]);
  });

  it('drops a session the server refuses for good, keeps one it asks to retry', async () => {
    const storage = memoryStorage();
    let status = 429;
    const outbox = createSessionOutbox(
      storage,
      async () => {
        throw new ApiError({ status, message: 'no' });
      },
      () => 'user-a',
    );
    await outbox.submit(session(60));
    expect(outbox.pending()).toHaveLength(1);
    status = 409;
    await outbox.flush();
    expect(outbox.pending()).toEqual([]);
  });

  it('keeps each account’s sessions apart, under the device prefix, and drops the old shared outbox', async () => {
    const storage = memoryStorage();
    storage.setItem(SHARED_OUTBOX_KEY, JSON.stringify({ old: session(60) }));
    let userId: string | null = 'user-a';
    const sentAs: string[] = [];
    const outbox = createSessionOutbox(
      storage,
      async () => {
        sentAs.push(userId ?? 'nobody');
        throw new TypeError('Failed to fetch');
      },
      () => userId,
    );
    expect(storage.getItem(SHARED_OUTBOX_KEY)).toBeNull();
    await outbox.submit(session(300));
    expect(outboxKey('user-a')).toBe('stillpoint:user-a:practice-outbox');
    expect(JSON.parse(storage.getItem(outboxKey('user-a'))!)).toEqual({ [session(300).id]: session(300) });

    // Another account on this device neither sees nor sends the first one's sessions.
    userId = 'user-b';
    expect(outbox.pending()).toEqual([]);
    sentAs.length = 0;
    await outbox.flush();
    expect(sentAs).toEqual([]);

    // Signed out: nothing is kept for nobody.
    userId = null;
    expect(await outbox.submit(session(90))).toBe(false);
    expect(outbox.pending()).toEqual([]);
  });
});

describe('signing out clears the practice outbox', () => {
  afterEach(() => window.localStorage.clear());

  it('forgetDevice (sign-out, account deletion, another account) removes it with every stillpoint: key', async () => {
    writeJson('stillpoint:account', { id: 'user-a' });
    const outbox = createSessionOutbox(window.localStorage, async () => {
      throw new TypeError('Failed to fetch');
    });
    await outbox.submit(session(300));
    expect(window.localStorage.getItem(outboxKey('user-a'))).not.toBeNull();
    expect(outbox.pending()).toEqual([session(300)]);
    await forgetDevice();
    expect(window.localStorage.getItem(outboxKey('user-a'))).toBeNull();
    expect(outbox.pending()).toEqual([]);
  });
});
