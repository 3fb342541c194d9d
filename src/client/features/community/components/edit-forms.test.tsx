import { makeComment, makePost } from '@client/testing/community';
import { clearToasts } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditCommentForm, EditPostForm } from './edit-forms';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

const post = makePost({ title: 'Evening', content: 'Old **words**' });

describe('EditPostForm', () => {
  it('checks the fields with the shared schema before sending anything', async () => {
    const onDone = vi.fn();
    const { calls } = renderWithRoutes(<EditPostForm post={post} onDone={onDone} />, {});
    await userEvent.clear(screen.getByLabelText('Content'));
    await userEvent.type(screen.getByLabelText('Content'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in both title and content');
    expect(screen.getByLabelText('Content')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the trimmed Markdown source and closes', async () => {
    let sent: unknown;
    const onDone = vi.fn();
    renderWithRoutes(
      <EditPostForm post={post} onDone={onDone} />,
      {
        [`PUT /api/posts/${post.id}`]: (init) => {
          sent = JSON.parse(String(init?.body));
          return { body: { ...post, content: 'New *words*' } };
        },
        [`/api/forums/${post.forum.slug}/posts?limit=20`]: { body: [] },
      },
      { toaster: true },
    );
    expect(screen.getByText(/Formatting if you like/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Content'));
    await userEvent.type(screen.getByLabelText('Content'), '  New *words*  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual({ title: 'Evening', content: 'New *words*' });
  });

  it('shows why the server refused', async () => {
    renderWithRoutes(<EditPostForm post={post} onDone={vi.fn()} />, {
      [`PUT /api/posts/${post.id}`]: { status: 403, body: { message: 'You can only edit your own posts.' } },
    });
    await userEvent.type(screen.getByLabelText('Content'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only edit your own posts.');
  });
});

describe('EditCommentForm', () => {
  it('refuses an empty comment and sends a trimmed one', async () => {
    const comment = makeComment({ content: 'Kind words' });
    let sent: unknown;
    const onDone = vi.fn();
    const { calls } = renderWithRoutes(
      <EditCommentForm comment={comment} postId={comment.postId} forumId="forum-1" onDone={onDone} />,
      {
        [`PUT /api/comments/${comment.id}`]: (init) => {
          sent = JSON.parse(String(init?.body));
          return { body: { ...comment, content: 'Kinder words' } };
        },
      },
    );
    const field = screen.getByLabelText('Edit your comment');
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a comment');
    expect(calls).toHaveLength(0);
    await userEvent.type(field, ' Kinder words ');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual({ content: 'Kinder words' });
  });
});
