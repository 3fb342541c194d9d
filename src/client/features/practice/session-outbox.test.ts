import { ApiError } from '@client/lib/api';
import type { PracticeSessionInput } from '@shared/schemas/practice';
import { describe, expect, it } from 'vitest';
import { createSessionOutbox } from './session-outbox';

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
    const outbox = createSessionOutbox(storage, async (input) => {
      if (!isOnline) throw new TypeError('Failed to fetch');
      sent.push(input);
    });
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
    const outbox = createSessionOutbox(storage, async () => {
      throw new ApiError({ status, message: 'no' });
    });
    await outbox.submit(session(60));
    expect(outbox.pending()).toHaveLength(1);
    status = 409;
    await outbox.flush();
    expect(outbox.pending()).toEqual([]);
  });
});
