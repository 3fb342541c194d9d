import { clearToasts, freeMember, makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { EventOccurrence } from '@shared/schemas/events';
import type { JourneyMonth } from '@shared/schemas/journeys';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupEventsByLocalDate, MonthlyJourney } from './monthly-journey';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const walk = makeContentItem({
  id: 'w1',
  title: 'Mindful Walk',
  calendarDates: ['2025-06-14', '2025-06-20'],
});
const rest = makeContentItem({ id: 'r1', title: 'Deep Rest', type: 'video', calendarDates: ['2025-06-20'] });
const july = makeContentItem({
  id: 'j1',
  title: 'Summer Breath',
  calendarDates: ['2025-07-03', '2025-07-09'],
});

const noJourney = (month: string): JourneyMonth => ({ month, today: '2025-06-14', days: [] });

function renderCalendar(today: Date) {
  return renderWithRoutes(
    <MonthlyJourney today={today} />,
    {
      '/api/auth/user': { body: freeMember },
      '/api/videos?calendarMonth=2025-05&limit=100': { body: [] },
      '/api/videos?calendarMonth=2025-06&limit=100': { body: [walk, rest] },
      '/api/videos?calendarMonth=2025-07&limit=100': { body: [july] },
      '/api/journeys/month?month=2025-05': { body: noJourney('2025-05') },
      '/api/journeys/month?month=2025-06': { body: noJourney('2025-06') },
      '/api/journeys/month?month=2025-07': { body: noJourney('2025-07') },
      '/api/practice/days?from=2025-06-01&to=2025-06-30': {
        body: { days: [{ date: '2025-06-12', minutes: 15, sessions: 1 }] },
      },
    },
    { path: '/calendar' },
  );
}

const day = (name: RegExp) => screen.getByRole('button', { name });
const dayPanel = (name: string) => screen.getByRole('region', { name });

describe('Monthly Journey', () => {
  it("opens on today's items, with today marked and days with items dotted", async () => {
    renderCalendar(new Date(2025, 5, 14));
    expect(screen.getByRole('heading', { name: 'June 2025' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Saturday, June 14' });
    expect(within(panel).getByRole('link', { name: 'Mindful Walk' })).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Deep Rest' })).not.toBeInTheDocument();
    const today = day(/^Saturday, June 14, 2025/);
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('aria-pressed', 'true');
    expect(today).toHaveAccessibleName('Saturday, June 14, 2025, 1 item');
    expect(day(/^Friday, June 20, 2025/)).toHaveAccessibleName('Friday, June 20, 2025, 2 items');
    expect(day(/^Sunday, June 1, 2025/)).toHaveAccessibleName('Sunday, June 1, 2025');
  });

  it('marks the days the member practised', async () => {
    renderCalendar(new Date(2025, 5, 14));
    await vi.waitFor(() =>
      expect(day(/^Thursday, June 12, 2025/)).toHaveAccessibleName('Thursday, June 12, 2025, practised'),
    );
    expect(day(/^Saturday, June 14, 2025/)).toHaveAccessibleName('Saturday, June 14, 2025, 1 item');
    expect(screen.getAllByTestId('practised-mark')).toHaveLength(1);
  });

  it('starts on the first day with items when today has none', async () => {
    renderCalendar(new Date(2025, 5, 2));
    expect(await screen.findByRole('region', { name: 'Saturday, June 14' })).toBeInTheDocument();
  });

  it('lists the items of the day the member selects', async () => {
    renderCalendar(new Date(2025, 5, 14));
    await screen.findByRole('region', { name: 'Saturday, June 14' });
    await userEvent.click(day(/^Friday, June 20/));
    const panel = dayPanel('Friday, June 20');
    expect(within(panel).getAllByRole('article')).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'Deep Rest' })).toBeInTheDocument();
    expect(day(/^Friday, June 20/)).toHaveAttribute('aria-pressed', 'true');
    expect(day(/^Saturday, June 14/)).toHaveAttribute('aria-pressed', 'false');
  });

  it('moves between days with the arrow keys and selects with Enter', async () => {
    renderCalendar(new Date(2025, 5, 14));
    await screen.findByRole('region', { name: 'Saturday, June 14' });
    // One tab stop in the month: the selected day.
    expect(day(/^Saturday, June 14/)).toHaveAttribute('tabindex', '0');
    expect(day(/^Friday, June 13/)).toHaveAttribute('tabindex', '-1');
    day(/^Saturday, June 14/).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(day(/^Saturday, June 21/)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(day(/^Friday, June 20/)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(dayPanel('Friday, June 20')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(
      within(dayPanel('Saturday, June 21')).getByText(/Nothing is scheduled for this day/),
    ).toBeInTheDocument();
    // Home and End stop on the month's first and last day, and the arrows go no further.
    await userEvent.keyboard('{Home}');
    expect(day(/^Sunday, June 1,/)).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowDown}');
    expect(day(/^Monday, June 30,/)).toHaveFocus();
  });

  it('moves back and forth by month', async () => {
    const { calls } = renderCalendar(new Date(2025, 5, 14));
    await screen.findByRole('region', { name: 'Saturday, June 14' });

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'July 2025' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Thursday, July 3' })).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/videos?calendarMonth=2025-07&limit=100');

    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: 'May 2025' })).toBeInTheDocument();
    expect(await screen.findByText('No calendar content available at the moment.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to this month' }));
    expect(screen.getByRole('heading', { name: 'June 2025' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Saturday, June 14' })).toBeInTheDocument();
  });
});

const sundaySit = (startsAt: string): EventOccurrence => ({
  eventId: '5b7f2c9e-2f57-4d59-9a4f-2d0a8f3c1e01',
  title: 'Sunday evening group sit',
  isPremium: false,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  timeZone: 'Europe/London',
  durationMinutes: 30,
  location: null,
  joinUrl: null,
  hasJoinLink: true,
  joinOpensAt: startsAt,
  capacity: null,
  goingCount: 2,
  waitlistCount: 0,
  myRsvp: null,
});

describe('live events on the calendar', () => {
  // Sunday 19:00 in London (18:00 UTC in summer, 19:00 UTC in winter), as members see it.
  it.each([
    ['2025-06-15T18:00:00.000Z', 'Europe/London', '2025-06-15'],
    ['2025-06-15T18:00:00.000Z', 'America/Los_Angeles', '2025-06-15'],
    ['2025-06-15T18:00:00.000Z', 'Pacific/Auckland', '2025-06-16'],
    ['2025-06-15T18:00:00.000Z', 'Europe/Berlin', '2025-06-15'],
    // Sunday 19:00 in Los Angeles is Monday in UTC, and still Sunday for a member there.
    ['2025-06-16T02:00:00.000Z', 'America/Los_Angeles', '2025-06-15'],
    // Sunday 07:00 in Auckland is Saturday in UTC, and still Sunday for a member there.
    ['2025-06-14T19:00:00.000Z', 'Pacific/Auckland', '2025-06-15'],
    // Across DST: the last Sunday of October, 19:00 London after the change (19:00 UTC).
    ['2025-10-26T19:00:00.000Z', 'Europe/London', '2025-10-26'],
  ])('an occurrence at %s is on the local day of a member in %s (%s)', (startsAt, zone, day) => {
    const month = day.slice(0, 7);
    const byDate = groupEventsByLocalDate([sundaySit(startsAt)], month, zone);
    expect([...byDate.keys()]).toEqual([day]);
  });

  it('shows the month’s occurrences on their days, linking to the event, beside the items', async () => {
    const from = encodeURIComponent(new Date(2025, 5, 1).toISOString());
    const to = encodeURIComponent(new Date(2025, 6, 1).toISOString());
    renderWithRoutes(
      <MonthlyJourney today={new Date(2025, 5, 14)} />,
      {
        '/api/auth/user': { body: freeMember },
        '/api/videos?calendarMonth=2025-06&limit=100': { body: [walk] },
        '/api/journeys/month?month=2025-06': { body: noJourney('2025-06') },
        [`/api/events?from=${from}&to=${to}`]: { body: [sundaySit('2025-06-15T12:00:00.000Z')] },
        '/api/practice/days?from=2025-06-01&to=2025-06-30': { body: { days: [] } },
      },
      { path: '/calendar' },
    );
    expect(await screen.findByRole('button', { name: 'Sunday, June 15, 2025, 1 item' })).toBeInTheDocument();
    await userEvent.click(day(/^Sunday, June 15, 2025/));
    const panel = dayPanel('Sunday, June 15');
    expect(within(panel).getByRole('link', { name: /Sunday evening group sit/ })).toHaveAttribute(
      'href',
      '/video/5b7f2c9e-2f57-4d59-9a4f-2d0a8f3c1e01',
    );
    expect(within(panel).queryByText(/Nothing is scheduled/)).not.toBeInTheDocument();
  });
});

describe('scheduled journeys on the calendar', () => {
  const breath = makeContentItem({ id: 'b1', title: 'Arriving Breath', calendarDates: [] });
  const scan = makeContentItem({ id: 's1', title: 'Body Scan', calendarDates: [] });
  const journeyMonth = (month: string): JourneyMonth => ({
    month,
    today: '2025-06-14',
    days: [
      {
        date: `${month}-01`,
        dayIndex: 1,
        journey: { slug: 'calm', title: 'Thirty Days of Calm' },
        item: breath,
      },
      {
        date: `${month}-02`,
        dayIndex: 2,
        journey: { slug: 'calm', title: 'Thirty Days of Calm' },
        item: scan,
      },
    ],
  });

  it('shows the journey next month too, with nothing typed, and says which day of it each is', async () => {
    renderWithRoutes(
      <MonthlyJourney today={new Date(2025, 5, 14)} />,
      {
        '/api/auth/user': { body: freeMember },
        '/api/videos?calendarMonth=2025-06&limit=100': { body: [walk] },
        '/api/videos?calendarMonth=2025-07&limit=100': { body: [] },
        '/api/journeys/month?month=2025-06': { body: journeyMonth('2025-06') },
        '/api/journeys/month?month=2025-07': { body: journeyMonth('2025-07') },
        '/api/practice/days?from=2025-06-01&to=2025-06-30': { body: { days: [] } },
        '/api/practice/days?from=2025-07-01&to=2025-07-31': { body: { days: [] } },
      },
      { path: '/calendar' },
    );
    // June: the typed date and the journey's days side by side.
    expect(await screen.findByRole('button', { name: 'Sunday, June 1, 2025, 1 item' })).toBeInTheDocument();
    expect(day(/^Saturday, June 14, 2025/)).toHaveAccessibleName('Saturday, June 14, 2025, 1 item');

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    const panel = await screen.findByRole('region', { name: 'Tuesday, July 1' });
    expect(within(panel).getByText('Day 1 of Thirty Days of Calm')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Arriving Breath' })).toBeInTheDocument();
    expect(day(/^Wednesday, July 2, 2025/)).toHaveAccessibleName('Wednesday, July 2, 2025, 1 item');
  });
});
