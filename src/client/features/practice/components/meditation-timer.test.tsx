import { freeMember } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeditationTimer } from './meditation-timer';

afterEach(() => {
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
