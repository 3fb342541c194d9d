import { LoadError, QueryError } from '@client/components/content/state-cards';
import { isNetworkError } from '@client/lib/online-status';
import { renderWithProviders } from '@client/testing/render';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appUpdate } from '../update-store';
import { UpdateBanner } from './update-banner';

function setOnline(isOnline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  window.dispatchEvent(new Event(isOnline ? 'online' : 'offline'));
}

afterEach(() => {
  setOnline(true);
});

describe('a new version', () => {
  it('is offered with Reload once its service worker waits, and Reload switches to it', async () => {
    renderWithProviders(<UpdateBanner />);
    expect(screen.queryByText(/A new version is available/)).not.toBeInTheDocument();
    const apply = vi.fn();
    act(() => appUpdate.offer(apply));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available — Reload');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });
});

describe('screens that need the network', () => {
  it('say calmly that the app is offline and point to Downloads, then offer to try again online', () => {
    const retry = vi.fn();
    renderWithProviders(<LoadError title="The library could not be loaded" onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The library could not be loaded');
    act(() => setOnline(false));
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Downloads' })).toHaveAttribute('href', '/downloads');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    act(() => setOnline(true));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('say offline when a request could not reach the server, even where the browser says online', () => {
    const query = { refetch: vi.fn(), isFetching: false, error: new TypeError('Failed to fetch') as unknown };
    const { rerender } = renderWithProviders(
      <QueryError title="Updates could not be loaded" query={query} />,
    );
    expect(navigator.onLine).toBe(true);
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByText('Updates could not be loaded')).not.toBeInTheDocument();
    // The server answered with an error: that is not the network, so trying again is offered.
    rerender(
      <QueryError title="Updates could not be loaded" query={{ ...query, error: new Error('500') }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Updates could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("tell the browsers' network failures from a fault of the page's own", () => {
    for (const message of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'network error',
    ])
      expect(isNetworkError(new TypeError(message)), message).toBe(true);
    // A mistake in the app's code is a TypeError too: it is not the network, and says so.
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNetworkError(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
    setOnline(false);
    expect(isNetworkError(new Error('500'))).toBe(true);
  });
});
