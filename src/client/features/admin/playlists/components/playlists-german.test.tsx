import { setUpAdminScreenTests, testUuid } from '@client/features/admin/kit/testing';
import { activateLocale } from '@client/lib/i18n';
import { makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { Playlist } from '@shared/schemas/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JourneySchedulePanel } from './journey-schedule';
import { AdminPlaylistCard } from './playlist-card';
import { PlaylistEditor } from './playlist-editor';

// The playlist editor, its library picker, the journey schedule and the card in German (issue 37):
// plurals, day names, month names and the teacher's titles as written; no key id shows.
setUpAdminScreenTests();

beforeEach(async () => {
  await activateLocale('de', ['common', 'admin', 'errors']);
});

afterEach(async () => {
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/admin\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label], [placeholder]')) {
    expect(element.getAttribute('aria-label') ?? '').not.toMatch(/admin\.[a-z]/);
    expect(element.getAttribute('placeholder') ?? '').not.toMatch(/admin\.[a-z]/);
  }
}

const dawn = makeContentItem({ id: testUuid(1), title: 'Dawn Breath' });
const dusk = makeContentItem({ id: testUuid(2), title: 'Dusk Body Scan', type: 'video', isPublished: false });
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
    { ...NO_DRIP, id: 'i1', orderIndex: 0, dayIndex: 1, video: dawn },
    { ...NO_DRIP, id: 'i2', orderIndex: 1, dayIndex: null, video: dusk },
  ],
  isFollowing: false,
  followerCount: 0,
};
const { items, ...rest } = journey;
const summary = { ...rest, itemCount: items.length };
const noop = () => undefined;

describe('the admin playlists in German', () => {
  it('edits a journey in German: status, days, moves and the library', async () => {
    renderWithRoutes(
      <PlaylistEditor summary={summary} playlist={journey} onEditDetails={noop} />,
      {
        '/api/videos?limit=12': { body: [dawn, dusk] },
        [`/api/admin/playlists/${journey.id}/schedules`]: { body: [] },
        [`PUT /api/admin/playlists/${journey.id}/items`]: { body: { ...journey, items: journey.items } },
      },
      { toaster: true },
    );
    expect(screen.getByRole('heading', { name: 'Tage der Reise' })).toBeInTheDocument();
    expect(screen.getByText('2 Inhalte, alles gespeichert')).toBeInTheDocument();
    expect(
      screen.getByText('1 Inhalt hat keinen Tag; Mitglieder sehen ihn unter „Jederzeit“.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tag für Dawn Breath' })).toHaveDisplayValue('Tag 1');

    const list = screen.getByRole('list', { name: 'Inhalte der Reise' });
    await userEvent.click(within(list).getByRole('button', { name: 'Dusk Body Scan nach oben' }));
    expect(screen.getByText('Dusk Body Scan auf Position 1 von 2 verschoben.')).toBeInTheDocument();
    expect(screen.getByText('Ungespeicherte Änderungen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Inhalte speichern' }));
    expect(await screen.findByText('Playlist gespeichert')).toBeInTheDocument();
    expect(screen.getByText('„Thirty Quiet Days“ enthält jetzt 2 Inhalte.')).toBeInTheDocument();

    const picker = await screen.findByRole('region', { name: 'Aus der Bibliothek hinzufügen' });
    expect(await within(picker).findByRole('button', { name: 'Dawn Breath hinzufügen' })).toBeInTheDocument();
    expect(within(picker).getAllByText('In dieser Playlist')).toHaveLength(2);
    expect(within(picker).getByText('Entwurf')).toBeInTheDocument();
    expect(
      await screen.findByText('Noch nicht geplant: Mitglieder sehen es nicht im Kalender.'),
    ).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('previews a month in German, naming the days February leaves out', async () => {
    renderWithRoutes(
      <JourneySchedulePanel
        playlistId={journey.id}
        title={journey.title}
        dayIndexes={[1, 30, 31]}
        today={new Date(2027, 1, 10)}
      />,
      { [`/api/admin/playlists/${journey.id}/schedules`]: { body: [] } },
    );
    const february = screen.getByRole('region', { name: 'Februar 2027' });
    expect(
      within(february).getByText('Februar 2027 hat 28 Tage: Tag 30, Tag 31 werden nicht angezeigt.'),
    ).toBeInTheDocument();
    expect(within(february).getByText(/Tag 1:/)).toHaveTextContent('Tag 1: Mo., 1. Feb.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ab dann jeden Monat' }));
    expect(screen.getByRole('region', { name: 'März 2027' })).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('counts a playlist card’s items in German', () => {
    renderWithRoutes(
      <AdminPlaylistCard
        playlist={{ ...summary, itemCount: 1 }}
        onOpen={noop}
        onEdit={noop}
        onDelete={noop}
      />,
      {},
    );
    expect(screen.getByText('1 Inhalt')).toBeInTheDocument();
    expect(screen.getByText('Kalender')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Inhalte von Thirty Quiet Days bearbeiten' }),
    ).toBeInTheDocument();
    expectNoKeyIds();
  });
});
