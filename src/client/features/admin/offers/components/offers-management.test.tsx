import { adminScreenTests, itGatesMembers, testUuid } from '@client/features/admin/kit/testing';
import { bodyOf } from '@client/testing/render';
import type { Offer } from '@shared/schemas/offers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminOffersScreen } from './offers-management';

const render = adminScreenTests(<AdminOffersScreen />, '/admin/offers');

const spring: Offer = {
  id: testUuid(1),
  code: 'SPRING',
  percentOff: 20,
  amountOffCents: null,
  currency: 'usd',
  duration: 'repeating',
  durationInMonths: 3,
  planId: null,
  expiresAt: null,
  maxRedemptions: 100,
  redemptions: 7,
  createdAt: '2026-11-01T12:00:00.000Z',
};
const plans = [
  { id: 'price_monthly', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
  { id: 'price_annual', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 0 },
];

describe('/admin/offers', () => {
  itGatesMembers(render, { api: '/api/admin/offers' });

  it('lists live offers with what they give and how often they were used', async () => {
    render({ '/api/admin/offers': { body: [spring] }, '/api/billing/plans': { body: plans } });
    const list = await screen.findByRole('region', { name: 'Live offers' });
    expect(await within(list).findByRole('heading', { name: 'SPRING' })).toBeInTheDocument();
    expect(within(list).getByText('20% off for 3 months')).toBeInTheDocument();
    expect(within(list).getByText('Used 7 times (of 100)')).toBeInTheDocument();
  });

  it('makes an offer from the form, checked with the shared schema first', async () => {
    const { calls } = render({
      '/api/admin/offers': { body: [] },
      '/api/billing/plans': { body: plans },
      'POST /api/admin/offers': {
        body: { ...spring, code: 'YEAR10', amountOffCents: 1000, percentOff: null },
      },
    });
    await screen.findByText('No offers yet.');
    await userEvent.type(screen.getByLabelText('Code'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create Offer' }));
    expect(await screen.findByText('code must be at least 3 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'year10');
    await userEvent.click(screen.getByRole('radio', { name: 'Amount off (USD)' }));
    await userEvent.type(screen.getByLabelText('Amount'), '10');
    await userEvent.selectOptions(screen.getByLabelText('Plan'), 'price_annual');
    await userEvent.type(screen.getByLabelText('Most redemptions (optional)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Create Offer' }));
    await vi.waitFor(() =>
      expect(bodyOf(calls, '/api/admin/offers', 'POST')).toEqual({
        code: 'YEAR10',
        amountOffCents: 1000,
        duration: 'once',
        maxRedemptions: 50,
        planId: 'price_annual',
      }),
    );
    expect(await screen.findByText('Offer Created')).toBeInTheDocument();
  });

  it('withdraws an offer after asking', async () => {
    const { calls } = render({
      '/api/admin/offers': { body: [spring] },
      '/api/billing/plans': { body: plans },
      [`DELETE /api/admin/offers/${spring.id}`]: { status: 204 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw SPRING' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw Offer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await vi.waitFor(() =>
      expect(calls.some((call) => call.init?.method === 'DELETE' && call.url.endsWith(spring.id))).toBe(true),
    );
    expect(await screen.findByText('Offer Withdrawn')).toBeInTheDocument();
  });
});
