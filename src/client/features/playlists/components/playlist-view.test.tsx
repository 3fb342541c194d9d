import { clearToasts, freeMember, makeContentItem } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import type { Playlist } from '@shared/schemas/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endOfMonth, format } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaylistView } from './playlist-view';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const entry = (id: string, orderIndex: number, dayIndex: number | null = null) => ({
  id: `e-${id}`,
  orderIndex,
  dayIndex,
  unlockAfterDays: null,
  unlockOn: null,
  lesson: null,
  video: makeContentItem({ id, title: `Session ${id}` }),
});

function renderPlaylist(response: Routes[string], extra: Routes = {}) {
  return renderWithRoutes(
    <PlaylistView slug="calm-start" />,
    { '/api/auth/user': { body: freeMember }, '/api/playlists/calm-start': response, ...extra },
    { path: '/playlists/calm-start' },
  );
}

const base: Playlist = {
  id: 'pl1',
  slug: 'calm-start',
  title: 'A Calm Start',
  description: 'Five short sessions for the first week.',
  isCalendar: false,
  isCourse: false,
  enrolledAt: null,
  items: [],
  isFollowing: false,
  followerCount: 0,
};

describe('playlist', () => {
  it('shows the title, description and items in their order', async () => {
    renderPlaylist({ body: { ...base, items: [entry('c', 2), entry('a', 0), entry('b', 1)] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'A Calm Start' })).toBeInTheDocument();
    expect(screen.getByText('Five short sessions for the first week.')).toBeInTheDocument();
    expect(screen.queryByText('Calendar')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('link').textContent)).toEqual([
      'Session a',
      'Session b',
      'Session c',
    ]);
  });

  it('shows a calendar playlist day by day, with a Calendar badge', async () => {
    renderPlaylist({
      body: { ...base, isCalendar: true, items: [entry('b', 1, 2), entry('a', 0, 1), entry('c', 2, 2)] },
    });
    expect(await screen.findByText('Calendar')).toBeInTheDocument();
    const dayOne = screen.getByRole('listitem', { name: 'Day 1' });
    const dayTwo = screen.getByRole('listitem', { name: 'Day 2' });
    expect(within(dayOne).getByRole('link', { name: 'Session a' })).toBeInTheDocument();
    expect(within(dayTwo).getAllByRole('article')).toHaveLength(2);
  });

  it("marks the journey's days the member practised this month", async () => {
    const now = new Date();
    const month = format(now, 'yyyy-MM');
    const range = `from=${month}-01&to=${format(endOfMonth(now), 'yyyy-MM-dd')}`;
    renderPlaylist(
      { body: { ...base, isCalendar: true, items: [entry('a', 0, 1), entry('b', 1, 2)] } },
      {
        [`/api/practice/days?${range}`]: {
          body: { days: [{ date: `${month}-02`, minutes: 12, sessions: 1 }] },
        },
      },
    );
    expect(await screen.findByRole('listitem', { name: 'Day 2, practised' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Day 1' })).toBeInTheDocument();
    expect(screen.getAllByTestId('journey-day-practised')).toHaveLength(1);
  });

  it("says 'This playlist is empty.' without items", async () => {
    renderPlaylist({ body: base });
    expect(await screen.findByText('This playlist is empty.')).toBeInTheDocument();
  });

  it("shows 'Playlist Not Found' for an unknown slug", async () => {
    renderPlaylist({ status: 404, body: { message: 'Playlist not found' } });
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeInTheDocument();
  });

  it('offers a retry when the playlist fails to load', async () => {
    renderPlaylist({ status: 500, body: { message: 'boom' } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('following a playlist', () => {
  /** The methods of the requests that change something. */
  const writes = (calls: { init?: RequestInit }[]) =>
    calls.map((call) => call.init?.method).filter((method) => method && method !== 'GET');
  const followButton = () => screen.findByRole('button', { name: /Follow this playlist|Following/ });

  it('a member follows at once, before the server answers', async () => {
    const { calls } = renderPlaylist(
      { body: base },
      { 'POST /api/playlists/calm-start/follow': { never: true } },
    );
    const button = await followButton();
    expect(button).toHaveAccessibleName('Follow this playlist');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(writes(calls)).toEqual(['POST']);
  });

  it('stopping follows the same way, with DELETE', async () => {
    const { calls } = renderPlaylist(
      { body: { ...base, isFollowing: true, followerCount: 3 } },
      { 'DELETE /api/playlists/calm-start/follow': { body: { isFollowing: false, followerCount: 2 } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Following' }));
    const button = await screen.findByRole('button', { name: 'Follow this playlist' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(writes(calls)).toEqual(['DELETE']);
  });

  it('a failure puts the button back as it was', async () => {
    renderPlaylist(
      { body: base },
      { 'POST /api/playlists/calm-start/follow': { status: 500, body: { message: 'boom' } } },
    );
    await userEvent.click(await followButton());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Follow this playlist' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('a visitor sees no follow button', async () => {
    renderPlaylist({ body: base }, { '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'A Calm Start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Follow this playlist|Following/ })).not.toBeInTheDocument();
  });
});

describe('a course', () => {
  const lesson = (
    id: string,
    orderIndex: number,
    drip: { unlockAfterDays?: number; unlockOn?: string },
    state: { isUnlocked: boolean; unlocksAt?: string; isCompleted?: boolean },
  ) => ({
    ...entry(id, orderIndex),
    unlockAfterDays: drip.unlockAfterDays ?? null,
    unlockOn: drip.unlockOn ?? null,
    lesson: { unlocksAt: null, isCompleted: false, ...state },
  });
  const course = (enrolledAt: string | null, unlocked: boolean) => ({
    ...base,
    isCourse: true,
    enrolledAt,
    items: [
      lesson('a', 0, {}, { isUnlocked: unlocked, isCompleted: unlocked }),
      lesson(
        'b',
        1,
        { unlockAfterDays: 2 },
        { isUnlocked: false, unlocksAt: unlocked ? '2031-01-03T09:00:00.000Z' : undefined },
      ),
      lesson('c', 2, { unlockOn: '2031-01-05' }, { isUnlocked: false }),
    ],
  });

  it('before enrolling: the lessons and what each waits for, and an Enrol button that opens them', async () => {
    let enrolled = false;
    renderPlaylist(() => ({ body: course(enrolled ? '2031-01-01T09:00:00.000Z' : null, enrolled) }), {
      'POST /api/playlists/calm-start/enrolment': () => {
        enrolled = true;
        return { body: { enrolledAt: '2031-01-01T09:00:00.000Z' } };
      },
    });
    expect(await screen.findByText('3 lessons')).toBeInTheDocument();
    expect(screen.getByText('Lesson 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Opens when you enrol')).toBeInTheDocument();
    expect(screen.getByText('Opens 2 days after you enrol')).toBeInTheDocument();
    expect(screen.getByText(/^Opens on .*5/)).toBeInTheDocument();
    // Closed lessons are named, not linked.
    expect(screen.queryByRole('link', { name: 'Session a' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Follow this playlist/ })).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: 'Enrol in this course' }));
    expect(await screen.findByRole('link', { name: 'Session a' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 lessons done')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(screen.getByText(/^Opens .*January.* at /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enrol in this course' })).toBeNull();
  });
});
