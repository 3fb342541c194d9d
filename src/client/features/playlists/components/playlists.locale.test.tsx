import { activateLocale } from '@client/lib/i18n';
import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { Playlist } from '@shared/schemas/content';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlaylistView } from './playlist-view';

beforeEach(() => activateLocale('es', ['playlists', 'library']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const lesson = (id: string, orderIndex: number, drip: { unlockAfterDays?: number; unlockOn?: string }) => ({
  id: `e-${id}`,
  orderIndex,
  dayIndex: null,
  unlockAfterDays: drip.unlockAfterDays ?? null,
  unlockOn: drip.unlockOn ?? null,
  lesson: { isUnlocked: false, unlocksAt: null, isCompleted: false },
  video: makeContentItem({ id, title: `Sesión ${id}` }),
});

const course: Playlist = {
  id: 'pl1',
  slug: 'calm-start',
  title: 'Un comienzo tranquilo',
  description: '',
  isCalendar: false,
  isCourse: true,
  enrolledAt: null,
  items: [
    lesson('a', 0, {}),
    lesson('b', 1, { unlockAfterDays: 2 }),
    lesson('c', 2, { unlockOn: '2031-01-06' }),
    lesson('d', 3, { unlockAfterDays: 1, unlockOn: '2031-01-06' }),
  ],
  isFollowing: false,
  followerCount: 0,
};

describe('a course in Spanish', () => {
  it('names its lessons, what each waits for and the Enrol button in Spanish, and shows no key', async () => {
    renderWithRoutes(
      <PlaylistView slug="calm-start" />,
      { '/api/auth/user': { body: freeMember }, '/api/playlists/calm-start': { body: course } },
      { path: '/playlists/calm-start' },
    );
    expect(await screen.findByText('4 lecciones')).toBeInTheDocument();
    expect(screen.getByText('Curso')).toBeInTheDocument();
    expect(screen.getByText('Lección 1 de 4')).toBeInTheDocument();
    expect(screen.getByText('Se abre cuando te inscribas')).toBeInTheDocument();
    expect(screen.getByText('Se abre 2 días después de inscribirte')).toBeInTheDocument();
    // 6 January 2031 is a Monday: the date is written the Spanish way.
    expect(screen.getByText('Se abre el lunes, 6 de enero')).toBeInTheDocument();
    expect(
      screen.getByText('Se abre 1 día después de inscribirte, y el lunes, 6 de enero'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inscribirme en este curso' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/playlists\.\w/);
  });
});
