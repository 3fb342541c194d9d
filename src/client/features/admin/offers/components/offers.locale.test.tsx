import { adminScreenTests, testUuid } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import type { Offer } from '@shared/schemas/offers';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  redemptions: 1,
  createdAt: '2026-11-01T12:00:00.000Z',
};
const welcome: Offer = {
  ...spring,
  id: testUuid(2),
  code: 'WELCOME',
  percentOff: null,
  amountOffCents: 1050,
  duration: 'once',
  maxRedemptions: null,
  redemptions: 12,
  planId: 'price_annual',
  expiresAt: '2027-01-31T22:59:59.000Z',
};
const plans = [
  { id: 'price_monthly', interval: 'month', amountCents: 1200, currency: 'usd', trialDays: 0 },
  { id: 'price_annual', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 0 },
];

beforeEach(async () => {
  await activateLocale('es', ['common', 'admin']);
});
afterEach(async () => {
  await activateLocale('en');
});

describe('/admin/offers in Spanish', () => {
  it('says what each offer gives and how often it was used in Spanish, with Spanish numbers', async () => {
    // Intl puts no-break spaces in "20 %" and "10,50 US$": the patterns take any space.
    render({ '/api/admin/offers': { body: [spring, welcome] }, '/api/billing/plans': { body: plans } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ofertas' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Ofertas activas' });
    expect(await within(list).findByText(/^20\s%\sde descuento durante 3 meses$/)).toBeInTheDocument();
    expect(within(list).getByText('Usada 1 vez (de 100)')).toBeInTheDocument();
    expect(within(list).getByText(/^10,50\sUS\$ de descuento en el primer pago$/)).toBeInTheDocument();
    expect(
      within(list).getByText(/^Usada 12 veces \(sin límite\) · termina el 31 ene 2027$/),
    ).toBeInTheDocument();
    expect(within(list).getByText('Un plan')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Retirar SPRING' })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Nueva oferta' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Importe de descuento (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Anual \(100,00\sUS\$\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear oferta' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/admin\.\w/);
  });
});
