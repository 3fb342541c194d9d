import { activateLocale, namespaces } from '@client/lib/i18n';
import type { AdminStats } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminScreenTests } from '../../kit/testing';
import { AdminDashboard } from './admin-dashboard';

// The dashboard's own words and figures follow the admin's language (issue 37); no key id shows.
afterEach(() => activateLocale('en', [...namespaces]));

const NOW = new Date('2025-06-15T12:00:00Z');
const stats: AdminStats = {
  totalVideos: 42,
  totalForums: 5,
  totalUsers: 1280,
  totalAnnouncements: 7,
  activeAnnouncements: 4,
  recentActivity: [
    {
      kind: 'signup',
      text: 'Robin V. joined',
      who: 'Robin V.',
      title: null,
      detail: null,
      at: '2025-06-12T12:00:00Z',
      href: '/admin/users',
    },
    {
      kind: 'subscription',
      text: "Maya L.'s subscription is now past due",
      who: 'Maya L.',
      title: null,
      detail: 'past_due',
      at: '2025-06-11T12:00:00Z',
      href: '/admin/users',
    },
    {
      kind: 'content',
      text: 'New post: "Slow mornings"',
      who: null,
      title: 'Langsame Morgen',
      detail: 'post',
      at: '2025-06-10T12:00:00Z',
      href: null,
    },
  ],
};

const renderScreen = adminScreenTests(<AdminDashboard now={NOW} />, '/admin');

describe('/admin in German', () => {
  it('shows the counts, the links and the activity in German', async () => {
    await activateLocale('de', [...namespaces]);
    renderScreen({ '/api/admin/stats': { body: stats } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin-Übersicht' })).toBeInTheDocument();
    const overview = await screen.findByRole('region', { name: 'Überblick' });
    // German groups thousands with a dot.
    expect(await within(overview).findByText('1.280')).toBeInTheDocument();
    expect(within(overview).getByText('4 aktiv')).toBeInTheDocument();
    const manage = screen.getByRole('region', { name: 'Verwalten' });
    expect(within(manage).getByRole('link', { name: /Einstellungen/ })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    const activity = screen.getByRole('region', { name: 'Letzte Aktivitäten' });
    expect(within(activity).getByText('vor 3 Tagen')).toBeInTheDocument();
    expect(within(activity).getByText(/Anmeldung:/)).toBeInTheDocument();
    // The sentences are the screen's own, in German, from the event's fields (not the server's English).
    expect(within(activity).getByText('Robin V. ist beigetreten')).toBeInTheDocument();
    expect(within(activity).getByText('Die Zahlung von Maya L. ist überfällig')).toBeInTheDocument();
    expect(within(activity).getByText('Neuer Artikel: „Langsame Morgen“')).toBeInTheDocument();
    expect(activity.textContent).not.toMatch(/joined|past due|New post/);
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
