import { adminScreenTests } from '@client/features/admin/kit/testing';
import type { ContentAnalytics } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTimeZone } from '../api/content-analytics';
import { CONTENT_LOAD_ERROR, ContentSection, NO_PLAYS_TITLE } from './content-section';

const weeks = [
  '2026-09-07',
  '2026-09-14',
  '2026-09-21',
  '2026-09-28',
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];
const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

function makeFigures(days: number, plays = 42): ContentAnalytics {
  return {
    days,
    timeZone: browserTimeZone(),
    computedAt: '2026-11-28T04:20:00Z',
    totals: { plays, minutesListened: 1234.5, completionRate: plays ? 61.9 : null, listeners: 17 },
    topItems: plays
      ? [
          {
            id: 'a',
            title: 'Body scan',
            type: 'audio',
            plays: 30,
            minutesListened: 280.3,
            completionRate: 70,
            listeners: 12,
          },
          {
            id: 'b',
            title: 'Open talk',
            type: 'video',
            plays: 12,
            minutesListened: 9.5,
            completionRate: null,
            listeners: 5,
          },
        ]
      : [],
    weeklyActiveMembers: weeks.map((week, index) => ({ week, members: index * 2 })),
    retention: months.map((month, index) => ({
      month,
      members: 10,
      measured: index < 11 ? 10 : 0,
      retained: index < 11 ? 3 : 0,
      rate: index < 11 ? 30 : null,
    })),
    questionnaire: {
      submissions: 9,
      members: 7,
      weeks: weeks.map((week, index) => ({
        week,
        submissions: index === 11 ? 2 : 0,
        members: index === 11 ? 2 : 0,
      })),
    },
  };
}

const url = (days: number) =>
  `/api/admin/analytics/content?days=${days}&timeZone=${encodeURIComponent(browserTimeZone())}`;
const render = adminScreenTests(<ContentSection />, '/admin/analytics');

describe('the Content section of /admin/analytics', () => {
  it('shows the window’s figures, the top items and each chart with its table', async () => {
    render({ [url(30)]: { body: makeFigures(30) } });
    const section = await screen.findByRole('region', { name: 'Content' });
    const table = await within(section).findByRole('table', { name: 'Most played, last 30 days' });
    // The figures are stored answers: the section says when they were computed.
    expect(
      within(section).getByText(
        /^Figures as of Nov 28, 2026, .*; they are brought up to date every 10 minutes\.$/,
      ),
    ).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Body scan3028070.0%12', 'Open talk129.5–5']);
    expect(within(section).getByText('1,235')).toBeInTheDocument(); // minutes, whole from 100 on
    expect(within(section).getByText('61.9%')).toBeInTheDocument();
    // Each chart is an image named for what it shows, with its figures one click away.
    expect(within(section).getByRole('img', { name: /Weekly active members/ })).toBeInTheDocument();
    await userEvent.click(within(section).getByText('Show weekly active members as a table'));
    const weekly = within(section).getByRole('table', { name: 'Weekly active members' });
    expect(within(weekly).getByRole('row', { name: 'Nov 23 22' })).toBeInTheDocument();
    const retention = within(section).getByRole('table', { name: '4-week retention' });
    expect(within(retention).getByRole('row', { name: 'Oct 2026 10 10 3 30.0%' })).toBeInTheDocument();
    // A month nobody can be measured in yet has no rate.
    expect(within(retention).getByRole('row', { name: 'Nov 2026 10 0 0 –' })).toBeInTheDocument();
    expect(within(section).getByText('Questionnaires completed').parentElement).toHaveTextContent('9');
  });

  it('switches the window: 90 days asks for 90 days and says so', async () => {
    const { calls } = render({
      [url(30)]: { body: makeFigures(30) },
      [url(90)]: { body: makeFigures(90) },
    });
    await screen.findByRole('table', { name: 'Most played, last 30 days' });
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: '90 days' }));
    expect(await screen.findByRole('table', { name: 'Most played, last 90 days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.url)).toContain(url(90));
  });

  it('says No plays yet before anyone listens, and still shows the weeks', async () => {
    const figures = makeFigures(30, 0);
    const unmeasured = figures.retention.map((cohort) => ({
      ...cohort,
      measured: 0,
      retained: 0,
      rate: null,
    }));
    render({ [url(30)]: { body: { ...figures, retention: unmeasured } } });
    expect(await screen.findByRole('heading', { name: NO_PLAYS_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Most played/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Weekly active members/ })).toBeInTheDocument();
    // A chart with no bar at all says why instead of drawing an empty box.
    expect(screen.queryByRole('img', { name: /4-week retention/ })).not.toBeInTheDocument();
    expect(screen.getByText(/No member who can be measured has come back/)).toBeInTheDocument();
  });

  it('shows placeholders while loading', () => {
    render({ [url(30)]: { never: true } });
    expect(screen.getByRole('status', { name: 'Loading content figures' })).toBeInTheDocument();
    expect(screen.getAllByTestId('content-skeleton')).toHaveLength(4);
  });

  it('says the figures could not be loaded, and can try again', async () => {
    let attempts = 0;
    render({
      [url(30)]: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: 'boom' } : { body: makeFigures(30) };
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTENT_LOAD_ERROR);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Most played, last 30 days' })).toBeInTheDocument();
  });
});
