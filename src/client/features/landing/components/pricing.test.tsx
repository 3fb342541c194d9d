import { testPlan } from '@client/features/subscriptions/testing';
import { renderWithRoutes } from '@client/testing/render';
import { act, screen, waitFor } from '@testing-library/react';
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

  it('offers the annual plan with its real saving, and the free trial, when the operator sells them', async () => {
    const plans = [
      { id: 'price_month', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 14 },
      { id: 'price_year', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 14 },
    ];
    renderWithRoutes(<Pricing />, {
      '/api/billing/plan': { body: testPlan },
      '/api/billing/plans': { body: plans },
    });
    // Twelve months cost $144; $100 saves $44, 30.5%, shown rounded down.
    expect(await screen.findByText('Or $100 per year (save 30%)')).toBeInTheDocument();
    expect(screen.getByText('Free for the first 14 days')).toBeInTheDocument();
    expect(priceOnCard()).toBe('$12per month');
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
    expect(screen.queryByText(/Free for the first/)).toBeNull();
  });
});
