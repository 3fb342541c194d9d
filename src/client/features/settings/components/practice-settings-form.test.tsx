import { renderWithProviders, stubFetch } from '@client/testing/render';
import { DEFAULT_PRACTICE_SETTINGS, type PracticeSettings } from '@shared/schemas/practice';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppearanceCard, PracticeSettingsCard } from './practice-settings-form';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

const settings: PracticeSettings = { ...DEFAULT_PRACTICE_SETTINGS, timeZone: 'Europe/London' };

function stubSettings() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/practice/settings': { body: settings },
      'PUT /api/practice/settings': (init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return { body: { ...settings, ...body } };
      },
    }).fetch,
  );
  return sent;
}

describe('reminders and notification e-mails', () => {
  it('saves a reminder time, its days, e-mail as the channel, and reply e-mails', async () => {
    const sent = stubSettings();
    renderWithProviders(<PracticeSettingsCard />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Daily reminder' }));
    const time = screen.getByLabelText('Remind me at');
    await userEvent.clear(time);
    await userEvent.type(time, '07:30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('switch', { name: 'E-mail' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Replies' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      reminderTime: '07:30',
      reminderDays: [1, 2, 3, 4, 5],
      reminderEmail: true,
      reminderPush: false,
      emailReplies: true,
      emailMentions: false,
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('turning push on where the browser cannot do it says so kindly and leaves it off', async () => {
    stubSettings();
    renderWithProviders(<PracticeSettingsCard />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Daily reminder' }));
    const push = screen.getByRole('switch', { name: 'Push notification on this device' });
    await userEvent.click(push);
    expect(await screen.findByText(/This browser cannot show notifications/)).toBeInTheDocument();
    expect(push).toHaveAttribute('aria-checked', 'false');
  });
});

describe('play next', () => {
  it('is on by default and saves when the member turns it off', async () => {
    const sent = stubSettings();
    renderWithProviders(<PracticeSettingsCard />);
    const playNext = await screen.findByRole('switch', { name: 'Play next automatically' });
    expect(playNext).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(playNext);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ playNext: false });
  });
});

describe('event reminders', () => {
  it('saves how long before an event the reminder comes, and by e-mail only', async () => {
    const sent = stubSettings();
    renderWithProviders(<PracticeSettingsCard />);
    const lead = await screen.findByRole('combobox', { name: 'Events I am going to' });
    expect(lead).toHaveValue('60');
    await userEvent.selectOptions(lead, 'A day before');
    const push = screen.getByRole('switch', { name: 'Event reminders by push on this device' });
    await userEvent.click(push);
    expect(push).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      eventReminderMinutes: 1440,
      eventReminderPush: false,
      eventReminderEmail: true,
    });
  });

  it('hides the channels when event reminders are off', async () => {
    stubSettings();
    renderWithProviders(<PracticeSettingsCard />);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Events I am going to' }),
      'No reminder',
    );
    expect(screen.queryByRole('switch', { name: 'Event reminders by e-mail' })).toBeNull();
  });
});

describe('appearance', () => {
  it('applies the chosen theme at once, remembers it on this device and saves it', async () => {
    const sent = stubSettings();
    renderWithProviders(<AppearanceCard />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('stillpoint-theme')).toBe('dark');
    await waitFor(() => expect(sent).toEqual([{ theme: 'dark' }]));
    await userEvent.click(screen.getByRole('radio', { name: 'Same as this device' }));
    expect(localStorage.getItem('stillpoint-theme')).toBeNull();
  });
});
