import { makeForum } from '@client/testing/community';
import { clearToasts, freeMember, premiumMember, waitForCurrentUser } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForumDirectory } from './forum-directory';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

function renderDirectory(forums: Routes[string], user: CurrentUser = freeMember) {
  return renderWithRoutes(
    <ForumDirectory />,
    { '/api/auth/user': { body: user }, '/api/forums': forums },
    { path: '/community', toaster: true },
  );
}

const forums = [
  makeForum({ slug: 'open-chat', title: 'Open Chat', category: 'general' }),
  makeForum({ slug: 'deep-practice', title: 'Deep Practice', category: 'advanced' }),
  makeForum({ slug: 'first-steps', title: 'First Steps', category: 'beginners' }),
  makeForum({ slug: 'hard-days', title: 'Hard Days', category: 'support', postCount: 1, memberCount: 1 }),
  makeForum({ slug: 'breath', title: 'Breath Practice', category: 'practice', isPremium: true }),
  makeForum({ slug: 'body-scan', title: 'Body Scan', category: 'practice' }),
];

describe('ForumDirectory', () => {
  it('shows skeletons while the forums load', () => {
    renderDirectory({ never: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading forums');
    expect(screen.getAllByTestId('forum-skeleton').length).toBeGreaterThan(0);
  });

  it('groups forums as practice, support, general, then advanced and beginners', async () => {
    renderDirectory({ body: forums });
    await screen.findByRole('heading', { name: 'Practice & Techniques' });
    const groupHeadings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groupHeadings).toEqual([
      'Practice & Techniques',
      'Support & Community',
      'General Discussion',
      'Advanced Topics',
      'Beginners',
    ]);
    const practice = screen.getByRole('region', { name: 'Practice & Techniques' });
    expect(
      within(practice)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Breath Practice', 'Body Scan']);
  });

  it('shows each forum’s title, description, Premium badge and counts', async () => {
    renderDirectory({ body: forums });
    const premium = await screen.findByRole('link', { name: /Breath Practice/ });
    expect(within(premium).getByText('Techniques for settling the breath.')).toBeInTheDocument();
    expect(within(premium).getByText('Premium')).toBeInTheDocument();
    expect(within(premium).getByText('3 posts')).toBeInTheDocument();
    expect(within(premium).getByText('5 members')).toBeInTheDocument();
    const hardDays = screen.getByRole('link', { name: /Hard Days/ });
    expect(within(hardDays).queryByText('Premium')).not.toBeInTheDocument();
    expect(within(hardDays).getByText('1 post')).toBeInTheDocument();
    expect(within(hardDays).getByText('1 member')).toBeInTheDocument();
  });

  it('says so when there are no forums', async () => {
    renderDirectory({ body: [] });
    expect(await screen.findByRole('heading', { name: 'No forums available' })).toBeInTheDocument();
  });

  it('explains a premium forum with a toast and stays put for members without premium', async () => {
    const { location } = renderDirectory({ body: forums });
    await userEvent.click(await screen.findByRole('link', { name: /Breath Practice/ }));
    expect(
      await screen.findByText('This community forum requires a premium subscription.'),
    ).toBeInTheDocument();
    expect(location.history).toEqual(['/community']);
  });

  it('opens free forums, and premium ones for subscribers', async () => {
    const { location, queryClient } = renderDirectory({ body: forums }, premiumMember);
    await waitForCurrentUser(queryClient);
    await userEvent.click(await screen.findByRole('link', { name: /Body Scan/ }));
    await userEvent.click(screen.getByRole('link', { name: /Breath Practice/ }));
    expect(location.history).toEqual(['/community', '/community/body-scan', '/community/breath']);
    expect(
      screen.queryByText('This community forum requires a premium subscription.'),
    ).not.toBeInTheDocument();
  });

  it('offers a retry when the forums cannot be loaded', async () => {
    let attempts = 0;
    renderDirectory(() => (++attempts === 1 ? { status: 500, body: 'boom' } : { body: forums }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The forums could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Practice & Techniques' })).toBeInTheDocument();
  });
});
