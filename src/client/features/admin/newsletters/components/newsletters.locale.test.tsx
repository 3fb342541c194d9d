import { activateLocale } from '@client/lib/i18n';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { Newsletter } from '@shared/schemas/newsletters';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminNewslettersScreen } from './newsletters-management';

const sent: Newsletter = {
  id: '8f1c2d3e-0000-4000-8000-000000000003',
  subject: 'Herbstbrief',
  body: 'Hallo',
  segment: 'premium',
  status: 'sent',
  scheduledFor: null,
  sentAt: '2026-11-01T09:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  stats: { recipients: 1200, queued: 0, sent: 1197, failed: 3, unsubscribes: 2 },
};
const draft: Newsletter = {
  ...sent,
  id: '8f1c2d3e-0000-4000-8000-000000000004',
  subject: 'Winterlicht',
  segment: 'free',
  status: 'draft',
  sentAt: null,
};

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/admin/newsletters': { body: [sent, draft] },
      '/api/admin/members/labels': { body: [{ label: 'Yoga', members: 3 }] },
      'POST /api/admin/newsletters/preview': { body: { html: '<p>Hallo</p>', text: 'Hallo' } },
    }).fetch,
  );
  await activateLocale('de', ['common', 'admin']);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('/admin/newsletters in German', () => {
  it('names the editor, the audiences and each newsletter with its figures in German', async () => {
    renderWithProviders(<AdminNewslettersScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsletter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Newsletter schreiben' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Nur Premium-Mitglieder' })).toBeInTheDocument();
    expect(
      await screen.findByRole('option', { name: 'Mitglieder mit dem Label „Yoga“ (3 Mitglieder)' }),
    ).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Herbstbrief' });
    // The date in German, the figures with German thousands.
    expect(
      within(card).getByText(/^Gesendet · 01\.11\.2026, \d\d:00 · Nur Premium-Mitglieder$/),
    ).toBeInTheDocument();
    expect(within(card).getByText('Empfänger').nextSibling).toHaveTextContent('1.200');
    expect(within(card).getByText('Abmeldungen').nextSibling).toHaveTextContent('2');
    const drafted = screen.getByRole('article', { name: 'Winterlicht' });
    expect(within(drafted).getByText(/^Entwurf · geschrieben am /)).toBeInTheDocument();
    expect(within(drafted).getByRole('button', { name: 'Löschen: „Winterlicht“' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Empfänger'), 'free');
    await user.click(screen.getByRole('button', { name: 'Jetzt senden' }));
    expect(
      screen.getByText('„diesen Newsletter“ jetzt an nur kostenlose Mitglieder senden?'),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/admin\.\w/);
  });
});
