import { accountStorageKey } from '@client/features/auth/device-account';
import { activateLocale } from '@client/lib/i18n';
import { makeContentItem, premiumMember } from '@client/testing/content';
import { FakeCacheStorage } from '@client/testing/fake-cache-storage';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsStore } from '../downloads-store';
import { DownloadControl } from './download-control';
import { DownloadsScreen } from './downloads-screen';

const item = makeContentItem({ id: 'a1', title: 'Abendflut', type: 'audio', duration: 605 });

beforeEach(async () => {
  vi.stubGlobal('caches', new FakeCacheStorage());
  downloadsStore.reset();
  window.localStorage.setItem(
    accountStorageKey(premiumMember.id, 'downloads'),
    JSON.stringify({
      items: [
        {
          item,
          sizeBytes: 3.5 * 1024 * 1024,
          contentType: 'audio/mpeg',
          downloadedAt: '2026-11-20T10:00:00Z',
        },
      ],
      lastCheckedAt: Date.now(),
      removedBecausePremiumEnded: false,
    }),
  );
  vi.stubGlobal('fetch', stubFetch({ '/api/auth/user': { body: premiumMember } }).fetch);
  await activateLocale('de', ['downloads']);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  downloadsStore.reset();
  await activateLocale('en');
});

describe('downloads in German', () => {
  it('names the screen, its list, sizes and buttons in German, and shows no key', async () => {
    renderWithProviders(<DownloadsScreen />, { path: '/downloads' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Downloads' })).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Auf diesem Gerät' });
    // German separators in sizes: 3,5 MB.
    expect(within(list).getByText('10:05 · 3,5 MB')).toBeInTheDocument();
    expect(screen.getByText(/belegt von/)).toHaveTextContent('3,5 MB belegt von 1 Download');
    expect(within(list).getByRole('button', { name: 'Abendflut abspielen' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Alle entfernen' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/downloads\.\w/);
  });

  it('the Download control reads Geladen with Entfernen', async () => {
    renderWithProviders(<DownloadControl item={item} />);
    const region = await screen.findByRole('region', { name: 'Offline-Download' });
    expect(await within(region).findByText('Geladen')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Entfernen' })).toBeInTheDocument();
  });
});
