import { renderApp } from '@client/testing/app';
import { freeMember } from '@client/testing/content';
import { findHomeGreeting, homeRoutes } from '@client/testing/home';
import { expectLink, NO_NOTIFICATIONS } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

const member: CurrentUser = { ...freeMember, subscriptionStatus: 'active' };

type Visitor = 'signedOut' | 'loading' | CurrentUser;

function renderAppAs(path: string, visitor: Visitor) {
  const userResponse =
    visitor === 'loading'
      ? { never: true }
      : visitor === 'signedOut'
        ? { status: 401, body: { message: 'Unauthorized' } }
        : { body: visitor };
  return renderApp(
    path,
    homeRoutes({
      '/api/auth/user': userResponse,
      ...NO_NOTIFICATIONS,
      '/api/posts/42': { status: 400, body: { message: 'id is not valid' } },
    }),
  );
}

describe('routing by auth state', () => {
  it('shows the landing page to visitors, with its sign-in links', async () => {
    renderAppAs('/', 'signedOut');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/api/login');
    // Newcomers' buttons open account creation (docs/product.md, "What it is and for whom").
    expect(screen.getByRole('link', { name: /Get Started/ })).toHaveAttribute(
      'href',
      '/api/login?intent=join',
    );
    expect(screen.getByRole('link', { name: 'Explore Library' })).toHaveAttribute(
      'href',
      '/api/login?intent=join&returnTo=%2Flibrary',
    );
    expect(screen.getByRole('link', { name: 'Start Now for Free' })).toHaveAttribute(
      'href',
      '/api/login?intent=join',
    );
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
    renderAppAs('/', 'loading');
    expect(screen.getByRole('link', { name: 'Start Now for Free' })).toBeInTheDocument();
  });

  it("shows 'Loading...' on member routes while loading", () => {
    renderAppAs('/community/calm', 'loading');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows not-found for unknown routes while loading', () => {
    renderAppAs('/nowhere', 'loading');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows not-found for member routes when signed out', async () => {
    renderAppAs('/library', 'signedOut');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('offers a signed-out visitor on a member link a way in that returns them there', async () => {
    renderAppAs('/community/posts/abc?focus=comments', 'signedOut');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expectLink('Sign in to continue', '/api/login?returnTo=%2Fcommunity%2Fposts%2Fabc%3Ffocus%3Dcomments');
    expectLink('Back to home', '/');
  });

  it('offers no sign-in on the not-found page to members', async () => {
    renderAppAs('/nowhere', member);
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in to continue' })).not.toBeInTheDocument();
  });

  it('serves the sign-in screen to visitors', async () => {
    renderAppAs('/sign-in', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends members away from the auth screens', async () => {
    const { location } = renderAppAs('/sign-up', member);
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('announces the new screen after a route change, and not the first one', async () => {
    const user = userEvent.setup();
    renderAppAs('/', member);
    expect(await findHomeGreeting(/Welcome back to your journey, Maya/)).toBeInTheDocument();
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toBeEmptyDOMElement();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Calendar' }),
    );
    await vi.waitFor(() => expect(announcer).toHaveTextContent(/^Monthly Journey · Stillpoint$/));
  });

  it('greets members at / with the home page and the tab bar', async () => {
    renderAppAs('/', member);
    expect(await findHomeGreeting(/Welcome back to your journey, Maya/)).toBeInTheDocument();
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Library' })).not.toHaveAttribute('aria-current');
  });

  it('shows member screens by pattern, with the tab active by prefix', async () => {
    renderAppAs('/community/posts/42', member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tabs).getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});

describe('sign-out confirmation', () => {
  it('asks a member before signing out; the button is the same-origin sign-out link', async () => {
    renderAppAs('/sign-out', member);
    expect(await screen.findByRole('heading', { name: 'Sign out?' })).toBeInTheDocument();
    expect(screen.getByText('maya@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/api/logout');
    expect(screen.getByRole('link', { name: 'Stay signed in' })).toHaveAttribute('href', '/');
  });

  it('tells a signed-out visitor there is nothing to end', async () => {
    renderAppAs('/sign-out', 'signedOut');
    expect(await screen.findByRole('heading', { name: "You're signed out" })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('shows initials, name, e-mail and the member items', async () => {
    renderAppAs('/', member);
    const trigger = await screen.findByRole('button', { name: /^Open account menu/ });
    expect(trigger).toHaveTextContent('ML');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Maya Lindqvist')).toBeInTheDocument();
    expect(within(menu).getByText('maya@example.com')).toBeInTheDocument();
    expectLink('Assessment', '/questionnaire', within(menu), 'menuitem');
    expectLink('Subscription', '/subscribe', within(menu), 'menuitem');
    expectLink('Log out', '/api/logout', within(menu), 'menuitem');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('adds the admin dashboard for admins only', async () => {
    renderAppAs('/', { ...member, isAdmin: true, firstName: null, lastName: null });
    const trigger = await screen.findByRole('button', { name: /^Open account menu/ });
    expect(trigger).toHaveTextContent('U');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expectLink('Admin Dashboard', '/admin', within(menu), 'menuitem');
    expect(within(menu).queryByText('Maya Lindqvist')).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Moderation' })).not.toBeInTheDocument();
  });

  it('offers Moderation to a moderator who is not an admin', async () => {
    renderAppAs('/', { ...member, isModerator: true });
    await userEvent.click(await screen.findByRole('button', { name: /^Open account menu/ }));
    const menu = await screen.findByRole('menu');
    expectLink('Moderation', '/admin/moderation', within(menu), 'menuitem');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Library', 'Downloads', 'Assessment', 'Subscription', 'Moderation', 'Log out']);
  });
});
