import { renderWithRoutes } from '@client/testing/render';
import type { Event, EventOccurrence } from '@shared/schemas/events';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventPanel } from './event-panel';

afterEach(() => vi.unstubAllGlobals());

const ID = '0d6f3a52-7a2b-4c1e-9d57-3f1c2b9e8a10';
const occurrence = (values: Partial<EventOccurrence> = {}): EventOccurrence => ({
  eventId: ID,
  title: 'Sunday evening group sit',
  isPremium: false,
  startsAt: '2031-03-16T19:00:00.000Z',
  endsAt: '2031-03-16T19:30:00.000Z',
  timeZone: 'Europe/London',
  durationMinutes: 30,
  location: null,
  joinUrl: null,
  hasJoinLink: true,
  joinOpensAt: '2031-03-16T18:45:00.000Z',
  capacity: 2,
  goingCount: 1,
  waitlistCount: 0,
  myRsvp: null,
  ...values,
});
const event = (occurrences: EventOccurrence[]): Event => ({
  eventId: ID,
  title: 'Sunday evening group sit',
  isPremium: false,
  timeZone: 'Europe/London',
  recurrence: 'FREQ=WEEKLY;BYDAY=SU',
  replay: null,
  occurrences,
});

describe('EventPanel', () => {
  it('shows the next time, the attendance, RSVP and the calendar file, and answers going', async () => {
    let answered = false;
    const { calls } = renderWithRoutes(<EventPanel eventId={ID} />, {
      [`/api/events/${ID}`]: () => ({
        body: event([answered ? occurrence({ myRsvp: 'going', goingCount: 2 }) : occurrence()]),
      }),
      [`POST /api/events/${ID}/rsvp`]: () => {
        answered = true;
        return {
          body: { occurrence: '2031-03-16T19:00:00.000Z', myRsvp: 'going', goingCount: 2, waitlistCount: 0 },
        };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Next session' })).toBeInTheDocument();
    expect(screen.getByText('1 going of 2 places')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/events/${ID}.ics`,
    );
    expect(screen.queryByRole('link', { name: 'Join now' })).not.toBeInTheDocument();
    expect(screen.getByText(/The join link appears here from/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Going' }));
    expect(await screen.findByText('You are going.')).toBeInTheDocument();
    expect(screen.getByText('2 going of 2 places')).toBeInTheDocument();
    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      going: true,
      occurrence: '2031-03-16T19:00:00.000Z',
    });
  });

  it('offers the waitlist when full, and the join link once the server sends it', async () => {
    renderWithRoutes(<EventPanel eventId={ID} />, {
      [`/api/events/${ID}`]: {
        body: event([occurrence({ goingCount: 2, joinUrl: 'https://meet.example/sit' })]),
      },
    });
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      'https://meet.example/sit',
    );
  });

  it('shows nothing for an event item whose time is not set yet', async () => {
    const { container } = renderWithRoutes(<EventPanel eventId={ID} />, {
      [`/api/events/${ID}`]: { status: 404, body: { message: 'Event not found' } },
    });
    await vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('links the replay once the organiser attached one', async () => {
    const replayId = '7d1c1f9e-7b0a-4f53-9a55-2d8e0f1d4c11';
    renderWithRoutes(<EventPanel eventId={ID} />, {
      [`/api/events/${ID}`]: {
        body: { ...event([]), replay: { id: replayId, title: 'Sunday sit, 15 March', type: 'video' } },
      },
    });
    expect(await screen.findByRole('link', { name: 'Watch the replay' })).toHaveAttribute(
      'href',
      `/video/${replayId}`,
    );
    expect(screen.getByText(/Sunday sit, 15 March/)).toBeInTheDocument();
  });
});
