import { rememberVerifiedUser } from '@client/features/auth/device-account';
import { ApiError } from '@client/lib/api';
import { makeDeviceMember } from '@client/testing/content';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPendingProgress, readPendingProgress } from './offline-progress';
import { saveProgress } from './progress';

const user = makeDeviceMember();

beforeEach(async () => {
  await rememberVerifiedUser(user);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('listening offline', () => {
  it('keeps the position on the device when there is no network, and sends it when it returns', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await saveProgress('item-1', { positionSeconds: 42.26, completed: false });
    await saveProgress('item-2', { positionSeconds: 300, completed: true });
    expect(readPendingProgress('user-a')).toMatchObject({
      'item-1': { positionSeconds: 42.26, completed: false },
      'item-2': { positionSeconds: 300, completed: true },
    });

    const sent: unknown[] = [];
    const online = vi.fn(async (url: string, init: RequestInit) => {
      sent.push([url, JSON.parse(String(init.body))]);
      return new Response('{}', { status: 200 });
    });
    vi.stubGlobal('fetch', online);
    const { sendProgress } = await import('./progress');
    expect(await flushPendingProgress('user-a', sendProgress)).toBe(2);
    expect(sent).toEqual([
      ['/api/progress/item-1', { positionSeconds: 42.3, completed: false }],
      ['/api/progress/item-2', { positionSeconds: 300, completed: true }],
    ]);
    expect(readPendingProgress('user-a')).toEqual({});
  });

  it('keeps what still cannot be sent and drops what the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await saveProgress('gone', { positionSeconds: 10, completed: false });
    await saveProgress('later', { positionSeconds: 20, completed: false });
    const send = vi.fn(async (videoId: string) => {
      if (videoId === 'gone')
        throw new ApiError({ status: 404, message: 'Content not found', code: 'NOT_FOUND' });
      throw new TypeError('Failed to fetch');
    });
    expect(await flushPendingProgress('user-a', send)).toBe(0);
    expect(Object.keys(readPendingProgress('user-a'))).toEqual(['later']);
  });

  it('still reports a refusal while online', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"nope"}', { status: 403 })));
    await expect(saveProgress('item-1', { positionSeconds: 5, completed: false })).rejects.toMatchObject({
      status: 403,
      message: 'nope',
    });
    expect(readPendingProgress('user-a')).toEqual({});
  });
});
