import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import type { Notification } from '@shared/schemas/notifications';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';

beforeEach(() => activateLocale('es', ['notifications']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const notice: Notification = {
  id: 'n1',
  kind: 'post_reply',
  actor: { id: 'u2', firstName: 'Iris', lastName: 'Vale' },
  link: '/community/posts/p1',
  subject: 'Atardecer',
  createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  readAt: null,
};
const page = (notifications: Notification[], unreadCount: number) => ({
  body: { notifications, unreadCount },
});

describe('notifications in Spanish', () => {
  it('names the bell with the unread count', async () => {
    renderWithRoutes(<NotificationBell />, { '/api/notifications?limit=1': page([notice], 3) });
    expect(await screen.findByRole('link', { name: 'Notificaciones, 3 sin leer' })).toBeInTheDocument();
  });

  it('lists notices with their time in Spanish, and says when all are read, with no key on screen', async () => {
    renderWithRoutes(<NotificationList />, { '/api/notifications': page([notice], 1) });
    const list = await screen.findByRole('list', { name: 'Notificaciones' });
    expect(within(list).getByRole('link')).toHaveTextContent('hace 2 horas, sin leer');
    // The notice itself in Spanish too; the member's name and the post's title as written.
    expect(within(list).getByRole('link')).toHaveTextContent(
      'Iris Vale respondió a tu publicación «Atardecer»',
    );
    expect(screen.getByRole('status')).toHaveTextContent('1 sin leer');
    expect(screen.getByRole('button', { name: 'Marcar todo como leído' })).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/notifications\.[a-z]+\.?[a-z]/i);
  });

  it('words every kind of notice in Spanish, with and without its subject', async () => {
    const kinds: Array<[Notification['kind'], string | null, string]> = [
      ['thread_reply', null, 'Iris Vale escribió en una conversación en la que participas'],
      ['mention', 'Amanecer', 'Iris Vale te mencionó en «Amanecer»'],
      ['journey_month', 'Treinta días', 'Ha empezado un nuevo mes de Treinta días'],
      ['playlist_item', null, 'Novedad en una lista que sigues'],
    ];
    renderWithRoutes(<NotificationList />, {
      '/api/notifications': page(
        kinds.map(([kind, subject], index) => ({
          ...notice,
          id: `n${index}`,
          kind,
          subject,
          readAt: notice.createdAt,
        })),
        0,
      ),
    });
    const links = within(await screen.findByRole('list', { name: 'Notificaciones' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      kinds.map(([, , words]) => expect.stringContaining(words)),
    );
  });

  it('says kindly that there is nothing yet', async () => {
    renderWithRoutes(<NotificationList />, { '/api/notifications': page([], 0) });
    expect(await screen.findByText('Todavía no hay nada')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Estás al día');
  });
});
