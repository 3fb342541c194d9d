import type { PracticeSummary } from '@shared/schemas/practice';
import { screen } from '@testing-library/react';
import type { Routes } from './render';

/**
 * A practice summary for the week of Monday 23 November 2026, one number of minutes a day;
 * "today" is Wednesday the 25th.
 */
export function makePracticeSummary(sessions: number, weekMinutes: number[]): PracticeSummary {
  const daily = weekMinutes.map((minutes, index) => ({
    date: `2026-11-${String(23 + index).padStart(2, '0')}`,
    minutes,
    sessions: minutes > 0 ? 1 : 0,
  }));
  const minutes = weekMinutes.reduce((sum, value) => sum + value, 0);
  const days = daily.filter((day) => day.sessions > 0).length;
  return {
    date: '2026-11-25',
    today: { minutes: weekMinutes[2] ?? 0 },
    week: { minutes, days, daily },
    month: { minutes, days },
    total: { minutes, sessions, days },
    streak: { enabled: false, current: days, longest: days },
  };
}

/**
 * Everything the member home screen asks for, empty, with one ten-minute session this week;
 * a test overrides the answers it is about.
 */
export function homeRoutes(overrides: Routes = {}): Routes {
  return {
    '/api/announcements': { body: [] },
    '/api/practice/summary': { body: makePracticeSummary(1, [10, 0, 0, 0, 0, 0, 0]) },
    '/api/practice/settings': {
      body: { timeZone: 'Europe/London', dayStartHour: 0, showStreaks: false, digestEmail: false },
    },
    '/api/progress': { body: [] },
    '/api/playlists': { body: [] },
    // A subscriber's suggestions, and a free member's (free items only; videos when no audio is free).
    '/api/videos?type=audio&limit=24': { body: [] },
    '/api/videos?type=audio&access=free&limit=24': { body: [] },
    '/api/videos?type=video&limit=24': { body: [] },
    '/api/videos?type=video&access=free&limit=24': { body: [] },
    '/api/videos?calendarMonth=2026-11&limit=100': { body: [] },
    '/api/journeys/month?month=2026-11': { body: { month: '2026-11', today: '2026-11-25', days: [] } },
    ...overrides,
  };
}

/**
 * The home screen's greeting (its h1), which waits for the member's practice before it chooses:
 * the home screen's code loads first, so this waits as long as any query does (the setup's
 * asyncUtilTimeout), not a shorter time a loaded machine can exceed.
 */
export function findHomeGreeting(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}
