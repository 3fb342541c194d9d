import { makeContentItem } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import type { ForumHit, SearchResult } from '@shared/schemas/search';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchScreen } from './search-screen';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const url = (section: 'content' | 'posts', cursor?: string) =>
  `/api/search?q=breath&section=${section}&limit=10${cursor ? `&cursor=${cursor}` : ''}`;

const result = (overrides: Partial<SearchResult>): SearchResult => ({
  content: [],
  posts: [],
  nextCursors: { content: null, posts: null },
  ...overrides,
});

const hit = (overrides: Partial<ForumHit> = {}): ForumHit => ({
  kind: 'comment',
  id: 'c1',
  postId: 'p1',
  postTitle: 'Evening sit',
  excerpt: 'I counted each breath until the tenth <script>alert(1)</script>',
  createdAt: new Date().toISOString(),
  user: { id: 'u1', firstName: 'Rowan', lastName: 'Hale', profileImageUrl: null },
  forum: { slug: 'practice', title: 'Daily practice', isPremium: false },
  isHidden: false,
  isHeld: false,
  ...overrides,
});

describe('SearchScreen', () => {
  it('shows both sections with the searched words marked, announces the count and loads more', async () => {
    renderWithRoutes(
      <SearchScreen />,
      {
        [url('content')]: {
          body: result({
            content: [
              makeContentItem({ id: 'i1', title: 'Breathing space', description: 'Follow the breath.' }),
            ],
          }),
        },
        [url('posts')]: {
          body: result({ posts: [hit()], nextCursors: { content: null, posts: 'next1' } }),
        },
        [url('posts', 'next1')]: {
          body: result({
            posts: [
              hit({ id: 'p2', kind: 'post', postId: 'p2', postTitle: 'Breath and sleep', isHeld: true }),
            ],
          }),
        },
      },
      { path: '/search?q=breath' },
    );

    expect(screen.getByRole('search', { name: 'Search Stillpoint' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search the library and the forums')).toHaveValue('breath');
    expect(
      await screen.findByText('1 result in the library, more than 1 result in the forums.'),
    ).toHaveAttribute('role', 'status');

    const library = screen.getByRole('region', { name: 'Library' });
    const libraryLink = within(library).getByRole('link', { name: 'Breathing space' });
    expect(libraryLink).toHaveAttribute('href', '/video/i1');
    expect(within(libraryLink).getByText('Breath', { selector: 'mark' })).toBeInTheDocument();

    const forums = screen.getByRole('region', { name: 'Forums' });
    expect(within(forums).getByRole('link', { name: /^Comment on:\s?Evening sit$/ })).toHaveAttribute(
      'href',
      '/community/posts/p1',
    );
    expect(within(forums).getByText('breath', { selector: 'mark' })).toBeInTheDocument();
    // The excerpt is text: markup in it is shown, never run.
    expect(forums.querySelector('script')).toBeNull();
    expect(within(forums).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(within(forums).getByText('Rowan Hale', { exact: false })).toBeInTheDocument();

    expect(within(library).queryByRole('button', { name: /Load more/ })).toBeNull();
    await userEvent.click(within(forums).getByRole('button', { name: 'Load more from forums' }));
    expect(await within(forums).findByRole('link', { name: 'Breath and sleep' })).toBeInTheDocument();
    expect(within(forums).getByText('Waiting for a moderator')).toBeInTheDocument();
    expect(within(forums).queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 result in the library, 2 results in the forums.');
  });

  it('says kindly when nothing matches, and shows a failed section with a way to try again', async () => {
    let failures = 1;
    renderWithRoutes(
      <SearchScreen />,
      {
        [url('content')]: { body: result({}) },
        [url('posts')]: () =>
          failures-- > 0
            ? { status: 500, body: { message: 'Something went wrong on our side.' } }
            : { body: result({}) },
      },
      { path: '/search?q=breath' },
    );
    expect(await screen.findByText(/No practices or talks match these words/)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No conversations match these words yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing found for “breath”.');
  });

  it('searches as the member types, once the typing pauses, and aborts the search it replaces', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const section = (q: string, name: 'content' | 'posts') => `/api/search?q=${q}&section=${name}&limit=10`;
    const { calls, location } = renderWithRoutes(
      <SearchScreen />,
      {
        // The first search is still on its way when the member types on.
        [section('calm', 'content')]: { never: true },
        [section('calm', 'posts')]: { never: true },
        [section('breath', 'content')]: { body: result({}) },
        [section('breath', 'posts')]: { body: result({}) },
      },
      { path: '/search?q=calm' },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    const first = calls.filter((call) => call.url.includes('q=calm&'));
    expect(first).toHaveLength(2);
    const field = screen.getByLabelText('Search the library and the forums');
    // One key after another, faster than the pause: b, br, bre, … breath.
    for (const typed of ['b', 'br', 'bre', 'brea', 'breat', 'breath']) {
      fireEvent.change(field, { target: { value: typed } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2));
    }
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 2 - 1));
    expect(calls).toHaveLength(2);
    expect(first.every((call) => call.init?.signal?.aborted)).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // One search for what was typed, none for the words on the way there.
    expect(
      calls
        .slice(2)
        .map((call) => call.url)
        .sort(),
    ).toEqual([section('breath', 'content'), section('breath', 'posts')].sort());
    expect(location.history.at(-1)).toBe('/search?q=breath');
    // The search it replaced is aborted, not left to finish.
    expect(first.every((call) => call.init?.signal?.aborted)).toBe(true);
  });

  it('asks for a search without one, and for two characters before searching', async () => {
    const { location, calls } = renderWithRoutes(<SearchScreen />, {}, { path: '/search?q=a' });
    expect(screen.getByText('Please type at least 2 characters to search')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const field = screen.getByLabelText('Search the library and the forums');
    await userEvent.clear(field);
    await userEvent.type(field, 'slow walk{Enter}');
    expect(location.history.at(-1)).toBe('/search?q=slow%20walk');
  });
});
