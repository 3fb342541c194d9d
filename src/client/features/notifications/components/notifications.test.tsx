import { renderWithRoutes } from '@client/testing/render';
import type { Notification } from '@shared/schemas/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const reply: Notification = {
  id: 'n1',
  kind: 'post_reply',
  actor: { id: 'u2', firstName: 'Iris', lastName: 'Vale' },
  link: '/community/posts/p1',
  subject: 'Evening wind-down',
  createdAt: hoursAgo(2),
  readAt: null,
};
const journey: Notification = {
  id: 'n2',
  kind: 'journey_month',
  actor: null,
  link: '/playlists/monthly-journey',
  subject: 'The monthly journey',
  createdAt: hoursAgo(30),
  readAt: hoursAgo(20),
};

const page = (notifications: Notification[], unreadCount: number) => ({
  body: { notifications, unreadCount },
});

describe('the bell', () => {
  it.each([
    [3, 'Notifications, 3 unread'],
    [0, 'Notifications'],
  ])('with %i unread is named "%s" and leads to /notifications', async (unread, name) => {
    renderWithRoutes(<NotificationBell />, {
      '/api/notifications?limit=1': page(unread ? [reply] : [], unread),
    });
    expect(await screen.findByRole('link', { name })).toHaveAttribute('href', '/notifications');
  });
});

describe('the notifications screen', () => {
  it('lists notices in kind words with their time, each a link; "Mark all as read" marks them', async () => {
    let marked: unknown;
    renderWithRoutes(<NotificationList />, {
      '/api/notifications': () => page([reply, journey], marked ? 0 : 1),
      'POST /api/notifications/read': (init) => {
        marked = JSON.parse(String(init?.body));
        return { body: { unreadCount: 0 } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveTextContent('Iris Vale replied to your post “Evening wind-down”');
    expect(links[0]).toHaveTextContent('2 hours ago, unread');
    expect(links[0]).toHaveAttribute('href', '/community/posts/p1');
    expect(links[1]).toHaveTextContent('A new month of The monthly journey has begun');
    expect(links[1]).toHaveTextContent('1 day ago');
    expect(screen.getByRole('status')).toHaveTextContent('1 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(marked).toEqual({ all: true });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All caught up'));
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('opening an unread notice marks that one read', async () => {
    let marked: unknown;
    renderWithRoutes(<NotificationList />, {
      '/api/notifications': page([reply], 1),
      'POST /api/notifications/read': (init) => {
        marked = JSON.parse(String(init?.body));
        return { body: { unreadCount: 0 } };
      },
    });
    await userEvent.click(await screen.findByRole('link', { name: /Iris Vale replied/ }));
    await waitFor(() => expect(marked).toEqual({ ids: ['n1'] }));
  });

  it('has a gentle empty state', async () => {
    renderWithRoutes(<NotificationList />, { '/api/notifications': page([], 0) });
    expect(await screen.findByText('Nothing here yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and can try again', async () => {
    renderWithRoutes(<NotificationList />, {
      '/api/notifications': { status: 500, body: { message: 'oops' } },
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
