import { submitDialog } from '@client/features/admin/kit/form-testing';
import {
  bodyOf,
  expectAccessDenied,
  type Routes,
  renderAdminScreen,
  setUpAdminScreenTests,
  testUuid,
} from '@client/features/admin/kit/testing';
import { adminUser } from '@client/testing/community';
import { freeMember, makeContentItem } from '@client/testing/content';
import type { Playlist } from '@shared/schemas/content';
import type { JourneySchedule } from '@shared/schemas/journeys';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { draftFrom, itemsInput, nextDay } from './playlist-editor';
import { AdminPlaylistsScreen } from './playlist-management';

vi.setConfig({ testTimeout: 20_000 });

setUpAdminScreenTests();

const dawn = makeContentItem({ id: testUuid(1), title: 'Dawn Breath' });
const dusk = makeContentItem({ id: testUuid(2), title: 'Dusk Body Scan', type: 'video', isPublished: false });
const noon = makeContentItem({ id: testUuid(3), title: 'Noon Pause', type: 'post' });

const NO_DRIP = { unlockAfterDays: null, unlockOn: null, lesson: null };

const journey: Playlist = {
  id: testUuid(4),
  title: 'Thirty Quiet Days',
  description: 'A month of small practices.',
  slug: 'thirty-quiet-days',
  isCalendar: true,
  isCourse: false,
  enrolledAt: null,
  items: [
    { ...NO_DRIP, id: 'i2', orderIndex: 1, dayIndex: 2, video: dusk },
    { ...NO_DRIP, id: 'i1', orderIndex: 0, dayIndex: 1, video: dawn },
  ],
  isFollowing: false,
  followerCount: 0,
};
const sleepSet = { id: testUuid(5), title: 'Sleep Set', description: '', slug: 'sleep-set' };
const empty: Playlist = { ...journey, ...sleepSet, isCalendar: false, items: [] };
const summary = ({ items, ...rest }: Playlist) => ({ ...rest, itemCount: items.length });

const LIBRARY_URL = '/api/videos?limit=12';

function renderScreen(routes: Routes, { user = adminUser, path = '/admin/playlists' } = {}) {
  return renderAdminScreen(<AdminPlaylistsScreen />, {
    path,
    user,
    routes: {
      '/api/admin/playlists': { body: [summary(journey), summary(empty)] },
      '/api/playlists/thirty-quiet-days': { body: journey },
      '/api/playlists/sleep-set': { body: empty },
      [LIBRARY_URL]: { body: [dawn, dusk, noon] },
      [`/api/admin/playlists/${journey.id}/schedules`]: { body: [] },
      ...routes,
    },
  });
}

describe('/admin/playlists list', () => {
  it('tells a member Access Denied and loads nothing', async () => {
    const { calls } = renderScreen({}, { user: freeMember });
    await expectAccessDenied();
    expect(calls.some((call) => call.url.includes('playlists'))).toBe(false);
  });

  it('shows each playlist: kind, address, item count and View', async () => {
    renderScreen({});
    const card = await screen.findByRole('article', { name: 'Thirty Quiet Days' });
    expect(within(card).getByText('Calendar')).toBeInTheDocument();
    expect(await within(card).findByText('2 items')).toBeInTheDocument();
    expect(within(card).getByText('/playlists/thirty-quiet-days')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Thirty Quiet Days' })).toHaveAttribute(
      'href',
      '/playlists/thirty-quiet-days',
    );
    const plain = screen.getByRole('article', { name: 'Sleep Set' });
    expect(within(plain).getByText('Playlist')).toBeInTheDocument();
    expect(await within(plain).findByText('0 items')).toBeInTheDocument();
    expect(screen.getByText('2 playlists')).toBeInTheDocument();
  });

  it('shows loading, then invites the first playlist', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderScreen({ '/api/admin/playlists': { body: [] } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/admin/playlists') await gate;
      return realFetch(input, init);
    });
    expect(await screen.findByText('Loading playlists...')).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('No playlists yet. Create your first playlist or 30-day journey!'),
    ).toBeInTheDocument();
  });

  it('creates a playlist with a slug from the title, then opens its editor', async () => {
    const created: Playlist = {
      ...empty,
      id: testUuid(6),
      title: 'Morning Set',
      slug: 'morning-set',
    };
    let isCreated = false;
    const { calls, location } = renderScreen({
      '/api/admin/playlists': () => ({
        body: isCreated ? [summary(created), summary(journey)] : [summary(journey)],
      }),
      'POST /api/admin/playlists': () => {
        isCreated = true;
        return { status: 201, body: created };
      },
    });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Create Playlist' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Playlist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Playlist' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Morning Set!');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('morning-set');
    expect(within(dialog).getByText('/playlists/morning-set')).toBeInTheDocument();
    await submitDialog(dialog, 'Create Playlist', 'Playlist Created');
    expect(bodyOf(calls, '/api/admin/playlists', 'POST')).toEqual({
      title: 'Morning Set!',
      slug: 'morning-set',
      description: '',
      isCalendar: false,
      isCourse: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Set' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe(`/admin/playlists?edit=${created.id}`);
  });

  it('deletes after asking', async () => {
    let isDeleted = false;
    renderScreen({
      '/api/admin/playlists': () => ({
        body: isDeleted ? [summary(journey)] : [summary(journey), summary(empty)],
      }),
      [`DELETE /api/admin/playlists/${empty.id}`]: () => {
        isDeleted = true;
        return { status: 204 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sleep Set' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Playlist' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Sleep Set"?');
    await submitDialog(dialog, 'Delete Playlist', 'Playlist Deleted');
    expect(screen.queryByRole('article', { name: 'Sleep Set' })).not.toBeInTheDocument();
  });

  it('edits the details and shows the server’s message when the slug is taken', async () => {
    renderScreen({
      [`PUT /api/admin/playlists/${empty.id}`]: {
        status: 409,
        body: { message: 'A playlist with this slug already exists', code: 'SLUG_TAKEN' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details of Sleep Set' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Playlist' });
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('sleep-set');
    await userEvent.type(within(dialog).getByLabelText('Title'), ' Two');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('sleep-set');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('A playlist with this slug already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Playlist' })).toBeInTheDocument();
  });
});

describe('/admin/playlists editor', () => {
  const editorPath = `/admin/playlists?edit=${journey.id}`;

  it('lists the items in order with their days', async () => {
    renderScreen({}, { path: editorPath });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thirty Quiet Days' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Journey items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Dawn|Dusk/).textContent)).toEqual([
      'Dawn Breath',
      'Dusk Body Scan',
    ]);
    expect(within(list).getByRole('combobox', { name: 'Day for Dawn Breath' })).toHaveValue('1');
    expect(within(rows[1]!).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save items' })).toBeDisabled();
    expect(screen.getByText('2 items, all saved')).toBeInTheDocument();
  });

  it('adds from the library, reorders by keyboard, sets days and saves the whole list', async () => {
    let saved: Playlist = journey;
    const { calls } = renderScreen(
      {
        [`PUT /api/admin/playlists/${journey.id}/items`]: (init) => {
          const body = JSON.parse(String(init?.body)) as {
            items: { videoId: string; orderIndex: number; dayIndex: number | null }[];
          };
          const videos = [dawn, dusk, noon];
          saved = {
            ...journey,
            items: body.items.map((item, index) => ({
              ...NO_DRIP,
              id: `s${index}`,
              orderIndex: item.orderIndex,
              dayIndex: item.dayIndex,
              video: videos.find((video) => video.id === item.videoId)!,
            })),
          };
          return { body: saved };
        },
        '/api/videos?search=noon&limit=12': { body: [noon] },
      },
      { path: editorPath },
    );
    const picker = await screen.findByRole('region', { name: 'Add from the library' });
    await userEvent.type(within(picker).getByLabelText('Search the library'), 'noon');
    await vi.waitFor(() => expect(within(picker).queryByText('Dawn Breath')).not.toBeInTheDocument());
    await userEvent.click(within(picker).getByRole('button', { name: 'Add Noon Pause' }));

    const list = screen.getByRole('list', { name: 'Journey items' });
    expect(within(list).getByRole('combobox', { name: 'Day for Noon Pause' })).toHaveValue('3');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    // Move Noon Pause up twice with the keyboard: focus stays on it.
    const up = within(list).getByRole('button', { name: 'Move Noon Pause up' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(list).getByRole('button', { name: 'Move Noon Pause up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // At the top, focus moves to the button that can still move it.
    expect(within(list).getByRole('button', { name: 'Move Noon Pause down' })).toHaveFocus();
    expect(screen.getByText('Moved Noon Pause to position 1 of 3.')).toBeInTheDocument();
    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Day for Noon Pause' }), '');
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Dusk Body Scan' }));
    expect(within(list).queryByText('Dusk Body Scan')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save items' }));
    expect(await screen.findByText('Playlist Saved')).toBeInTheDocument();
    expect(screen.getByText('"Thirty Quiet Days" now holds 2 items.')).toBeInTheDocument();
    expect(bodyOf(calls, `/api/admin/playlists/${journey.id}/items`, 'PUT')).toEqual({
      items: [
        { videoId: noon.id, orderIndex: 0, dayIndex: null, unlockAfterDays: null, unlockOn: null },
        { videoId: dawn.id, orderIndex: 1, dayIndex: 1, unlockAfterDays: null, unlockOn: null },
      ],
    });
    expect(screen.getByRole('button', { name: 'Save items' })).toBeDisabled();
  });

  it('shows the server’s message when saving fails and keeps the changes', async () => {
    renderScreen(
      {
        [`PUT /api/admin/playlists/${journey.id}/items`]: {
          status: 400,
          body: { message: 'items: no content with id x' },
        },
      },
      { path: editorPath },
    );
    const picker = await screen.findByRole('region', { name: 'Add from the library' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Add Noon Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save items' }));
    expect(await screen.findByText('items: no content with id x')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('offers to try again when the library cannot be loaded', async () => {
    let attempts = 0;
    renderScreen(
      {
        [LIBRARY_URL]: () => {
          attempts += 1;
          return attempts === 1 ? { status: 500, body: 'boom' } : { body: [noon] };
        },
      },
      { path: editorPath },
    );
    const picker = await screen.findByRole('region', { name: 'Add from the library' });
    const alert = await within(picker).findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 3 })).toHaveTextContent(
      'The library could not be loaded',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(picker).findByRole('button', { name: 'Add Noon Pause' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { location } = renderScreen({}, { path: editorPath });
    const picker = await screen.findByRole('region', { name: 'Add from the library' });
    await userEvent.click(await within(picker).findByRole('button', { name: 'Add Noon Pause' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to Playlists' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('list', { name: 'Journey items' })).toHaveTextContent('Noon Pause');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Playlists' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Playlists' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/admin/playlists');
  });

  it('keeps the drip for a course only', () => {
    const draft = draftFrom(journey.items).map((item) => ({
      ...item,
      unlockAfterDays: 3,
      unlockOn: '2031-01-05',
    }));
    expect(itemsInput(draft, { isCalendar: false, isCourse: true })[0]).toMatchObject({
      unlockAfterDays: 3,
      unlockOn: '2031-01-05',
    });
    expect(itemsInput(draft, { isCalendar: false, isCourse: false })[0]).toMatchObject({
      unlockAfterDays: null,
      unlockOn: null,
    });
  });

  it('says an unknown playlist is not found', async () => {
    renderScreen({}, { path: '/admin/playlists?edit=nope' });
    expect(await screen.findByRole('heading', { name: 'Playlist Not Found' })).toBeInTheDocument();
  });

  it('keeps days out of a plain playlist', () => {
    const draft = draftFrom(journey.items);
    expect(itemsInput(draft, { isCalendar: false, isCourse: false }).map((item) => item.dayIndex)).toEqual([
      null,
      null,
    ]);
    expect(nextDay(draft)).toBe(3);
    expect(nextDay(draft.map((item) => ({ ...item, dayIndex: 30 })))).toBe(30);
  });
});

describe('/admin/playlists journey schedule', () => {
  const editorPath = `/admin/playlists?edit=${journey.id}`;
  const schedulesUrl = `/api/admin/playlists/${journey.id}/schedules`;

  it('schedules the journey every month, previews its dates (February leaving day 30 out) and removes it', async () => {
    let schedules: JourneySchedule[] = [];
    const everyMonth: JourneySchedule = { id: testUuid(9), startMonth: '2027-02', repeatsMonthly: true };
    const { calls } = renderScreen(
      {
        [schedulesUrl]: () => ({ body: schedules }),
        [`POST ${schedulesUrl}`]: () => {
          schedules = [everyMonth];
          return { status: 201, body: everyMonth };
        },
        [`DELETE ${schedulesUrl}/${everyMonth.id}`]: () => {
          schedules = [];
          return { status: 204 };
        },
      },
      { path: editorPath },
    );
    const panel = await screen.findByRole('region', { name: 'Schedule' });
    expect(
      await within(panel).findByText('Not scheduled yet: members do not see it on the calendar.'),
    ).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Day for Dusk Body Scan' }), '30');

    fireEvent.change(within(panel).getByLabelText('Month'), { target: { value: '2027-02' } });
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Every month from then' }));
    const february = within(panel).getByRole('region', { name: 'February 2027' });
    expect(within(february).getByText('Feb 1', { exact: false })).toHaveTextContent('Mon, Feb 1');
    expect(within(february).getByText('February 2027 has 28 days: day 30 is not shown.')).toBeInTheDocument();
    const march = within(panel).getByRole('region', { name: 'March 2027' });
    expect(within(march).getByText('Tue, Mar 30')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(bodyOf(calls, schedulesUrl, 'POST')).toEqual({ startMonth: '2027-02', repeatsMonthly: true });
    expect(await within(panel).findByText('Every month from February 2027')).toBeInTheDocument();

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Remove the schedule Every month from February 2027' }),
    );
    expect(
      await within(panel).findByText('Not scheduled yet: members do not see it on the calendar.'),
    ).toBeInTheDocument();
  });

  it('explains a missing month before asking, and the server’s refusal after', async () => {
    const { calls } = renderScreen(
      {
        [`POST ${schedulesUrl}`]: {
          status: 409,
          body: { message: 'This journey is already scheduled that way.', code: 'CONFLICT' },
        },
      },
      { path: editorPath },
    );
    const panel = await screen.findByRole('region', { name: 'Schedule' });
    const month = within(panel).getByLabelText('Month');
    fireEvent.change(month, { target: { value: '' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(within(panel).getByText('month must be written YYYY-MM, such as 2026-03')).toBeInTheDocument();
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    fireEvent.change(month, { target: { value: '2027-05' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(await within(panel).findByText('This journey is already scheduled that way.')).toBeInTheDocument();
  });

  it('shows no schedule for a plain playlist', async () => {
    renderScreen({}, { path: `/admin/playlists?edit=${empty.id}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sleep Set' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Schedule' })).not.toBeInTheDocument();
  });
});
