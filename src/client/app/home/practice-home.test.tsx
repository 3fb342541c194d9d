import MemberHomeScreen from '@client/app/routes/home';
import { pickToday } from '@client/features/practice/today';
import { activateLocale, namespaces } from '@client/lib/i18n';
import { freeMember, makeContentItem } from '@client/testing/content';
import { findHomeGreeting, homeRoutes, makePracticeSummary } from '@client/testing/home';
import { renderWithProviders, stubFetch } from '@client/testing/render';
import type { ContentItem } from '@shared/schemas/content';
import type { JourneyDay } from '@shared/schemas/journeys';
import type { PracticeSummary } from '@shared/schemas/practice';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** One day of a journey scheduled this month, on its date. */
const journeyDay = (date: string, video: ContentItem): JourneyDay => ({
  date,
  dayIndex: Number(date.slice(8, 10)),
  journey: { slug: 'journey', title: 'Journey' },
  item: video,
});

afterEach(() => vi.unstubAllGlobals());

const item = (id: string, overrides: Partial<ContentItem> = {}) => makeContentItem({ id, ...overrides });
const summary = makePracticeSummary;

function renderHome(practice: PracticeSummary, progress: unknown[] = []) {
  const calendarItem = item('scheduled', {
    title: 'Evening body scan',
    duration: 1500,
    calendarDates: ['2026-11-25'],
  });
  vi.stubGlobal(
    'fetch',
    stubFetch(
      homeRoutes({
        '/api/auth/user': { body: freeMember },
        '/api/practice/summary': { body: practice },
        '/api/progress': { body: progress },
        '/api/videos?type=audio&access=free&limit=24': {
          body: [
            item('long', { title: 'Long rest', duration: 1800 }),
            item('short', { title: 'Three breaths', duration: 180 }),
          ],
        },
        '/api/videos?calendarMonth=2026-11&limit=100': { body: [calendarItem] },
      }),
    ).fetch,
  );
  return renderWithProviders(<MemberHomeScreen />);
}

describe('Home', () => {
  it('welcomes a member with no history and offers one short session (not a long scheduled one) to start', async () => {
    renderHome(summary(0, [0, 0, 0, 0, 0, 0, 0]));
    expect(await findHomeGreeting('Welcome to Stillpoint, Maya')).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const start = await screen.findByRole('region', { name: 'Start here' });
    expect(await within(start).findByText('Three breaths')).toBeInTheDocument();
    expect(within(start).getByRole('link', { name: /Begin/ })).toHaveAttribute('href', '/video/short');
    expect(screen.queryByRole('region', { name: 'Your week' })).not.toBeInTheDocument();
  });

  it("shows a returning member today's item, where they left off and their week in words", async () => {
    const unfinished = item('half', { title: 'Loving kindness', duration: 900 });
    renderHome(summary(3, [10, 0, 25, 0, 0, 0, 0]), [
      {
        videoId: 'half',
        positionSeconds: 300,
        completed: false,
        updatedAt: '2026-11-24T20:00:00Z',
        video: unfinished,
      },
    ]);
    expect(await findHomeGreeting(/Welcome back to your journey, Maya/)).toBeInTheDocument();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('Evening body scan')).toBeInTheDocument();
    const resume = await screen.findByRole('region', { name: 'Continue' });
    expect(within(resume).getByText('5:00 of 15:00')).toBeInTheDocument();
    expect(within(resume).getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/video/half');
    const week = screen.getByRole('region', { name: 'Your week' });
    expect(within(week).getByText('35 minutes on 2 days this week.')).toBeInTheDocument();
    const strip = within(week).getByRole('list', { name: 'This week, day by day' });
    expect(within(strip).getByText('Monday 23 November: practised, 10 minutes')).toBeInTheDocument();
    expect(
      within(strip).getByText('Wednesday 25 November (today): practised, 25 minutes'),
    ).toBeInTheDocument();
    expect(within(strip).getByText('Thursday 26 November: still to come')).toBeInTheDocument();
    // What's New stays below.
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });
});

describe('Home: a free member’s suggestion', () => {
  /** A catalogue whose newest 24 audio items are all premium, with a free session further down. */
  function renderFreeMemberHome(routes: Record<string, { body: unknown }>) {
    vi.stubGlobal(
      'fetch',
      stubFetch(
        homeRoutes({
          '/api/auth/user': { body: freeMember },
          '/api/videos?type=audio&limit=24': {
            body: Array.from({ length: 24 }, (_, index) =>
              item(`premium-${index}`, { title: `Premium ${index}`, duration: 300, isPremium: true }),
            ),
          },
          ...routes,
        }),
      ).fetch,
    );
    return renderWithProviders(<MemberHomeScreen />);
  }

  it('asks the server for free audio, so a free session past the first 24 premium ones is suggested', async () => {
    renderFreeMemberHome({
      '/api/videos?type=audio&access=free&limit=24': {
        body: [item('free-far', { title: 'Settling the breath', duration: 420 })],
      },
    });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('Settling the breath')).toBeInTheDocument();
    expect(within(today).getByRole('link', { name: /Begin/ })).toHaveAttribute('href', '/video/free-far');
  });

  it('suggests a free video when no audio is free', async () => {
    renderFreeMemberHome({
      '/api/videos?type=video&access=free&limit=24': {
        body: [item('free-video', { type: 'video', title: 'Gentle stretch', duration: 600 })],
      },
    });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(await within(today).findByText('Gentle stretch')).toBeInTheDocument();
  });
});

describe('Home, translated', () => {
  afterEach(() => activateLocale('en', [...namespaces]));

  it('greets a returning member in German, with their week in German words', async () => {
    await activateLocale('de', [...namespaces]);
    const unfinished = item('half', { title: 'Loving kindness', duration: 900 });
    renderHome(summary(3, [10, 0, 25, 0, 0, 0, 0]), [
      {
        videoId: 'half',
        positionSeconds: 300,
        completed: false,
        updatedAt: '2026-11-24T20:00:00Z',
        video: unfinished,
      },
    ]);
    expect(await findHomeGreeting(/Willkommen zurück auf deinem Weg, Maya/)).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Heute' })).toBeInTheDocument();
    const resume = await screen.findByRole('region', { name: 'Weiter' });
    expect(within(resume).getByText('5:00 von 15:00')).toBeInTheDocument();
    expect(
      within(resume).getByRole('progressbar', { name: 'Fortschritt in Loving kindness' }),
    ).toBeInTheDocument();
    const week = screen.getByRole('region', { name: 'Deine Woche' });
    expect(within(week).getByText('35 Minuten an 2 Tagen diese Woche.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Wege zu üben' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/account\.[a-z]/);
  });
});

describe('pickToday', () => {
  const viewer = { isAdmin: false, subscriptionStatus: null };
  it("prefers today's scheduled item, then the journey's day, then the shortest playable item", () => {
    const scheduled = item('a', { calendarDates: ['2026-11-25'] });
    // Day 25 of a journey scheduled this month, and day 24 (yesterday's, not today's).
    const journeyDays = [journeyDay('2026-11-24', item('day-24')), journeyDay('2026-11-25', item('day-25'))];
    const premiumShort = item('premium', { duration: 60, isPremium: true });
    const suggestions = [item('long', { duration: 1200 }), premiumShort, item('short', { duration: 300 })];
    const base = { today: '2026-11-25', viewer, suggestions };
    expect(pickToday({ ...base, calendarItems: [scheduled], journeyDays })?.item.id).toBe('a');
    expect(pickToday({ ...base, calendarItems: [], journeyDays })).toMatchObject({
      reason: 'journey',
      item: { id: 'day-25' },
    });
    expect(pickToday({ ...base, calendarItems: [], journeyDays: [] })).toMatchObject({
      reason: 'suggestion',
      item: { id: 'short' },
    });
    expect(pickToday({ ...base, suggestions: [], calendarItems: [], journeyDays: [] })).toBeNull();
  });

  it("passes over today's premium items for a free member while a free one is there", () => {
    const lockedToday = item('locked-today', { calendarDates: ['2026-11-25'], isPremium: true });
    const journeyDays = [journeyDay('2026-11-25', item('locked-day', { isPremium: true }))];
    const free = item('free', { duration: 300 });
    const base = { today: '2026-11-25', viewer, calendarItems: [lockedToday], journeyDays };
    expect(pickToday({ ...base, suggestions: [free] })).toMatchObject({
      reason: 'suggestion',
      item: { id: 'free' },
    });
    // A subscriber gets today's item as scheduled.
    const subscriber = { isAdmin: false, subscriptionStatus: 'active' as const };
    expect(pickToday({ ...base, viewer: subscriber, suggestions: [free] })?.item.id).toBe('locked-today');
    // With nothing free at all, today's item is still named (the card marks it premium).
    expect(pickToday({ ...base, suggestions: [] })?.item.id).toBe('locked-today');
    expect(pickToday({ ...base, calendarItems: [], suggestions: [] })?.item.id).toBe('locked-day');
  });
});
