import { activateLocale } from '@client/lib/i18n';
import { freeMember, makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { JourneyMonth } from '@shared/schemas/journeys';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MonthlyJourney } from './monthly-journey';

beforeEach(() => activateLocale('es', ['calendar', 'library']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const walk = makeContentItem({ id: 'w1', title: 'Paseo atento', calendarDates: ['2025-06-14'] });
const journey: JourneyMonth = { month: '2025-06', today: '2025-06-14', days: [] };

describe('the monthly journey in Spanish', () => {
  it('names the month, weekdays, days and buttons in Spanish, and shows no key', async () => {
    renderWithRoutes(
      <MonthlyJourney today={new Date(2025, 5, 14)} />,
      {
        '/api/auth/user': { body: freeMember },
        '/api/videos?calendarMonth=2025-06&limit=100': { body: [walk] },
        '/api/journeys/month?month=2025-06': { body: journey },
        '/api/practice/days?from=2025-06-01&to=2025-06-30': {
          body: { days: [{ date: '2025-06-12', minutes: 15, sessions: 1 }] },
        },
      },
      { path: '/calendar' },
    );
    expect(screen.getByRole('heading', { name: 'junio de 2025' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'sábado, 14 de junio' });
    expect(within(panel).getByRole('link', { name: 'Paseo atento' })).toBeInTheDocument();
    const sunday = screen.getAllByRole('columnheader')[0];
    expect(sunday).toHaveAttribute('abbr', 'domingo');
    expect(sunday).toHaveTextContent('dom');
    expect(
      screen.getByRole('button', { name: 'sábado, 14 de junio de 2025, 1 elemento' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'jueves, 12 de junio de 2025, practicado' }),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/calendar\.\w/);
  });
});
