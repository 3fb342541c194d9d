import { activateLocale } from '@client/lib/i18n';
import { bodyOf, renderWithRoutes } from '@client/testing/render';
import type { CalendarFeed } from '@shared/schemas/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeedSetting } from './calendar-feed-setting';

afterEach(() => vi.unstubAllGlobals());

const feedOf = (scope: CalendarFeed['scope'], token: string): CalendarFeed => ({
  scope,
  url: `https://sit.example/api/calendar/${token}.ics`,
  webcalUrl: `webcal://sit.example/api/calendar/${token}.ics`,
});

/** A fake server that answers each new link with a new token, as the real one does. */
function feedRoutes() {
  let made = 0;
  return {
    'POST /api/calendar/feed': (init?: RequestInit) => {
      made += 1;
      return { body: feedOf(JSON.parse(String(init?.body)).scope, `token-${made}`) };
    },
    'DELETE /api/calendar/feed': { status: 204 },
  };
}

describe('CalendarFeedSetting', () => {
  it('starts with no link, then creates one for my RSVPs and shows both addresses', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithRoutes(<CalendarFeedSetting />, feedRoutes());
    const region = screen.getByRole('region', { name: 'Calendar feed' });
    expect(within(region).queryByLabelText('Calendar link')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Only events I am going to' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));

    expect(await screen.findByLabelText('Calendar link')).toHaveValue(
      'webcal://sit.example/api/calendar/token-1.ics',
    );
    expect(screen.getByLabelText('Web address of the link')).toHaveValue(
      'https://sit.example/api/calendar/token-1.ics',
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      'webcal://sit.example/api/calendar/token-1.ics',
    );
    expect(screen.getByText(/This link shows the events you are going to/)).toBeInTheDocument();
    expect(bodyOf(calls, '/api/calendar/feed', 'POST')).toEqual({ scope: 'rsvps' });
  });

  it('copies the link and says so in a toast', async () => {
    const user = userEvent.setup();
    renderWithRoutes(<CalendarFeedSetting />, feedRoutes(), { toaster: true });
    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    await user.click(await screen.findByRole('button', { name: 'Copy calendar link' }));
    expect(await navigator.clipboard.readText()).toBe('webcal://sit.example/api/calendar/token-1.ics');
    expect(await screen.findByText('Link copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy web address' }));
    expect(await navigator.clipboard.readText()).toBe('https://sit.example/api/calendar/token-1.ics');
  });

  it('makes the link with all events, and a new choice needs a new link', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithRoutes(<CalendarFeedSetting />, feedRoutes());
    await user.click(screen.getByRole('radio', { name: 'All events' }));
    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    expect(await screen.findByText(/This link shows all events/)).toBeInTheDocument();
    expect(bodyOf(calls, '/api/calendar/feed', 'POST')).toEqual({ scope: 'all' });
    expect(
      screen.queryByRole('button', { name: 'Create a new link with this choice' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Only events I am going to' }));
    expect(screen.getByText(/the link above will stop working/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a new link with this choice' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Calendar link')).toHaveValue(
        'webcal://sit.example/api/calendar/token-2.ics',
      ),
    );
    const posts = calls.filter((call) => call.init?.method === 'POST');
    expect(posts.map((call) => JSON.parse(String(call.init?.body)))).toEqual([
      { scope: 'all' },
      { scope: 'rsvps' },
    ]);
  });

  it('stops the link after one confirmation, then offers a new one with focus on it', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithRoutes(<CalendarFeedSetting />, feedRoutes());
    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    await user.click(await screen.findByRole('button', { name: 'Stop this link' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Stop your calendar link?' });
    // Keeping it changes nothing and gives the focus back to the button that opened the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop this link' })).toHaveFocus());
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Stop this link' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stop the link' }),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your calendar link is stopped: it no longer works.',
    );
    expect(calls.filter((call) => call.init?.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/calendar/feed',
    ]);
    expect(screen.queryByLabelText('Calendar link')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create my calendar link' })).toHaveFocus(),
    );
  });

  it('keeps the link and says so when it cannot be stopped', async () => {
    const user = userEvent.setup();
    renderWithRoutes(<CalendarFeedSetting />, {
      ...feedRoutes(),
      'DELETE /api/calendar/feed': { status: 500, body: { message: 'Something went wrong on our side.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    await user.click(await screen.findByRole('button', { name: 'Stop this link' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stop the link' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByLabelText('Calendar link')).toHaveValue(
      'webcal://sit.example/api/calendar/token-1.ics',
    );
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('speaks German from the catalogue, names included', async () => {
    await activateLocale('de', ['common', 'settings']);
    try {
      const user = userEvent.setup();
      renderWithRoutes(<CalendarFeedSetting />, feedRoutes());
      expect(screen.getByRole('region', { name: 'Kalender-Abo' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Nur Veranstaltungen, zu denen ich komme' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Meinen Kalender-Link erstellen' }));
      expect(await screen.findByRole('button', { name: 'Kalender-Link kopieren' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Zum Kalender hinzufügen' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Diesen Link beenden' })).toBeInTheDocument();
      expect(document.body.textContent).not.toMatch(/settings\.[a-z]/);
    } finally {
      await activateLocale('en');
    }
  });

  it('says so when the link cannot be created', async () => {
    const user = userEvent.setup();
    renderWithRoutes(<CalendarFeedSetting />, {
      'POST /api/calendar/feed': { status: 500, body: { message: 'Something went wrong on our side.' } },
    });
    await user.click(screen.getByRole('button', { name: 'Create my calendar link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.queryByLabelText('Calendar link')).not.toBeInTheDocument();
  });
});
