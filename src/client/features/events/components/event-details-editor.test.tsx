import { bodyOf, renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventDetailsEditor } from './event-details-editor';

afterEach(() => vi.unstubAllGlobals());

const ID = '0d6f3a52-7a2b-4c1e-9d57-3f1c2b9e8a10';

describe('EventDetailsEditor', () => {
  it('sets a weekly time in the organiser zone, previews the next sessions and saves the instant', async () => {
    const { calls } = renderWithRoutes(<EventDetailsEditor eventId={ID} />, {
      [`/api/admin/events/${ID}`]: { status: 404, body: { message: 'Event details not found' } },
      [`PUT /api/admin/events/${ID}`]: { body: {} },
    });
    const start = await screen.findByLabelText("Starts (organiser's time)");
    await userEvent.type(start, '2031-01-05T19:00');
    const zone = screen.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Berlin');
    // 5 January 2031 is a Sunday: every week starts on the start's own day.
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'Every week');
    expect(screen.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
    const preview = screen.getByRole('list', { name: 'Next sessions (your time)' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Save event time' }));
    await vi.waitFor(() => expect(bodyOf(calls, `/api/admin/events/${ID}`, 'PUT')).toBeDefined());
    expect(bodyOf(calls, `/api/admin/events/${ID}`, 'PUT')).toMatchObject({
      startsAt: '2031-01-05T18:00:00.000Z',
      timeZone: 'Europe/Berlin',
      durationMinutes: 30,
      recurrence: 'FREQ=WEEKLY;BYDAY=SU',
    });
  });

  it('names a rule the library refuses, and sends nothing', async () => {
    const { calls } = renderWithRoutes(<EventDetailsEditor eventId={ID} />, {
      [`/api/admin/events/${ID}`]: { status: 404, body: { message: 'Event details not found' } },
    });
    await userEvent.type(await screen.findByLabelText("Starts (organiser's time)"), '2031-01-05T19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Edit as a rule (RRULE)' }));
    await userEvent.type(screen.getByLabelText('Repeats (RRULE)'), 'FREQ=DAILY');
    expect(screen.getByText(/Recurrence must be weekly or monthly/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save event time' }));
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });

  it("attaches a replay from the item's page link, and refuses what is not one", async () => {
    const replayId = '7d1c1f9e-7b0a-4f53-9a55-2d8e0f1d4c11';
    const { calls } = renderWithRoutes(<EventDetailsEditor eventId={ID} />, {
      [`/api/admin/events/${ID}`]: { status: 404, body: { message: 'Event details not found' } },
      [`PUT /api/admin/events/${ID}`]: { body: {} },
    });
    await userEvent.type(await screen.findByLabelText("Starts (organiser's time)"), '2031-01-05T19:00');
    const replay = screen.getByLabelText('Replay');
    await userEvent.type(replay, 'the recording');
    await userEvent.click(screen.getByRole('button', { name: 'Save event time' }));
    expect(await screen.findByText('Replay must be the link of an audio or video item')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);

    await userEvent.clear(replay);
    await userEvent.type(replay, `https://calm.example/video/${replayId}`);
    await userEvent.click(screen.getByRole('button', { name: 'Save event time' }));
    await vi.waitFor(() => expect(bodyOf(calls, `/api/admin/events/${ID}`, 'PUT')).toBeDefined());
    expect(bodyOf(calls, `/api/admin/events/${ID}`, 'PUT')).toMatchObject({ replayItemId: replayId });
  });
});
