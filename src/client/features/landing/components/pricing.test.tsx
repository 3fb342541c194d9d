import { testPlan } from '@client/features/subscriptions/testing';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
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
    renderWithRoutes(<Pricing />, { '/api/billing/plan': { never: true } });
    expect(priceOnCard()).toBe('$12per month');
    expect(screen.getByText('30-day subscription • Cancel anytime')).toBeInTheDocument();
  });

  it("shows the operator's price from the API, formatted for its currency", async () => {
    const plan = { ...testPlan, amountCents: 1999, currency: 'eur', interval: 'year', periodDays: 365 };
    renderWithRoutes(<Pricing />, { '/api/billing/plan': { body: plan } });
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
    renderWithRoutes(<Pricing />, { '/api/billing/plan': { never: true } });
    expect(priceOnCard()).toBe('¥150,000per month');
  });
});
