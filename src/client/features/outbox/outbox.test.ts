import { forgetDevice, writeJson } from '@client/features/auth/device-account';
import { ApiError } from '@client/lib/api';
import { stubFetch } from '@client/testing/render';
import type { PracticeSessionInput } from '@shared/schemas/practice';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createOutbox,
  legacyProgressKey,
  legacySessionsKey,
  type OutboxItem,
  outboxKey,
  SHARED_OUTBOX_KEY,
} from './outbox';

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

/** A clock that moves one second per reading, so every save is later than the one before. */
function ticking() {
  let at = Date.parse('2026-11-20T08:00:00Z');
  return () => {
    at += 1000;
    return new Date(at);
  };
}

const session = (seconds: number, id = '7d0f3c5e-0c1a-4f7e-9a55-0e6b8f1d2a3b'): PracticeSessionInput => ({
  id,
  kind: 'timer',
  seconds,
});
const sitting = (seconds: number, id?: string): OutboxItem => ({
  kind: 'practice-session',
  session: session(seconds, id),
});
const place = (videoId: string, positionSeconds: number, completed = false): OutboxItem => ({
  kind: 'progress',
  videoId,
  positionSeconds,
  completed,
});
const offline = () => {
  throw new TypeError('Failed to fetch');
};

/** An outbox on its own storage for `user-a`, whose sender fails until `online()`. */
function setup() {
  const storage = memoryStorage();
  const sent: OutboxItem[] = [];
  let isOnline = false;
  let userId: string | null = 'user-a';
  const outbox = createOutbox(
    storage,
    async (item) => {
      if (!isOnline) offline();
      sent.push(item);
    },
    () => userId,
    ticking(),
  );
  return {
    storage,
    outbox,
    sent,
    online: () => (isOnline = true),
    signInAs: (id: string | null) => (userId = id),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the account outbox', () => {
  it('keeps progress and practice sessions made offline and sends them, in order, when online', async () => {
    const { outbox, sent, online } = setup();
    expect(await outbox.submit(place('item-1', 42))).toBe(false);
    expect(await outbox.submit(sitting(300))).toBe(false);
    expect(await outbox.submit(place('item-2', 300, true))).toBe(false);
    // The latest place in an item replaces the earlier one, and moves to the end.
    expect(await outbox.submit(place('item-1', 60))).toBe(false);
    // A shorter send of a session already kept longer changes nothing.
    expect(await outbox.submit(sitting(120))).toBe(false);
    expect(outbox.pending().map(({ savedAt: _, ...item }) => item)).toEqual([
      sitting(300),
      place('item-2', 300, true),
      place('item-1', 60),
    ]);
    expect(outbox.pendingProgress('user-a')).toMatchObject({
      'item-1': { positionSeconds: 60, completed: false },
      'item-2': { positionSeconds: 300, completed: true },
    });

    online();
    expect(await outbox.flush()).toEqual({ delivered: ['practice-session', 'progress'], isDone: true });
    expect(sent).toEqual([sitting(300), place('item-2', 300, true), place('item-1', 60)]);
    expect(outbox.pending()).toEqual([]);
  });

  it('sends each kind to its own endpoint', async () => {
    writeJson('stillpoint:account', { id: 'user-a' });
    const stub = stubFetch({
      'PUT /api/progress/item%201': { status: 204 },
      'POST /api/practice/sessions': { status: 201, body: {} },
    });
    vi.stubGlobal('fetch', stub.fetch);
    const outbox = createOutbox(window.localStorage);
    expect(await outbox.submit(place('item 1', 42.26))).toBe(true);
    expect(await outbox.submit(sitting(300))).toBe(true);
    expect(stub.calls.map(({ url, init }) => [init?.method, url, JSON.parse(String(init?.body))])).toEqual([
      ['PUT', '/api/progress/item%201', { positionSeconds: 42.3, completed: false }],
      ['POST', '/api/practice/sessions', session(300)],
    ]);
    expect(outbox.pending()).toEqual([]);
  });

  it('drops what the server refuses for good, keeps what it asks to retry, and stops when offline', async () => {
    const storage = memoryStorage();
    const answers: Record<string, () => never> = {
      gone: () => {
        throw new ApiError({ status: 404, message: 'Content not found', code: 'NOT_FOUND' });
      },
      busy: () => {
        throw new ApiError({ status: 429, message: 'Too many requests' });
      },
      broken: () => {
        throw new ApiError({ status: 500, message: 'Something went wrong on our side.' });
      },
    };
    let answer = (_item: OutboxItem): void => offline();
    const attempted: string[] = [];
    const outbox = createOutbox(
      storage,
      async (item) => {
        attempted.push(
          item.kind === 'progress'
            ? item.videoId
            : item.kind === 'practice-session'
              ? item.session.id
              : item.sessionId,
        );
        answer(item);
      },
      () => 'user-a',
      ticking(),
    );
    for (const id of ['gone', 'busy', 'broken', 'later']) await outbox.submit(place(id, 10));
    attempted.length = 0;

    // Still offline: the first failure ends the round, nothing is lost.
    expect(await outbox.flush()).toEqual({ delivered: [], isDone: false });
    expect(attempted).toEqual(['gone']);
    expect(outbox.pending()).toHaveLength(4);

    answer = (item) => {
      const id = item.kind === 'progress' ? item.videoId : '';
      answers[id]?.();
    };
    attempted.length = 0;
    expect(await outbox.flush()).toEqual({ delivered: ['progress'], isDone: false });
    expect(attempted).toEqual(['gone', 'busy', 'broken', 'later']);
    expect(outbox.pending().map((entry) => entry.kind === 'progress' && entry.videoId)).toEqual([
      'busy',
      'broken',
    ]);
  });

  it('keeps each account’s entries apart, and keeps nothing for nobody', async () => {
    const { storage, outbox, sent, online, signInAs } = setup();
    storage.setItem(SHARED_OUTBOX_KEY, JSON.stringify({ old: session(60) }));
    await outbox.submit(sitting(300));
    await outbox.submit(place('item-1', 42));
    expect(outboxKey('user-a')).toBe('stillpoint:user-a:outbox');
    expect(JSON.parse(storage.getItem(outboxKey('user-a'))!)).toHaveLength(2);

    // Another account on this device neither sees nor sends the first one's entries.
    signInAs('user-b');
    online();
    expect(outbox.pending()).toEqual([]);
    expect(outbox.pendingProgress('user-b')).toEqual({});
    await outbox.flush();
    expect(sent).toEqual([]);

    // Signed out: sent at once, nothing kept.
    signInAs(null);
    expect(await outbox.submit(sitting(90, 'b2d2f7a4-7e53-4a43-8f8e-0d9a0c8c3f10'))).toBe(true);
    expect(sent).toHaveLength(1);
    expect(outbox.pending()).toEqual([]);

    signInAs('user-a');
    expect(outbox.pending()).toHaveLength(2);
  });

  it('drops the old outbox shared by every account on this device (whose it was cannot be known)', () => {
    const storage = memoryStorage();
    storage.setItem(SHARED_OUTBOX_KEY, JSON.stringify({ old: session(60) }));
    createOutbox(
      storage,
      async () => {},
      () => 'user-a',
    );
    expect(storage.getItem(SHARED_OUTBOX_KEY)).toBeNull();
  });

  it('moves what waited under the old progress and practice keys into the outbox on first read, losing nothing', async () => {
    const { storage, outbox, sent, online } = setup();
    storage.setItem(
      legacyProgressKey('user-a'),
      JSON.stringify({
        'item-2': { positionSeconds: 300, completed: true, savedAt: '2026-11-19T09:00:00.000Z' },
        'item-1': { positionSeconds: 42, completed: false, savedAt: '2026-11-19T08:00:00.000Z' },
      }),
    );
    const timed = { ...session(600), endedAt: '2026-11-19T08:30:00.000Z' };
    storage.setItem(legacySessionsKey('user-a'), JSON.stringify({ [timed.id]: timed }));
    // Another account's old entries stay theirs, untouched until they read.
    storage.setItem(
      legacyProgressKey('user-b'),
      JSON.stringify({
        'item-9': { positionSeconds: 9, completed: false, savedAt: '2026-11-19T07:00:00.000Z' },
      }),
    );

    // Offline: the old entries are there for the player (resume places) and for the next flush.
    expect(outbox.pendingProgress('user-a')).toMatchObject({
      'item-1': { positionSeconds: 42, completed: false },
      'item-2': { positionSeconds: 300, completed: true },
    });
    expect(storage.getItem(legacyProgressKey('user-a'))).toBeNull();
    expect(storage.getItem(legacySessionsKey('user-a'))).toBeNull();
    expect(storage.getItem(legacyProgressKey('user-b'))).not.toBeNull();

    // A new entry made offline after the upgrade joins them, after them.
    await outbox.submit(place('item-3', 5));
    online();
    expect(await outbox.flush()).toEqual({ delivered: ['progress', 'practice-session'], isDone: true });
    expect(sent).toEqual([
      place('item-1', 42),
      { kind: 'practice-session', session: timed },
      place('item-2', 300, true),
      place('item-3', 5),
    ]);
    expect(outbox.pending()).toEqual([]);
  });
});

describe('the end-of-session note', () => {
  it('made offline, waits after its session, a newer note replaces it, and goes to its session once online', async () => {
    const { outbox, sent, online } = setup();
    const id = '7d0f3c5e-0c1a-4f7e-9a55-0e6b8f1d2a3b';
    const note = (text: string): OutboxItem => ({ kind: 'practice-note', sessionId: id, note: text });
    await outbox.submit(sitting(300, id));
    await outbox.submit(note('Restless'));
    await outbox.submit(note('Restless, then calm'));
    online();
    expect(await outbox.flush()).toEqual({ delivered: ['practice-session', 'practice-note'], isDone: true });
    expect(sent).toEqual([sitting(300, id), note('Restless, then calm')]);
  });

  it('made once the network is back but before its waiting session was sent, goes after that session', async () => {
    const storage = memoryStorage();
    const sent: OutboxItem[] = [];
    let isOnline = false;
    const id = '2b6f0d1e-5c3a-4e8b-9f21-7a4d6c8e0b13';
    // The server as it answers: a note for a session it has not received is refused (404).
    const outbox = createOutbox(
      storage,
      async (item) => {
        if (!isOnline) offline();
        if (item.kind === 'practice-note' && !sent.some((other) => other.kind === 'practice-session')) {
          throw new ApiError({ status: 404, message: 'Practice session not found', code: 'NOT_FOUND' });
        }
        sent.push(item);
      },
      () => 'user-a',
      ticking(),
    );
    await outbox.submit(sitting(600, id));
    isOnline = true;
    const note: OutboxItem = { kind: 'practice-note', sessionId: id, note: 'Birdsong' };
    expect(await outbox.submit(note)).toBe(true);
    expect(sent).toEqual([sitting(600, id), note]);
    expect(outbox.pending()).toEqual([]);
  });

  it('is sent as PUT /api/practice/sessions/{id}/note', async () => {
    const stub = stubFetch({
      'PUT /api/practice/sessions/s-1/note': { body: { id: 's-1', note: 'Calm' } },
    });
    vi.stubGlobal('fetch', stub.fetch);
    const outbox = createOutbox(memoryStorage(), undefined, () => 'user-a');
    expect(await outbox.submit({ kind: 'practice-note', sessionId: 's-1', note: 'Calm' })).toBe(true);
    expect(JSON.parse(String(stub.calls[0]?.init?.body))).toEqual({ note: 'Calm' });
  });
});

describe('signing out clears the outbox', () => {
  it('forgetDevice (sign-out, account deletion, another account) removes it with the other device data', async () => {
    writeJson('stillpoint:account', { id: 'user-a' });
    const outbox = createOutbox(window.localStorage, async () => offline());
    await outbox.submit(sitting(300));
    await outbox.submit(place('item-1', 42));
    expect(window.localStorage.getItem(outboxKey('user-a'))).not.toBeNull();
    expect(outbox.pending()).toHaveLength(2);
    await forgetDevice();
    expect(window.localStorage.getItem(outboxKey('user-a'))).toBeNull();
    expect(outbox.pending()).toEqual([]);
    expect(outbox.pendingProgress('user-a')).toEqual({});
  });
});
