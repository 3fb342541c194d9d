import { makeDetails, plansOf, stripePlan } from '@client/features/subscriptions/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import { premiumMember } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from './account-page';

// The account screen in the member's language (issue 37): every word from the catalogues, no key ids.
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en', [...namespaces]);
});

describe('/account, translated', () => {
  it('speaks Spanish: shortcuts, profile, favourites and the danger zone', async () => {
    await activateLocale('es', [...namespaces]);
    renderWithRoutes(<AccountPage />, {
      '/api/auth/user': { body: { ...premiumMember, createdAt: '2026-01-05T12:00:00Z' } },
      '/api/subscription-details': { body: makeDetails() },
      '/api/billing/plan': { body: stripePlan },
      '/api/billing/plans': { body: plansOf(stripePlan) },
      '/api/user/favorites': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Accesos de la cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Tu evolución/ })).toHaveAttribute('href', '/assessment-history');
    expect(screen.getByRole('region', { name: 'Perfil' })).toHaveTextContent('Miembro desde');
    // The date in Spanish, through Intl.
    expect(screen.getByText('5 ene 2026')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Aún no tienes favoritos' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Zona delicada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar cuenta' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/account\.[a-z]/);
  });
});
