import { bodyOf, listItemTexts } from '@client/testing/render';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { browser } from '../browser';
import {
  freeMember,
  makeDetails,
  renderSubscribePage,
  spyOnNavigation,
  stripePlan,
  testPlan,
} from '../testing';

const navigation = spyOnNavigation();
let openInNewTab: MockInstance<typeof browser.openInNewTab>;

beforeEach(() => {
  openInNewTab = vi.spyOn(browser, 'openInNewTab').mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
});

const renderPage = renderSubscribePage;

/** The 'Authentication Required' toast, then (half a second on) the way to sign in and back. */
async function expectSentToSignIn() {
  expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(500));
  expect(navigation.assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fsubscribe');
}

describe('SubscribePage: the plan card', () => {
  it('shows a centred Loading... while it learns where the member stands', () => {
    renderPage({
      routes: { '/api/billing/plan': { never: true }, '/api/subscription-details': { never: true } },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('offers the monthly plan: $12 per month, 30 days from purchase, the four benefits', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(within(card).getByText('$12')).toBeInTheDocument();
    expect(within(card).getByText('per month')).toBeInTheDocument();
    expect(within(card).getByText('30 days from purchase, cancel anytime')).toBeInTheDocument();
    const benefits = within(card).getByRole('list', { name: 'What’s included' });
    expect(listItemTexts(benefits)).toEqual([
      'Unlimited meditation access',
      'Monthly calendars and playlists',
      'Progress tracking',
      'Offline downloads',
    ]);
    expect(within(card).getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(within(card).queryByText('Test mode')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Go deeper with premium' })).toBeInTheDocument();
  });

  it('says when payments are simulated (test mode)', async () => {
    renderPage({ plan: testPlan });
    const card = await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(within(card).getByText('Test mode')).toBeInTheDocument();
    expect(
      within(card).getByText('Test mode: payments are simulated and no card is charged.'),
    ).toBeInTheDocument();
  });

  it('starts checkout with the plan’s priceId and opens the url in a new tab', async () => {
    const { calls } = renderPage({
      plan: testPlan,
      routes: { 'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText(/Checkout is open in a new tab/, { selector: 'p' })).toBeInTheDocument();
    expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({
      priceId: 'price_stillpoint_monthly_test',
    });
    expect(openInNewTab).toHaveBeenCalledWith('/checkout/test/cs_1');
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('goes to checkout in this tab when the new tab is blocked', async () => {
    openInNewTab.mockReturnValue(false);
    renderPage({
      routes: {
        'POST /api/create-checkout-session': { body: { url: 'https://checkout.stripe.com/c/pay/cs_live' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_live'),
    );
  });

  it.each([
    ['no url in the answer', { body: {} }, 'No checkout URL received. Please try again.'],
    ['an empty url', { body: { url: '' } }, 'No checkout URL received. Please try again.'],
    [
      'a server message (already subscribed)',
      { status: 409, body: { message: 'You already have an active subscription.' } },
      'You already have an active subscription.',
    ],
    [
      'a failure without a message',
      { status: 500, body: '' },
      'Failed to create checkout. Please try again.',
    ],
  ])('explains %s with a toast', async (_case, response, message) => {
    renderPage({ routes: { 'POST /api/create-checkout-session': response } });
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(openInNewTab).not.toHaveBeenCalled();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('sends a member whose session ended to sign in (Authentication Required)', async () => {
    renderPage({
      routes: { 'POST /api/create-checkout-session': { status: 401, body: { message: 'Unauthorized' } } },
    });
    const button = await screen.findByRole('button', { name: 'Subscribe Now' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(button);
    expect(await screen.findByText('Please sign in to start your subscription.')).toBeInTheDocument();
    expect(navigation.assign).not.toHaveBeenCalled();
    await expectSentToSignIn();
  });

  it('welcomes back a member whose subscription has ended', async () => {
    renderPage({
      user: { ...freeMember, subscriptionStatus: 'canceled' },
      details: makeDetails({ subscriptionStatus: 'canceled', billingManagement: 'test-cancel' }),
    });
    const card = await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(within(card).getByText(/Your subscription has ended/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Subscription' })).not.toBeInTheDocument();
  });

  it('offers a retry when the page cannot load', async () => {
    let attempts = 0;
    renderPage({
      routes: {
        '/api/billing/plan': () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: 'boom' } : { body: stripePlan };
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your subscription could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('asks a member whose session ended to sign in when the details answer 401', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage({
      routes: { '/api/subscription-details': { status: 401, body: { message: 'Unauthorized' } } },
    });
    await expectSentToSignIn();
    expect(screen.getByText('Please sign in to start your subscription.')).toBeInTheDocument();
  });

  it('shows an admin without a subscription the plan card', async () => {
    renderPage({ user: { ...freeMember, isAdmin: true } });
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in (docs/product.md, "Errors shown": checkout signed out)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage({ routes: { '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } } });
    await expectSentToSignIn();
  });
});
