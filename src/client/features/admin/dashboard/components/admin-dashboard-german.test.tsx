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
  recentActivity: [{ kind: 'signup', text: 'Robin V.', at: '2025-06-12T12:00:00Z', href: '/admin/users' }],
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
    expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  });
});
