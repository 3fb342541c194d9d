import { makeForum, makePost } from '@client/testing/community';
import { clearToasts, freeMember, waitForCurrentUser } from '@client/testing/content';
import { type Routes, renderWithRoutes } from '@client/testing/render';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { NewPost } from './new-post-form';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

async function renderNewPost(
  routes: Routes = {},
  { waitForForm = true, wrap = (ui: ReactElement) => ui } = {},
) {
  const view = renderWithRoutes(
    wrap(<NewPost slug="breath-practice" />),
    {
      '/api/auth/user': { body: freeMember },
      '/api/forums/breath-practice': { body: makeForum() },
      ...routes,
    },
    { path: '/community/breath-practice/new-post', toaster: true },
  );
  await waitForCurrentUser(view.queryClient);
  if (waitForForm) await screen.findByLabelText('Post Title');
  return view;
}

describe('NewPost', () => {
  it('counts characters as you type, against 200 and 2000', async () => {
    await renderNewPost();
    expect(screen.getByText('0/200')).toBeInTheDocument();
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Post Title'), 'Hello');
    await userEvent.type(screen.getByLabelText('Content'), 'Twelve chars');
    expect(screen.getByText('5/200')).toBeInTheDocument();
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    expect(screen.getByLabelText('Post Title')).toHaveAttribute('maxlength', '200');
    expect(screen.getByLabelText('Content')).toHaveAttribute('maxlength', '2000');
  });

  it('keeps Create Post disabled until both fields have more than spaces', async () => {
    await renderNewPost();
    const submit = screen.getByRole('button', { name: 'Create Post' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Post Title'), 'A title');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Content'), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Content'), 'words');
    expect(submit).toBeEnabled();
  });

  it('asks for both fields when the form is submitted incomplete', async () => {
    const { calls } = await renderNewPost();
    await userEvent.type(screen.getByLabelText('Post Title'), '   ');
    fireEvent.submit(screen.getByRole('button', { name: 'Create Post' }).closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in both title and content');
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });

  it('sends trimmed values and opens the new post', async () => {
    let sent: unknown;
    const { location } = await renderNewPost({
      'POST /api/forums/breath-practice/posts': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: makePost({ id: 'new-post' }) };
      },
    });
    await userEvent.type(screen.getByLabelText('Post Title'), '  Evening wind-down  ');
    await userEvent.type(screen.getByLabelText('Content'), '  A four-count breath.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/community/posts/new-post'));
    expect(sent).toEqual({ title: 'Evening wind-down', content: 'A four-count breath.' });
    expect(await screen.findByText('Post published')).toBeInTheDocument();
  });

  it("puts focus on the new post's title once its screen shows", async () => {
    await renderNewPost(
      {
        'POST /api/forums/breath-practice/posts': { status: 201, body: makePost({ id: 'new-post' }) },
      },
      {
        wrap: (ui) => (
          <main>
            <Switch>
              <Route path="/community/breath-practice/new-post">{ui}</Route>
              <Route path="/community/posts/new-post">
                <h1>Evening wind-down</h1>
              </Route>
            </Switch>
          </main>
        ),
      },
    );
    await userEvent.type(screen.getByLabelText('Post Title'), 'Evening wind-down');
    await userEvent.type(screen.getByLabelText('Content'), 'A four-count breath.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Evening wind-down' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
  });

  it('says a post held for review was sent for review, not published', async () => {
    const { location } = await renderNewPost({
      'POST /api/forums/breath-practice/posts': {
        status: 201,
        body: makePost({ id: 'held-post', isHeld: true, isHidden: true }),
      },
    });
    await userEvent.type(screen.getByLabelText('Post Title'), 'A link I love');
    await userEvent.type(screen.getByLabelText('Content'), 'https://example.org/sit');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Post sent for review')).toBeInTheDocument();
    expect(screen.queryByText('Post published')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(location.history.at(-1)).toBe('/community/posts/held-post'));
  });

  it.each([
    [
      { message: 'This forum is closed and takes no new posts.' },
      'This forum is closed and takes no new posts.',
    ],
    ['', 'Failed to create post'],
  ])('explains a failure: %o', async (body, message) => {
    const { location } = await renderNewPost({
      'POST /api/forums/breath-practice/posts': { status: body ? 403 : 500, body },
    });
    await userEvent.type(screen.getByLabelText('Post Title'), 'Title');
    await userEvent.type(screen.getByLabelText('Content'), 'Content');
    await userEvent.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(location.history).toEqual(['/community/breath-practice/new-post']);
    expect(screen.getByLabelText('Post Title')).toHaveValue('Title');
  });

  it('shows the community guidelines and a Cancel link back to the forum', async () => {
    await renderNewPost();
    for (const guideline of [
      'Be respectful',
      'Share experiences, not medical advice',
      'Keep discussions mindful',
      'Respect privacy',
    ]) {
      expect(screen.getByText(guideline)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      '/community/breath-practice',
    );
  });

  it('asks signed-out visitors to sign in', async () => {
    await renderNewPost(
      { '/api/auth/user': { status: 401, body: { message: 'Unauthorized' } } },
      { waitForForm: false },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Post Title')).not.toBeInTheDocument();
  });
});
