import { activateLocale, namespaces } from '@client/lib/i18n';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeMember, makeDetails, renderSubscribePage } from '../testing';

// /subscribe in the member's language (issue 37): words from the catalogues, money and dates
// through Intl in the member's locale, no key ids.
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', [...namespaces]);
});

describe('/subscribe, translated', () => {
  it('shows the plan card in German, the price as Germans write it', async () => {
    await activateLocale('de', [...namespaces]);
    renderSubscribePage();
    const card = await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(screen.getByRole('heading', { name: 'Mehr Tiefe mit Premium' })).toBeInTheDocument();
    expect(within(card).getByText('12 $')).toBeInTheDocument();
    expect(within(card).getByText('pro Monat')).toBeInTheDocument();
    expect(within(card).getByText('30 Tage ab Kauf, jederzeit kündbar')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Jetzt abonnieren' })).toBeEnabled();
    expect(document.body.textContent).not.toMatch(/subscriptions\.[a-z]/);
  });

  it('shows a subscriber their plan in Spanish, with the renewal date in Spanish', async () => {
    await activateLocale('es', [...namespaces]);
    renderSubscribePage({ user: activeMember, details: makeDetails() });
    expect(await screen.findByRole('heading', { name: 'Tu suscripción' })).toBeInTheDocument();
    expect(screen.getByText('Se renueva el 5 ene 2026')).toBeInTheDocument();
    expect(screen.getByText('Activa')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gestionar pagos' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/subscriptions\.[a-z]/);
  });
});
