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
      routes: {
        '/api/billing/plan': { never: true },
        '/api/billing/plans': { never: true },
        '/api/subscription-details': { never: true },
      },
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

describe('SubscribePage: plans, trials and offers', () => {
  const monthly = {
    id: 'price_monthly',
    interval: 'month',
    amountCents: 1200,
    currency: 'usd',
    trialDays: 0,
  } as const;
  const annual = {
    id: 'price_annual',
    interval: 'year',
    amountCents: 10000,
    currency: 'usd',
    trialDays: 0,
  } as const;
  const offerRoute = '/api/billing/offers/SPRING';
  const spring = {
    code: 'SPRING',
    percentOff: 20,
    amountOffCents: null,
    currency: 'usd',
    duration: 'once',
    durationInMonths: null,
    planId: null,
    expiresAt: null,
  };

  it('offers monthly or annual with the saving it really makes, and checks out the chosen one', async () => {
    const { calls } = renderPage({
      plans: [monthly, annual],
      routes: { 'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } } },
    });
    const choice = await screen.findByRole('group', { name: 'Billing period' });
    // Twelve months cost $144; the year $100: $44 less, 30% (rounded down).
    expect(within(choice).getByText('Save 30%')).toBeInTheDocument();
    expect(within(choice).getByText('Annual costs $44 less a year than paying monthly.')).toBeInTheDocument();
    expect(within(choice).getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await userEvent.click(within(choice).getByRole('radio', { name: /Annual/ }));
    const card = screen.getByRole('region', { name: 'Stillpoint Annual' });
    expect(within(card).getByText('$100')).toBeInTheDocument();
    expect(within(card).getByText('per year')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({ priceId: 'price_annual' }),
    );
  });

  it('arrives from the landing card’s Annual choice (?plan=year) with the annual plan chosen', async () => {
    const { calls } = renderPage({
      plans: [monthly, annual],
      path: '/subscribe?plan=year',
      routes: { 'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } } },
    });
    expect(await screen.findByRole('radio', { name: /Annual/ })).toBeChecked();
    const card = screen.getByRole('region', { name: 'Stillpoint Annual' });
    await userEvent.click(within(card).getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({ priceId: 'price_annual' }),
    );
  });

  it('shows an annual subscriber their annual plan', async () => {
    renderPage({
      user: { ...freeMember, subscriptionStatus: 'active' },
      plans: [monthly, annual],
      details: makeDetails({ priceId: 'price_annual' }),
    });
    const card = await screen.findByRole('region', { name: 'Stillpoint Annual' });
    expect(within(card).getByText('$100')).toBeInTheDocument();
  });

  it('shows no choice and no saving with one plan', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(screen.queryByRole('group', { name: 'Billing period' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Save \d+%/)).not.toBeInTheDocument();
  });

  it('says when the first charge happens when there is a trial', async () => {
    renderPage({ plans: [{ ...monthly, trialDays: 14 }] });
    expect(
      await screen.findByText(
        /^Free for 14 days, then \$12 per month\. Your first charge is on [A-Z][a-z]{2} \d{1,2}, \d{4}; cancel before then and you pay nothing\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('applies a code from ?offer= (choosing the plan it is for) and sends it with checkout', async () => {
    const { calls } = renderPage({
      plans: [monthly, annual],
      path: '/subscribe?offer=spring',
      routes: {
        [offerRoute]: { body: { ...spring, planId: 'price_annual' } },
        'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } },
      },
    });
    expect(await screen.findByLabelText('Offer code (optional)')).toHaveValue('SPRING');
    expect(await screen.findByRole('radio', { name: /Annual/ })).toBeChecked();
    expect(
      await screen.findByText(
        /20% off on the first payment\. Your first payment is \$80\.00 instead of \$100\.00\./,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({
        priceId: 'price_annual',
        promotionCode: 'SPRING',
      }),
    );
  });

  it('an offer for another plan says so, and is not sent with that plan', async () => {
    const { calls } = renderPage({
      plans: [monthly, annual],
      path: '/subscribe?offer=spring',
      routes: {
        [offerRoute]: { body: { ...spring, planId: 'price_annual' } },
        'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } },
      },
    });
    expect(await screen.findByRole('radio', { name: /Annual/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Monthly/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This offer is for the annual plan: choose it to use the offer.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({ priceId: 'price_monthly' }),
    );
  });

  it('says why a code cannot be used, and checks out without it', async () => {
    const { calls } = renderPage({
      routes: {
        '/api/billing/offers/OLD': {
          status: 404,
          body: { message: 'This offer has ended.', code: 'NOT_FOUND' },
        },
        'POST /api/create-checkout-session': { body: { url: '/checkout/test/cs_1' } },
      },
    });
    await userEvent.type(await screen.findByLabelText('Offer code (optional)'), 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer has ended.');
    expect(screen.getByLabelText('Offer code (optional)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/create-checkout-session', 'POST')).toEqual({ priceId: 'price_live_123' }),
    );
  });
});
