import { activateLocale } from '@client/lib/i18n';
import { renderWithProviders } from '@client/testing/render';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appUpdate } from '../update-store';
import ConnectivitySync from './connectivity-sync';
import { UpdateBanner } from './update-banner';

// The app's notices in Spanish (issue 37): their words come from the settings catalogue.
function setOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

beforeEach(async () => {
  await activateLocale('es', ['common', 'settings']);
});

afterEach(async () => {
  setOnline(true);
  await activateLocale('en');
});

describe('the app notices in Spanish', () => {
  it('offers a new version in Spanish', async () => {
    renderWithProviders(<UpdateBanner />);
    act(() => appUpdate.offer(vi.fn()));
    expect(await screen.findByRole('status')).toHaveTextContent('Hay una versión nueva — Recargar');
    expect(document.body.textContent).not.toMatch(/settings\.[a-z]/);
  });

  it('says in Spanish that the app is offline, with the way to the downloads', async () => {
    setOnline(false);
    renderWithProviders(<ConnectivitySync userId="member-1" />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No tienes conexión. Tus descargas se siguen reproduciendo.',
    );
    expect(screen.getByRole('link', { name: 'descargas' })).toHaveAttribute('href', '/downloads');
  });
});
