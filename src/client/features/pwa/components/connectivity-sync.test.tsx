import { rememberVerifiedUser } from '@client/features/auth/device-account';
import { makeDeviceMember } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConnectivitySync from './connectivity-sync';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('ConnectivitySync', () => {
  it('sends, on the first load, what an earlier version left waiting offline: progress and practice, each to its endpoint', async () => {
    await rememberVerifiedUser(makeDeviceMember());
    // Stored by the version before the one outbox, under its two old keys.
    window.localStorage.setItem(
      'stillpoint:user-a:pending-progress',
      JSON.stringify({ a1: { positionSeconds: 42, completed: false, savedAt: '2026-11-19T08:00:00.000Z' } }),
    );
    const session = {
      id: '7d0f3c5e-0c1a-4f7e-9a55-0e6b8f1d2a3b',
      kind: 'content',
      contentId: 'a1',
      seconds: 40,
      endedAt: '2026-11-19T08:00:01.000Z',
    };
    window.localStorage.setItem(
      'stillpoint:user-a:practice-outbox',
      JSON.stringify({ [session.id]: session }),
    );
    const stub = stubFetch({
      'PUT /api/progress/a1': { status: 204 },
      'POST /api/practice/sessions': { status: 201, body: {} },
    });
    vi.stubGlobal('fetch', stub.fetch);

    renderWithProviders(<ConnectivitySync userId="user-a" />);

    await vi.waitFor(() => expect(stub.calls).toHaveLength(2));
    expect(stub.calls.map(({ url, init }) => [init?.method, url, JSON.parse(String(init?.body))])).toEqual([
      ['PUT', '/api/progress/a1', { positionSeconds: 42, completed: false }],
      ['POST', '/api/practice/sessions', session],
    ]);
    await vi.waitFor(() => expect(window.localStorage.getItem('stillpoint:user-a:outbox')).toBeNull());
    expect(window.localStorage.getItem('stillpoint:user-a:pending-progress')).toBeNull();
    expect(window.localStorage.getItem('stillpoint:user-a:practice-outbox')).toBeNull();
  });
});
