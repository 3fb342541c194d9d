import { testPlan } from '@client/features/subscriptions/testing';
import { renderWithRoutes } from '@client/testing/render';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pricing } from './pricing';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="stillpoint-plan"]')?.remove();
});

const priceOnCard = () =>
  screen.getByRole('heading', { name: 'Monthly Subscription' }).nextElementSibling?.textContent;

describe('landing plan card', () => {
  it('shows $12 per month by default', () => {
    renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { never: true },
      '/api/billing/plans': { never: true },
    });
    expect(priceOnCard()).toBe('$12per month');
    expect(screen.getByText('30-day subscription • Cancel anytime')).toBeInTheDocument();
  });

  it("shows the operator's price from the API, formatted for its currency", async () => {
    const plan = { ...testPlan, amountCents: 1999, currency: 'eur', interval: 'year', periodDays: 365 };
    renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { body: plan },
      '/api/billing/plans': { never: true },
    });
    expect(await screen.findByText('€19.99')).toBeInTheDocument();
    expect(screen.getByText('per year')).toBeInTheDocument();
    expect(screen.getByText('365-day subscription • Cancel anytime')).toBeInTheDocument();
  });

  it('paints the price the server wrote into the page before the API answers', () => {
    const meta = document.createElement('meta');
    meta.name = 'stillpoint-plan';
    meta.content = JSON.stringify({
      amountCents: 150000,
      currency: 'jpy',
      interval: 'month',
      periodDays: 30,
    });
    document.head.append(meta);
    renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { never: true },
      '/api/billing/plans': { never: true },
    });
    expect(priceOnCard()).toBe('¥150,000per month');
  });

  it('offers the choice of monthly or annual (with its real saving), each leading to subscribing with that plan', async () => {
    const plans = [
      { id: 'price_month', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 14 },
      { id: 'price_year', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 14 },
    ];
    renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { body: testPlan },
      '/api/billing/plans': { body: plans },
    });
    const choice = await screen.findByRole('navigation', { name: 'Choose how to pay' });
    // Twelve months cost $144; $100 saves $44, 30.5%, shown rounded down.
    const links = within(choice).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Monthly$12 per month', '/api/login?intent=join&returnTo=%2Fsubscribe%3Fplan%3Dmonth'],
      ['Annual$100 per yearSave 30%', '/api/login?intent=join&returnTo=%2Fsubscribe%3Fplan%3Dyear'],
    ]);
    expect(screen.getByText('Free for the first 14 days')).toBeInTheDocument();
    // SPEC's card itself is unchanged: $12 per month, and Start Now for Free goes to account creation.
    expect(priceOnCard()).toBe('$12per month');
    expect(screen.getByRole('link', { name: 'Start Now for Free' })).toHaveAttribute(
      'href',
      '/api/login?intent=join',
    );
  });

  it("keeps SPEC's monthly card as it is when only the monthly plan is on sale", async () => {
    const plans = [
      { id: 'price_month', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
    ];
    const { calls } = renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { body: testPlan },
      '/api/billing/plans': { body: plans },
    });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/billing/plans'));
    // The fake answers at once; a few turns of the event loop let the card draw what it got.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByText(/per year/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Choose how to pay' })).toBeNull();
    expect(screen.queryByText(/Free for the first/)).toBeNull();
  });
});
