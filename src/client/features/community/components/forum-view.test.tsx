import { makeForum, makePost } from '@client/testing/community';
import { freeMember } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForumView } from './forum-view';

afterEach(() => {
  vi.unstubAllGlobals();
});

const POSTS_URL = '/api/forums/breath-practice/posts?limit=20';
function renderForum(routes: Routes, slug = 'breath-practice') {
  return renderWithRoutes(
    <ForumView slug={slug} />,
    {
      '/api/auth/user': { body: freeMember },
      '/api/forums/breath-practice': { body: makeForum() },
      ...routes,
    },
    { path: `/community/${slug}` },
  );
}

describe('ForumView', () => {
  it('shows the forum’s title, category, description and post count, then its posts', async () => {
    renderForum({
      '/api/forums/breath-practice': { body: makeForum({ postCount: 2 }) },
      [POSTS_URL]: {
        body: [
          makePost({ id: 'p1', title: 'Read this first', isPinned: true, likeCount: 4, commentCount: 7 }),
          makePost({
            id: 'p2',
            title: 'A question',
            content: 'Short preview…',
            user: { id: null, firstName: null, lastName: null, profileImageUrl: null },
            createdAt: new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString(),
          }),
        ],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Breath Practice' })).toBeInTheDocument();
    expect(screen.getByText('Practice & Techniques')).toBeInTheDocument();
    expect(screen.getByText('Techniques for settling the breath.')).toBeInTheDocument();
    expect(screen.getByText('2 posts')).toBeInTheDocument();

    // Each card is an article named by its title; only the title is the link (its name is what it
    // shows), stretched over the card so the whole card still opens the post.
    const pinnedLink = await screen.findByRole('link', { name: 'Read this first' });
    expect(pinnedLink).toHaveAttribute('href', '/community/posts/p1');
    expect(pinnedLink).toHaveTextContent(/^Read this first$/);
    const pinned = screen.getByRole('article', { name: 'Read this first' });
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(within(pinned).getByText('Rowan Hale')).toBeInTheDocument();
    expect(within(pinned).getByText('RH')).toBeInTheDocument();
    expect(within(pinned).getByText('2 days ago')).toBeInTheDocument();
    expect(within(pinned).getByText('4 likes')).toBeInTheDocument();
    expect(within(pinned).getByText('7 comments')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'A question' })).toHaveTextContent(/^A question$/);
    const other = screen.getByRole('article', { name: 'A question' });
    expect(within(other).queryByText('Pinned')).not.toBeInTheDocument();
    expect(within(other).getByText('Deleted member')).toBeInTheDocument();
    expect(within(other).getByText('U')).toBeInTheDocument();
    expect(within(other).getByText('5 hours ago')).toBeInTheDocument();
    expect(within(other).getByText('Short preview…')).toBeInTheDocument();
  });

  it('offers signed-in members a New Post button', async () => {
    renderForum({
      [POSTS_URL]: { body: [makePost()] },
    });
    expect(await screen.findByRole('link', { name: 'New Post' })).toHaveAttribute(
      'href',
      '/community/breath-practice/new-post',
    );
  });

  it('invites the first post when the forum is empty', async () => {
    renderForum({
      '/api/forums/breath-practice': { body: makeForum({ postCount: 0 }) },
      [POSTS_URL]: { body: [] },
    });
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Post' })).toHaveAttribute(
      'href',
      '/community/breath-practice/new-post',
    );
  });

  it('says "Forum not found" for an unknown forum', async () => {
    renderForum(
      {
        '/api/forums/nowhere': { status: 404, body: { message: 'Forum not found', code: 'NOT_FOUND' } },
        '/api/forums/nowhere/posts?limit=20': { status: 404, body: { message: 'Forum not found' } },
      },
      'nowhere',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Forum not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/community');
  });

  it('shows a premium panel with a way to subscribe when the forum is premium', async () => {
    renderForum({
      '/api/forums/breath-practice': { body: makeForum({ isPremium: true }) },
      [POSTS_URL]: {
        status: 403,
        body: { message: 'This community forum requires a premium subscription.', code: 'PREMIUM_REQUIRED' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'A premium forum' })).toBeInTheDocument();
    expect(screen.getByText('This community forum requires a premium subscription.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('link', { name: 'New Post' })).not.toBeInTheDocument();
  });

  it('loads more posts with the cursor from x-next-cursor', async () => {
    const { calls } = renderForum({
      [POSTS_URL]: { body: [makePost({ id: 'p1', title: 'Page one' })], headers: { 'x-next-cursor': 'abc' } },
      [`${POSTS_URL}&cursor=abc`]: { body: [makePost({ id: 'p2', title: 'Page two' })] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Page two' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page one' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(`${POSTS_URL}&cursor=abc`);
  });

  it('offers a retry when the posts cannot be loaded', async () => {
    let attempts = 0;
    renderForum({
      [POSTS_URL]: () => (++attempts === 1 ? { status: 500, body: 'boom' } : { body: [makePost()] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Evening wind-down' })).toBeInTheDocument();
  });
});
