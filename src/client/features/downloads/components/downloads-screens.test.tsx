import { accountStorageKey } from '@client/features/auth/device-account';
import { freeMember, makeContentItem, premiumMember } from '@client/testing/content';
import { FakeCacheStorage } from '@client/testing/fake-cache-storage';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsStore } from '../downloads-store';
import { DownloadControl } from './download-control';
import { DownloadsScreen } from './downloads-screen';

const item = makeContentItem({ id: 'a1', title: 'Evening Tide', type: 'audio', duration: 605 });

function storeDownloads(userId: string, extra: Record<string, unknown> = {}) {
  window.localStorage.setItem(
    accountStorageKey(userId, 'downloads'),
    JSON.stringify({
      items: [
        { item, sizeBytes: 3 * 1024 * 1024, contentType: 'audio/mpeg', downloadedAt: '2026-11-20T10:00:00Z' },
      ],
      lastCheckedAt: Date.now(),
      removedBecausePremiumEnded: false,
      ...extra,
    }),
  );
}

function signIn(user: CurrentUser) {
  vi.stubGlobal('fetch', stubFetch({ '/api/auth/user': { body: user } }).fetch);
}

beforeEach(() => {
  vi.stubGlobal('caches', new FakeCacheStorage());
  downloadsStore.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  downloadsStore.reset();
});

describe('the Download control on an item page', () => {
  it('is locked for a free member and leads to the plans', async () => {
    signIn(freeMember);
    renderWithProviders(<DownloadControl item={item} />);
    const region = await screen.findByRole('region', { name: 'Offline download' });
    expect(within(region).getByRole('link', { name: /Download/ })).toHaveAttribute('href', '/subscribe');
    expect(within(region).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('reads Downloaded with Remove once the session is on the device, and Download after removing', async () => {
    storeDownloads(premiumMember.id);
    signIn(premiumMember);
    renderWithProviders(<DownloadControl item={item} />);
    const region = await screen.findByRole('region', { name: 'Offline download' });
    expect(await within(region).findByText('Downloaded')).toBeInTheDocument();
    expect(region).toHaveTextContent('3.0 MB');
    await userEvent.click(within(region).getByRole('button', { name: 'Remove' }));
    expect(await within(region).findByRole('button', { name: 'Download' })).toBeEnabled();
  });
});

describe('the Downloads screen', () => {
  it('lists each download with its duration and size, the total, and removes them all', async () => {
    storeDownloads(premiumMember.id);
    signIn(premiumMember);
    renderWithProviders(<DownloadsScreen />, { path: '/downloads' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'On this device' });
    expect(within(list).getByRole('link', { name: 'Evening Tide' })).toHaveAttribute('href', '/video/a1');
    expect(within(list).getByText('10:05 · 3.0 MB')).toBeInTheDocument();
    expect(screen.getByText(/used by 1 download/)).toHaveTextContent('3.0 MB used by 1 download');
    await userEvent.click(within(list).getByRole('button', { name: 'Remove all' }));
    expect(await screen.findByRole('heading', { name: 'No downloads yet' })).toBeInTheDocument();
    expect(screen.getByText('Nothing is downloaded on this device.')).toBeInTheDocument();
  });

  it('says kindly why the downloads went when premium ended', async () => {
    storeDownloads(freeMember.id);
    signIn(freeMember);
    renderWithProviders(<DownloadsScreen />, { path: '/downloads' });
    expect(await screen.findByRole('heading', { name: 'Your downloads were removed' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On this device' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: 'Your downloads were removed' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscribe');
  });
});
