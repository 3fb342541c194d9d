import { makeDeviceMember } from '@client/testing/content';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authQueries } from './api/current-user';
import {
  accountStorageKey,
  getRememberedUser,
  getRememberedUserId,
  onAccountVerified,
  rememberedAccount,
  writeJson,
} from './device-account';

const user = makeDeviceMember();

const fetchUser = () => new QueryClient().fetchQuery(authQueries.currentUser());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the account on this device', () => {
  it('opens offline as the account the server last confirmed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(user)));
    expect(await fetchUser()).toEqual(user);
    expect(await getRememberedUser()).toEqual(user);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchUser()).toEqual(user);
  });

  it("keeps the account as the text the server writes on a member's page (public/start.js compares them)", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(user)));
    const confirmed = await fetchUser();
    expect(window.localStorage.getItem('stillpoint:account')).toBe(rememberedAccount(confirmed!));
    // A change the app must act on (premium ended) is a different text.
    expect(rememberedAccount({ ...user, subscriptionStatus: 'canceled' })).not.toBe(
      window.localStorage.getItem('stillpoint:account'),
    );
  });

  it('is signed out offline when no account was ever confirmed here', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchUser()).rejects.toThrow('Failed to fetch');
  });

  it('forgets everything the account kept here once the server says signed out', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(user)));
    await fetchUser();
    writeJson(accountStorageKey('user-a', 'downloads'), { items: [] });
    window.localStorage.setItem('unrelated', 'kept');

    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    expect(await fetchUser()).toBeNull();
    expect(await getRememberedUser()).toBeNull();
    expect(window.localStorage.getItem(accountStorageKey('user-a', 'downloads'))).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
  });

  it('tells a listener loaded later (a lazy screen) about this page’s last confirmation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(Response.json({ ...user, subscriptionStatus: 'canceled' })),
    );
    await fetchUser();
    const heard = vi.fn();
    const stop = onAccountVerified(heard);
    expect(heard).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'user-a', subscriptionStatus: 'canceled' }),
    );
    stop();
  });

  it('opens offline only with a stored account the schema accepts, though its id still names whose data is here', async () => {
    writeJson('stillpoint:account', { id: 'user-a', email: 42 });
    expect(await getRememberedUser()).toBeNull();
    expect(getRememberedUserId()).toBe('user-a');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchUser()).rejects.toThrow('Failed to fetch');
  });

  it('forgets the previous account’s data when another account is confirmed here', async () => {
    writeJson('stillpoint:account', { id: 'user-b' });
    writeJson(accountStorageKey('user-b', 'downloads'), { items: [] });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(Response.json(user)));
    await fetchUser();
    expect(window.localStorage.getItem(accountStorageKey('user-b', 'downloads'))).toBeNull();
    expect(getRememberedUserId()).toBe('user-a');
  });
});
