import { adminUser, makeComment, makePost } from '@client/testing/community';
import { clearToasts, freeMember, waitForCurrentUser } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostView } from './post-view';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const post = makePost({ likeCount: 2, commentCount: 1 });
const POST_URL = `/api/posts/${post.id}`;
const COMMENTS_URL = `/api/posts/${post.id}/comments?limit=20`;
const comment = makeComment({ likeCount: 1 });

const signedOut = { status: 401, body: { message: 'Unauthorized' } };

async function renderPost({
  user = freeMember,
  routes = {},
}: {
  user?: CurrentUser | null;
  routes?: Routes;
} = {}) {
  const view = renderWithRoutes(
    <PostView id={post.id} />,
    {
      '/api/auth/user': user ? { body: user } : signedOut,
      [POST_URL]: { body: post },
      [COMMENTS_URL]: { body: [comment] },
      ...routes,
    },
    { path: `/community/posts/${post.id}`, toaster: true },
  );
  await waitForCurrentUser(view.queryClient);
  await screen.findByRole('heading', { level: 1, name: post.title });
  return view;
}

async function confirmInDialog(name: string) {
  await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name }));
}

function likePostButton() {
  return screen.getByRole('button', { name: /^Like post/ });
}

describe('PostView', () => {
  it('shows the back link, the post, its counts and the comments with their count, and no Delete or Pin to other members', async () => {
    await renderPost();
    expect(screen.getByRole('link', { name: 'Breath Practice' })).toHaveAttribute(
      'href',
      '/community/breath-practice',
    );
    expect(screen.getByText('Rowan Hale')).toBeInTheDocument();
    expect(screen.getByText('2 days ago')).toBeInTheDocument();
    expect(screen.getByText(post.content)).toBeInTheDocument();
    expect(likePostButton()).toHaveAccessibleName('Like post, 2 likes');
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    const item = await screen.findByRole('article', { name: 'Iris Vale' });
    expect(within(item).getByText('Thank you for sharing this.')).toBeInTheDocument();
    expect(within(item).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Like comment, 1 like' })).toBeInTheDocument();
    // Other members may not delete or pin.
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
  });

  it('likes at once and settles on the server’s count', async () => {
    await renderPost({
      routes: {
        [`POST ${POST_URL}/like`]: { body: { liked: true, likeCount: 5 } },
      },
    });
    await userEvent.click(likePostButton());
    await vi.waitFor(() => expect(likePostButton()).toHaveAccessibleName('Like post, 5 likes'));
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('rolls an optimistic like back and explains when it fails', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await renderPost({ routes: { [`POST ${POST_URL}/like`]: { status: 500, body: '' } } });
    // The like's answer waits for `release`, to see the optimistic state first.
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') await gate;
      return stubbed(input, init);
    });

    await userEvent.click(likePostButton());
    expect(likePostButton()).toHaveAccessibleName('Like post, 3 likes');
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'true');

    release();
    expect(await screen.findByText('Failed to like post. Please try again.')).toBeInTheDocument();
    expect(likePostButton()).toHaveAccessibleName('Like post, 2 likes');
    expect(likePostButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the server’s message when a like is refused', async () => {
    await renderPost({
      routes: {
        [`POST ${POST_URL}/like`]: {
          status: 403,
          body: {
            message: 'This community forum requires a premium subscription.',
            code: 'PREMIUM_REQUIRED',
          },
        },
      },
    });
    await userEvent.click(likePostButton());
    expect(
      await screen.findByText('This community forum requires a premium subscription.'),
    ).toBeInTheDocument();
    expect(likePostButton()).toHaveAccessibleName('Like post, 2 likes');
  });

  it('rolls back a comment like and explains the failure', async () => {
    await renderPost({ routes: { [`POST /api/comments/${comment.id}/like`]: { status: 500, body: '' } } });
    const button = await screen.findByRole('button', { name: /^Like comment/ });
    await userEvent.click(button);
    expect(await screen.findByText('Failed to like comment. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Like comment/ })).toHaveAccessibleName(
      'Like comment, 1 like',
    );
  });

  describe('signed out', () => {
    it('asks to sign in before liking posts and comments or commenting, and sends nothing', async () => {
      const { calls } = await renderPost({ user: null });
      await userEvent.click(likePostButton());
      expect(await screen.findByText('Please sign in to like posts.')).toBeInTheDocument();

      await userEvent.click(await screen.findByRole('button', { name: /^Like comment/ }));
      expect(await screen.findByText('Please sign in to like comments.')).toBeInTheDocument();

      expect(screen.queryByLabelText('Add a comment')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Add a comment' }));
      expect(await screen.findByText('Please sign in to comment.')).toBeInTheDocument();

      expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
      expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    });

    it('asks to sign in again when the session has ended', async () => {
      await renderPost({
        routes: { [`POST ${POST_URL}/comments`]: { status: 401, body: { message: 'Unauthorized' } } },
      });
      await userEvent.type(screen.getByLabelText('Add a comment'), 'Lovely');
      await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
      expect(await screen.findByText('Please sign in to comment.')).toBeInTheDocument();
    });
  });

  it('sends a trimmed comment, never an empty one, and refreshes the list', async () => {
    let sent: unknown;
    let comments = [comment];
    const { calls } = await renderPost({
      routes: {
        [COMMENTS_URL]: () => ({ body: comments }),
        [`POST ${POST_URL}/comments`]: (init) => {
          sent = JSON.parse(String(init?.body));
          const created = makeComment({
            id: 'c2',
            content: 'So helpful',
            user: { ...comment.user, id: 'u1', firstName: 'Maya', lastName: 'Lindqvist' },
          });
          comments = [comment, created];
          return { status: 201, body: created };
        },
      },
    });
    const box = screen.getByLabelText('Add a comment');
    const submit = screen.getByRole('button', { name: 'Post Comment' });
    await userEvent.type(box, '   ');
    expect(submit).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, '  So helpful  ');
    expect(screen.getByText('14/2000')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await screen.findByRole('article', { name: 'Maya Lindqvist' })).toBeInTheDocument();
    expect(sent).toEqual({ content: 'So helpful' });
    expect(box).toHaveValue('');
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(1);
  });

  it('puts focus on the comment just posted', async () => {
    let comments = [comment];
    await renderPost({
      routes: {
        [COMMENTS_URL]: () => ({ body: comments }),
        [`POST ${POST_URL}/comments`]: () => {
          const created = makeComment({
            id: 'c2',
            content: 'Thank you',
            user: { ...comment.user, id: 'u1', firstName: 'Maya', lastName: 'Lindqvist' },
          });
          comments = [comment, created];
          return { status: 201, body: created };
        },
      },
    });
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Thank you');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    const posted = await screen.findByRole('article', { name: 'Maya Lindqvist' });
    await waitFor(() => expect(posted).toHaveFocus());
  });

  it('puts focus back in the box when the new comment is on a page not loaded yet', async () => {
    await renderPost({
      routes: {
        [`POST ${POST_URL}/comments`]: () => ({
          status: 201,
          body: makeComment({ id: 'c-later', content: 'Thank you' }),
        }),
      },
    });
    const box = screen.getByLabelText('Add a comment');
    await userEvent.type(box, 'Thank you');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(box).toHaveValue('');
  });

  it('offers a retry when the comments cannot be loaded', async () => {
    let attempts = 0;
    await renderPost({
      routes: { [COMMENTS_URL]: () => (++attempts === 1 ? { status: 500, body: '' } : { body: [comment] }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The comments could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Iris Vale' })).toBeInTheDocument();
  });

  it('explains a failed comment and keeps the text', async () => {
    await renderPost({ routes: { [`POST ${POST_URL}/comments`]: { status: 500, body: '' } } });
    await userEvent.type(screen.getByLabelText('Add a comment'), 'Kind words');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Failed to post comment. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a comment')).toHaveValue('Kind words');
  });

  it.each([404, 400])('says "Post not found" when the post answers %i', async (status) => {
    renderWithRoutes(<PostView id="missing" />, {
      '/api/auth/user': { body: freeMember },
      '/api/posts/missing': { status, body: { message: 'Post not found' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });

  describe('deleting', () => {
    it('lets authors delete their own post after confirming, then returns to the forum', async () => {
      const author: CurrentUser = { ...freeMember, id: post.user.id! };
      const { location, calls } = await renderPost({
        user: author,
        routes: {
          [`DELETE ${POST_URL}`]: { status: 204 },
          '/api/forums/breath-practice/posts?limit=20': { body: [] },
        },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Delete post' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete this post? This action cannot be undone.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);

      await userEvent.click(screen.getByRole('button', { name: 'Delete post' }));
      await confirmInDialog('Delete post');
      await vi.waitFor(() => expect(location.history.at(-1)).toBe('/community/breath-practice'));
    });

    it('admins remove someone else’s comment with a reason, and a failure is explained', async () => {
      const { calls } = await renderPost({
        user: adminUser,
        routes: {
          [`DELETE /api/comments/${comment.id}`]: { status: 500, body: '' },
        },
      });
      expect(screen.getByRole('button', { name: 'Pin' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove post' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Remove comment by Iris Vale' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove this comment?' });
      expect(dialog).toHaveTextContent('The author receives your reason by e-mail');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
      expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
      await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Personal details about someone else');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove comment' }));
      expect(await screen.findByText('Failed to delete comment. Please try again.')).toBeInTheDocument();
      const sent = calls.find((call) => call.init?.method === 'DELETE');
      expect(JSON.parse(String(sent?.init?.body))).toEqual({ reason: 'Personal details about someone else' });
      expect(screen.getByRole('article', { name: 'Iris Vale' })).toBeInTheDocument();
    });

    it('shows the server’s message when a post cannot be removed', async () => {
      await renderPost({
        user: adminUser,
        routes: { [`DELETE ${POST_URL}`]: { status: 500, body: '' } },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Remove post' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove this post?' });
      await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Duplicate');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Remove post' }));
      expect(await screen.findByText('Failed to delete post. Please try again.')).toBeInTheDocument();
    });

    it('removes a comment its author deletes', async () => {
      const commenter: CurrentUser = { ...freeMember, id: comment.user.id! };
      let comments = [comment];
      await renderPost({
        user: commenter,
        routes: {
          [COMMENTS_URL]: () => ({ body: comments }),
          [`DELETE /api/comments/${comment.id}`]: () => {
            comments = [];
            return { status: 204 };
          },
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by Iris Vale' }));
      await confirmInDialog('Delete comment');
      await vi.waitFor(() =>
        expect(screen.queryByRole('article', { name: 'Iris Vale' })).not.toBeInTheDocument(),
      );
      expect(screen.getByText('No comments yet. Be the first to share a kind word.')).toBeInTheDocument();
    });
  });

  it('lets admins pin and unpin', async () => {
    let sent: unknown;
    await renderPost({
      user: adminUser,
      routes: {
        [`PUT ${POST_URL}/pin`]: (init) => {
          sent = JSON.parse(String(init?.body));
          return { body: { ...post, isPinned: true } };
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pin' }));
    expect(await screen.findByRole('button', { name: 'Unpin' })).toBeInTheDocument();
    expect(sent).toEqual({ isPinned: true });
    expect(screen.getByText('Pinned')).toBeInTheDocument();
  });
});
