import { activateLocale } from '@client/lib/i18n';
import { renderWithRoutes } from '@client/testing/render';
import type { Event, EventOccurrence } from '@shared/schemas/events';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventPanel, formatEventTime } from './event-panel';

beforeEach(() => activateLocale('de', ['events']));
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const ID = '0d6f3a52-7a2b-4c1e-9d57-3f1c2b9e8a10';
const occurrence = (startsAt: string, values: Partial<EventOccurrence> = {}): EventOccurrence => ({
  eventId: ID,
  title: 'Sonntagabend',
  isPremium: true,
  startsAt,
  endsAt: startsAt,
  timeZone: 'Europe/Berlin',
  durationMinutes: 30,
  location: null,
  joinUrl: null,
  hasJoinLink: true,
  joinOpensAt: '2031-03-16T18:45:00.000Z',
  capacity: 2,
  goingCount: 2,
  waitlistCount: 1,
  myRsvp: 'waitlist',
  ...values,
});
const event: Event = {
  eventId: ID,
  title: 'Sonntagabend',
  isPremium: true,
  timeZone: 'Europe/Berlin',
  recurrence: 'FREQ=WEEKLY;BYDAY=SU',
  replay: { id: 'r1', type: 'audio', title: 'Letzte Woche' },
  occurrences: [occurrence('2031-03-16T19:00:00.000Z'), occurrence('2031-03-23T19:00:00.000Z')],
};

describe('the event panel in German', () => {
  it('gives times, attendance, the RSVP and the join note in German, with no key on screen', async () => {
    renderWithRoutes(<EventPanel eventId={ID} />, { [`/api/events/${ID}`]: { body: event } });
    expect(await screen.findByRole('heading', { name: 'Nächste Sitzung' })).toBeInTheDocument();
    expect(screen.getByTestId('attendance')).toHaveTextContent(
      '2 von 2 Plätzen belegt, 1 auf der Warteliste',
    );
    expect(screen.getByText('Du stehst auf der Warteliste.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Absagen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'In den Kalender' })).toBeInTheDocument();
    expect(
      screen.getByText(/Der Link zum Teilnehmen erscheint hier ab .*, für Premium-Mitglieder\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aufzeichnung anhören' })).toBeInTheDocument();
    // The days and months are German words (Intl in the member's language).
    expect(formatEventTime('2031-03-23T19:00:00.000Z', 'Europe/Berlin')).toMatch(/Sonntag, 23\. März/);
    expect(screen.getByText(formatEventTime('2031-03-23T19:00:00.000Z'))).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/events\.[a-z]+\.?[a-z]/i);
  });
});
