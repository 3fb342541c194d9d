import { adminScreenTests } from '@client/features/admin/kit/testing';
import { activateLocale, namespaces } from '@client/lib/i18n';
import type { AdminUser } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { UserManagement } from './user-management';

// The user list, its cards and its confirmations follow the admin's language (issue 37); no key id shows.
afterEach(() => activateLocale('en', [...namespaces]));

const maya: AdminUser = {
  id: 'u-maya',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Lindqvist',
  createdAt: '2025-03-14T12:00:00Z',
  subscriptionStatus: 'active',
  stripeCustomerId: 'cus_123',
  complimentary: false,
  complimentaryUntil: null,
  isAdmin: false,
  isModerator: false,
  mute: null,
  suspension: { until: null },
};

const renderScreen = adminScreenTests(<UserManagement />, '/admin/users');

describe('/admin/users in German', () => {
  it('shows the list and asks before a change, in German', async () => {
    await activateLocale('de', [...namespaces]);
    renderScreen({
      '/api/admin/users?limit=25': { body: [maya], headers: { 'x-total-count': '1280' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nutzerverwaltung' })).toBeInTheDocument();
    expect(await screen.findByText('1.280 registrierte Nutzer')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'maya@example.com' });
    expect(within(card).getByText('Dabei seit 14. März 2025')).toBeInTheDocument();
    expect(within(card).getByText('aktiv').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByText('Gesperrt bis auf Weiteres')).toBeInTheDocument();
    expect(within(card).getByText('Kunden-ID')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Zum Admin machen: maya@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'maya@example.com zum Admin machen?' });
    expect(within(dialog).getByRole('button', { name: 'Zum Admin machen' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
