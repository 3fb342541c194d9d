import { NO_NOTIFICATIONS, renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './layout/app-shell';
import { AppRoutes } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
});

const member: CurrentUser = {
  id: 'u1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Lindqvist',
  profileImageUrl: null,
  isAdmin: false,
  subscriptionStatus: 'active',
  createdAt: '2025-01-01T00:00:00Z',
};

const RETURNING_SUMMARY = {
  date: '2026-11-23',
  today: { minutes: 0 },
  week: {
    minutes: 10,
    days: 1,
    daily: ['23', '24', '25', '26', '27', '28', '29'].map((day, index) => ({
      date: `2026-11-${day}`,
      minutes: index === 0 ? 10 : 0,
      sessions: index === 0 ? 1 : 0,
    })),
  },
  month: { minutes: 10, days: 1 },
  total: { minutes: 10, sessions: 1, days: 1 },
  streak: { enabled: false, current: 1, longest: 1 },
};

type Visitor = 'signedOut' | 'loading' | CurrentUser;

function renderApp(path: string, visitor: Visitor) {
  const userResponse =
    visitor === 'loading'
      ? { never: true }
      : visitor === 'signedOut'
        ? { status: 401, body: { message: 'Unauthorized' } }
        : { body: visitor };
  vi.stubGlobal(
    'fetch',
    stubFetch({
      '/api/auth/user': userResponse,
      ...NO_NOTIFICATIONS,
      '/api/announcements': { body: [] },
      '/api/practice/summary': { body: RETURNING_SUMMARY },
      '/api/practice/settings': {
        body: { timeZone: 'Europe/London', dayStartHour: 0, showStreaks: false, digestEmail: false },
      },
      '/api/progress': { body: [] },
      '/api/playlists': { body: [] },
      '/api/videos?type=audio&limit=24': { body: [] },
      '/api/videos?calendarMonth=2026-11&limit=100': { body: [] },
      '/api/posts/42': { status: 400, body: { message: 'id is not valid' } },
    }).fetch,
  );
  return renderWithProviders(
    <AppShell>
      <AppRoutes />
    </AppShell>,
    { path },
  );
}

describe('routing by auth state', () => {
  it('shows the landing page to visitors, with its sign-in links', async () => {
    renderApp('/', 'signedOut');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: 'Explore Library' })).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: 'Start Now for Free' })).toHaveAttribute('href', '/api/login');
    expect(screen.getByText('$12')).toBeInTheDocument();
    expect(screen.getByText('30-day subscription • Cancel anytime')).toBeInTheDocument();
    for (const title of [
      'Guided Sessions',
      'Monthly Calendars',
      'Progress Tracking',
      'Monthly Subscription',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the landing page at / while loading', () => {
    renderApp('/', 'loading');
    expect(screen.getByRole('link', { name: 'Start Now for Free' })).toBeInTheDocument();
  });

  it("shows 'Loading...' on member routes while loading", () => {
    renderApp('/community/calm', 'loading');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows not-found for unknown routes while loading', () => {
    renderApp('/nowhere', 'loading');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows not-found for member routes when signed out', async () => {
    renderApp('/library', 'signedOut');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('serves the sign-in screen to visitors', async () => {
    renderApp('/sign-in', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends members away from the auth screens', async () => {
    const { location } = renderApp('/sign-up', member);
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('greets members at / with the home page and the tab bar', async () => {
    renderApp('/', member);
    expect(
      // Home waits for the member's practice before choosing its greeting.
      await screen.findByRole(
        'heading',
        { level: 1, name: /Welcome back to your journey, Maya/ },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Library' })).not.toHaveAttribute('aria-current');
  });

  it('shows member screens by pattern, with the tab active by prefix', async () => {
    renderApp('/community/posts/42', member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('sign-out confirmation', () => {
  it('asks a member before signing out; the button is the same-origin sign-out link', async () => {
    renderApp('/sign-out', member);
    expect(await screen.findByRole('heading', { name: 'Sign out?' })).toBeInTheDocument();
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/api/logout');
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/');
  });

  it('tells a signed-out visitor there is nothing to end', async () => {
    renderApp('/sign-out', 'signedOut');
    expect(await screen.findByRole('heading', { name: "You're signed out" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('shows initials, name, e-mail and the member items', async () => {
    renderApp('/', member);
    const trigger = await screen.findByRole('button', { name: /^Open account menu/ });
    expect(trigger).toHaveTextContent('ML');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Maya Lindqvist')).toBeInTheDocument();
    expect(within(menu).getByText('maya@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Assessment' })).toHaveAttribute(
      'href',
      '/questionnaire',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Subscription' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveAttribute('href', '/api/logout');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('adds the admin dashboard for admins only', async () => {
    renderApp('/', { ...member, isAdmin: true, firstName: null, lastName: null });
    const trigger = await screen.findByRole('button', { name: /^Open account menu/ });
    expect(trigger).toHaveTextContent('U');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(menu).queryByText('Maya Lindqvist')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it('offers Moderation to a moderator who is not an admin', async () => {
    renderApp('/', { ...member, isModerator: true });
    await userEvent.click(await screen.findByRole('button', { name: /^Open account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Moderation' })).toHaveAttribute(
      'href',
      '/admin/moderation',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Library', 'Downloads', 'Assessment', 'Subscription', 'Moderation', 'Log out']);
  });
});
