import { outbox } from '@client/features/outbox';
import { freeMember } from '@client/testing/content';
import { renderWithProviders, renderWithRoutes, stubFetch } from '@client/testing/render';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeditationTimer } from './meditation-timer';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderTimer() {
  return renderWithRoutes(<MeditationTimer />, { '/api/auth/user': { body: freeMember } });
}

describe('the meditation timer', () => {
  it('refuses a duration outside 1 to 180 minutes, or not a number, and says what is allowed', async () => {
    const user = userEvent.setup();
    renderTimer();
    const duration = screen.getByLabelText('Duration in minutes');
    const begin = screen.getByRole('button', { name: 'Begin' });
    for (const text of ['0', '181', '2.5']) {
      await user.clear(duration);
      await user.type(duration, text);
      expect(duration).toHaveAccessibleDescription('Choose a whole number of minutes from 1 to 180.');
      expect(begin).toBeDisabled();
    }
    await user.clear(duration);
    expect(duration).toHaveAccessibleDescription('Choose a whole number of minutes from 1 to 180.');
    await user.type(duration, '180');
    expect(duration).toHaveAccessibleDescription('Any length from 1 to 180 minutes.');
    expect(begin).toBeEnabled();
  });

  it('refuses an interval bell longer than the sit', async () => {
    const user = userEvent.setup();
    renderTimer();
    await user.click(screen.getByRole('button', { name: '20 min' }));
    const interval = screen.getByLabelText('Interval bell every (minutes)');
    await user.type(interval, '25');
    expect(interval).toHaveAccessibleDescription(
      'Choose an interval bell of a whole number of minutes from 1 to 20, or none.',
    );
    expect(screen.getByRole('button', { name: 'Begin' })).toBeDisabled();
    // With the length itself wrong, the interval is measured against the longest sit.
    const duration = screen.getByLabelText('Duration in minutes');
    await user.clear(duration);
    await user.type(duration, '0');
    await user.type(interval, '0');
    expect(interval).toHaveAccessibleDescription(
      'Choose an interval bell of a whole number of minutes from 1 to 180, or none.',
    );
    await user.clear(duration);
    await user.type(duration, '20');
    await user.clear(interval);
    await user.type(interval, '7');
    expect(screen.getByRole('button', { name: 'Begin' })).toBeEnabled();
  });

  it('remembers a saved preset for the account the next time the timer opens', async () => {
    const user = userEvent.setup();
    const first = renderTimer();
    const duration = screen.getByLabelText('Duration in minutes');
    await user.clear(duration);
    await user.type(duration, '90');
    await user.type(screen.getByLabelText('Interval bell every (minutes)'), '7');
    await user.selectOptions(screen.getByLabelText('Ambient sound'), 'Ocean waves');
    await user.click(await screen.findByRole('button', { name: 'Save as preset' }));
    first.unmount();

    renderTimer();
    const preset = await screen.findByRole('button', {
      name: '90 minutes, bell every 7 minutes, ocean waves',
    });
    expect(screen.getByLabelText('Duration in minutes')).toHaveValue(10);
    await user.click(preset);
    expect(screen.getByLabelText('Duration in minutes')).toHaveValue(90);
    expect(screen.getByLabelText('Interval bell every (minutes)')).toHaveValue(7);
    expect(screen.getByLabelText('Ambient sound')).toHaveValue('ocean');
  });

  it('full screen keeps the screen awake, asks again on return, and Escape gives focus back to its button', async () => {
    const requests: string[] = [];
    const released: number[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      wakeLock: {
        request: async (type: string) => {
          requests.push(type);
          const index = requests.length;
          return { release: async () => void released.push(index) };
        },
      },
    });
    const user = userEvent.setup();
    renderTimer();
    const opener = screen.getByRole('button', { name: 'Full screen' });
    await user.click(opener);
    const calm = await screen.findByRole('dialog', { name: 'Meditation timer, full screen' });
    expect(calm).toContainElement(screen.getByRole('button', { name: 'Exit full screen' }));
    await vi.waitFor(() => expect(requests).toEqual(['screen']));

    // The browser drops the lock when the page is hidden; back in view, it is asked for again.
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(requests).toEqual(['screen', 'screen']));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    await vi.waitFor(() => expect(released).toContain(2));
  });
});

/**
 * The timer against a fake server that records the sessions and journal notes it is sent (a note's
 * address holds the session's id, which the timer makes); `isOffline` makes every send fail as a
 * lost connection does.
 */
function renderTimerWithServer({ isOffline = false } = {}) {
  const stub = stubFetch({
    '/api/auth/user': { body: freeMember },
    'POST /api/practice/sessions': { status: 201, body: {} },
  });
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/auth/user') return stub.fetch(input, init);
    if (isOffline) throw new TypeError('Failed to fetch');
    sent.push({ url: `${init?.method ?? 'GET'} ${url}`, body: JSON.parse(String(init?.body)) });
    if (/^\/api\/practice\/sessions\/[^/]+\/note$/.test(url)) {
      return new Response(JSON.stringify({ id: 'x', note: 'ok' }), { status: 200 });
    }
    return stub.fetch(input, init);
  });
  renderWithProviders(<MeditationTimer />);
  return { sent };
}

/** Sets a sit of `minutes`, begins it, and lets `seconds` pass on the wall clock. */
async function sitFor(user: ReturnType<typeof userEvent.setup>, minutes: number, seconds: number) {
  const duration = screen.getByLabelText('Duration in minutes');
  await user.clear(duration);
  await user.type(duration, String(minutes));
  const begunAt = Date.now();
  await user.click(screen.getByRole('button', { name: 'Begin' }));
  passTime(begunAt + seconds * 1000);
}

/** Moves the wall clock to `at` and lets the timer look at it (it does on every return to the page). */
function passTime(at: number) {
  vi.setSystemTime(at);
  act(() => document.dispatchEvent(new Event('visibilitychange')));
}

describe('the end of a sit', () => {
  it('after a full sit shows the time sat, focused, and saves the journal line on that sit through the outbox', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup();
    const { sent } = renderTimerWithServer();
    await sitFor(user, 2, 125);

    const heading = await screen.findByRole('heading', { name: 'Sit complete' });
    expect(heading).toHaveFocus();
    const panel = screen.getByRole('region', { name: 'Sit complete' });
    expect(panel).toHaveTextContent('You sat for 2 minutes.');
    expect(panel).not.toHaveTextContent(/streak|missed/i);
    expect(await within(panel).findByText('Added to your practice.')).toBeInTheDocument();
    // The timer gives way to its end: no second "Sit again" or settings behind it.
    expect(screen.queryByLabelText('Duration in minutes')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Back to your practice' })).toHaveAttribute(
      'href',
      '/practice',
    );

    const [session] = sent;
    expect(session).toMatchObject({
      url: 'POST /api/practice/sessions',
      body: { kind: 'timer', seconds: 120 },
    });
    const sessionId = (session?.body as { id?: string } | undefined)?.id;

    const field = within(panel).getByLabelText('A note for your journal (optional)');
    expect(field).toHaveAttribute('maxLength', '280');
    await user.type(field, 'Busy mind, soft breath');
    await user.click(within(panel).getByRole('button', { name: 'Save note' }));
    // The form has gone; focus stays in the panel, on the line that says it was kept.
    expect(await within(panel).findByText('Saved to your journal.')).toHaveFocus();
    expect(sent[1]).toEqual({
      url: `PUT /api/practice/sessions/${sessionId}/note`,
      body: { note: 'Busy mind, soft breath' },
    });
  });

  it('offline, the sit and its journal line wait on the device together, the line after its sit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup();
    renderTimerWithServer({ isOffline: true });
    await screen.findByRole('button', { name: 'Save as preset' });
    await sitFor(user, 1, 60);

    const panel = await screen.findByRole('region', { name: 'Sit complete' });
    expect(
      await within(panel).findByText('Kept on this device; it joins your practice when you are back online.'),
    ).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('A note for your journal (optional)'), 'Rain outside');
    await user.click(within(panel).getByRole('button', { name: 'Save note' }));
    expect(
      await within(panel).findByText(
        'Kept on this device; it reaches your journal when you are back online.',
      ),
    ).toBeInTheDocument();
    const [session, note] = outbox.pending();
    expect(session).toMatchObject({ kind: 'practice-session', session: { seconds: 60 } });
    expect(note).toMatchObject({ kind: 'practice-note', note: 'Rain outside' });
    expect(note?.kind === 'practice-note' && note.sessionId).toBe(
      session?.kind === 'practice-session' && session.session.id,
    );
  });

  it('"Sit again" begins the same sit at once; Close hands focus back to the Start button', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup();
    renderTimerWithServer();
    await sitFor(user, 3, 180);
    const panel = await screen.findByRole('region', { name: 'Sit complete' });

    await user.click(within(panel).getByRole('button', { name: 'Sit again' }));
    expect(screen.queryByRole('region', { name: 'Sit complete' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('3:00 remaining');
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();

    passTime(Date.now() + 180_000);
    await screen.findByRole('region', { name: 'Sit complete' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Sit complete' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sit again' })).toHaveFocus();
    expect(screen.getByLabelText('Duration in minutes')).toHaveValue(3);
  });

  it('a sit that ends in the full-screen view leaves it for the end panel, with focus on its heading', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup();
    renderTimerWithServer();
    await user.click(screen.getByRole('button', { name: '20 min' }));
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    const calm = await screen.findByRole('dialog', { name: 'Meditation timer, full screen' });
    const begunAt = Date.now();
    await user.click(within(calm).getByRole('button', { name: 'Begin' }));
    passTime(begunAt + 20 * 60_000);

    const heading = await screen.findByRole('heading', { name: 'Sit complete' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sit complete' })).toHaveTextContent('You sat for 20 minutes.');
    // The dialog hands focus back a moment after it closes; the heading keeps it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(heading).toHaveFocus();
  });

  it('a sit ended before half a minute shows no end panel and logs nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup();
    const { sent } = renderTimerWithServer();
    await sitFor(user, 10, 20);
    await user.click(screen.getByRole('button', { name: 'End now' }));
    expect(
      screen.getByText('Ended before half a minute, so nothing was logged. Start again whenever you like.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sit complete' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
