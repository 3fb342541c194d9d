import { Toaster } from '@client/components/ui/toaster';
import { clearToasts } from '@client/testing/content';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import type { SyncResult } from '@shared/schemas/subscription';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeMember, freeMember, makeDetails, noSubscription, testPlan } from '../testing';
import { CHECKOUT_RETURN_REDIRECT_MS } from './checkout-return';
import { SubscribePage } from './subscribe-page';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The return from checkout, in strict mode as in development (effects run twice). */
function renderReturn(
  sync: { status?: number; body: SyncResult | unknown },
  path = '/subscribe?success=true',
) {
  let user: CurrentUser = freeMember;
  const stub = stubFetch({
    '/api/auth/user': () => ({ body: user }),
    '/api/billing/plan': { body: testPlan },
    '/api/subscription-details': () => ({
      body: user.subscriptionStatus === 'active' ? makeDetails({ mode: 'test' }) : noSubscription,
    }),
    'POST /api/sync-subscription-status': () => {
      if ((sync.body as SyncResult).success) user = activeMember;
      return sync;
    },
  });
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    <StrictMode>
      <SubscribePage />
      <Toaster />
    </StrictMode>,
    { path },
  );
  const syncCalls = () => stub.calls.filter((call) => call.url === '/api/sync-subscription-status');
  return { ...view, calls: stub.calls, syncCalls };
}

describe('SubscribePage: the checkout return (success=true)', () => {
  it('syncs once, confirms, removes the parameter and goes home after 2 seconds', async () => {
    const { location, syncCalls, calls } = renderReturn({
      body: { success: true, message: 'Your subscription is active.', subscriptionStatus: 'active' },
    });
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to premium. Taking you home…')).toBeInTheDocument();
    expect(syncCalls()).toHaveLength(1);
    expect(location.history).toEqual(['/subscribe']);
    // The current user was asked again after the sync.
    const userCalls = calls.filter((call) => call.url === '/api/auth/user');
    expect(userCalls.length).toBeGreaterThan(1);

    act(() => void vi.advanceTimersByTime(CHECKOUT_RETURN_REDIRECT_MS - 100));
    expect(location.history).toEqual(['/subscribe']);
    act(() => void vi.advanceTimersByTime(100));
    expect(location.history).toEqual(['/subscribe', '/']);
    // Nothing else is on its way: strict mode's second effect did not sync again.
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(syncCalls()).toHaveLength(1);
  });

  it('keeps other parameters when it removes success', async () => {
    const { location } = renderReturn(
      { body: { success: true, message: 'ok', subscriptionStatus: 'active' } },
      '/subscribe?success=true&from=email',
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(location.history).toEqual(['/subscribe?from=email']);
  });

  it('shows the server’s message and keeps the plan card when the sync finds no payment', async () => {
    const { location, syncCalls } = renderReturn({
      body: { success: false, message: 'No completed payment was found yet.', subscriptionStatus: null },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not confirm your payment');
    expect(alert).toHaveTextContent('No completed payment was found yet.');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(location.history).toEqual(['/subscribe']);
    act(() => void vi.advanceTimersByTime(5000));
    expect(location.history).toEqual(['/subscribe']);
    expect(syncCalls()).toHaveLength(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(syncCalls()).toHaveLength(2));
  });

  it('explains a sync that failed outright', async () => {
    renderReturn({ status: 500, body: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not confirm your payment just now.');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('does not sync without success=true', async () => {
    const { syncCalls } = renderReturn(
      { body: { success: true, message: 'ok', subscriptionStatus: 'active' } },
      '/subscribe',
    );
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(syncCalls()).toHaveLength(0);
  });
});
