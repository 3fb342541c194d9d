import type { AdminStats } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminScreenTests, expectAccessDenied, itGatesMembers, screenRenderer } from '../../kit/testing';
import { AdminDashboard, AdminDashboardScreen } from './admin-dashboard';

const NOW = new Date('2025-06-15T12:00:00Z');
const DENIED = "You don't have permission to access the admin dashboard.";

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
      at: '2025-06-15T11:30:00Z',
      href: '/admin/users',
    },
    {
      kind: 'post',
      text: 'Maya L. posted "Slow mornings" in Practice',
      who: 'Maya L.',
      title: 'Slow mornings',
      detail: 'Practice',
      at: '2025-06-15T09:00:00Z',
      href: '/community/posts/p1',
    },
    {
      kind: 'content',
      text: 'New video: "Evening Breath"',
      who: null,
      title: 'Evening Breath',
      detail: 'video',
      at: '2025-06-12T12:00:00Z',
      href: null,
    },
  ],
};

const renderScreen = adminScreenTests(<AdminDashboardScreen />, '/admin');

describe('/admin access', () => {
  itGatesMembers(renderScreen, { api: '/api/admin', description: DENIED });

  it('shows Access Denied when the server refuses the figures', async () => {
    renderScreen({ '/api/admin/stats': { status: 403, body: { message: 'Admins only' } } });
    await expectAccessDenied(DENIED);
  });
});

describe('/admin for an admin', () => {
  it('shows skeleton figures while loading', async () => {
    renderScreen({ '/api/admin/stats': { never: true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(4);
    expect(screen.getByRole('status')).toHaveTextContent('Loading figures');
  });

  it('shows the four counts, with the active announcements', async () => {
    renderScreen({ '/api/admin/stats': { body: stats } });
    const overview = await screen.findByRole('region', { name: 'Overview' });
    const card = (label: string) =>
      within(overview).getByRole('heading', { name: label }).closest('div')!.parentElement!;
    expect(await within(overview).findByText('42')).toBeInTheDocument();
    expect(card('Total Videos')).toHaveTextContent('42');
    expect(card('Total Forums')).toHaveTextContent('5');
    expect(card('Total Users')).toHaveTextContent('1,280');
    expect(card('Announcements')).toHaveTextContent('7');
    expect(card('Announcements')).toHaveTextContent('4 active');
  });

  it('links to every admin screen', async () => {
    renderScreen({ '/api/admin/stats': { body: stats } });
    const manage = await screen.findByRole('region', { name: 'Manage' });
    const hrefs = within(manage)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/content',
      '/admin/announcements',
      '/admin/newsletters',
      '/admin/forums',
      '/admin/playlists',
      '/admin/moderation',
      '/admin/users',
      '/admin/members',
      '/admin/offers',
      '/admin/analytics',
      '/admin/settings',
    ]);
  });

  it('lists real recent activity with relative times, linking where it can', async () => {
    screenRenderer(<AdminDashboard now={NOW} />, '/admin')({ '/api/admin/stats': { body: stats } });
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    const items = await within(activity).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Robin V. joined');
    expect(items[0]).toHaveTextContent('Less than an hour ago');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/admin/users');
    expect(items[1]).toHaveTextContent('Maya L. posted “Slow mornings” in Practice');
    expect(items[1]).toHaveTextContent('3 hours ago');
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', '/community/posts/p1');
    expect(items[2]).toHaveTextContent('New video: “Evening Breath”');
    expect(items[2]).toHaveTextContent('3 days ago');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when nothing has happened yet', async () => {
    renderScreen({ '/api/admin/stats': { body: { ...stats, recentActivity: [] } } });
    expect(await screen.findByText(/Nothing has happened yet/)).toBeInTheDocument();
  });

  it('offers a retry when the figures fail to load', async () => {
    let attempts = 0;
    renderScreen({
      '/api/admin/stats': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: 'boom' } : { body: stats };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,280')).toBeInTheDocument();
  });
});
