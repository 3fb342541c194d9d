import { clearToasts, freeMember, makeContentItem, premiumMember } from '@client/testing/content';
import { listItemTexts, type Routes, renderWithRoutes } from '@client/testing/render';
import { apiPreloadsFor } from '@shared/preloads';
import type { CurrentUser } from '@shared/schemas/auth';
import type { ContentItem, Favorite } from '@shared/schemas/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentDetail } from './content-detail';
import { loginRedirect } from './favorite-button';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDetail(item: ContentItem, routes: Routes = {}, user: CurrentUser | null = freeMember) {
  return renderWithRoutes(
    <ContentDetail id={item.id} />,
    {
      '/api/auth/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
      [`/api/videos/${item.id}`]: { body: item },
      '/api/user/favorites': { body: [] },
      '/api/progress': { body: [] },
      ...routes,
    },
    { path: `/video/${item.id}`, toaster: true },
  );
}

/** The signed URL's answer for item a1, which can be played. */
const PLAYABLE = {
  '/api/videos/a1/signed-url': {
    body: { signedUrl: '/media/a1?sig=x', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
};

function expectUpgradePanel() {
  expect(screen.getByRole('heading', { name: 'Premium Content' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
}

const audio = makeContentItem({
  id: 'a1',
  title: 'Morning Breath',
  type: 'audio',
  duration: 610,
  intensity: 'gentle',
  tags: ['breath', 'morning', 'calm', 'focus'],
});

describe('content detail', () => {
  it('reads what the server preloads with the page, with credentials; the signed URL is not preloaded', async () => {
    const id = '0b7c7a52-3c59-4b8e-9a55-3f1f0e6a9d21';
    const { calls } = renderDetail(
      { ...audio, id },
      {
        [`/api/videos/${id}/signed-url`]: {
          body: { signedUrl: '/media/a1?sig=x', expiresAt: '2099-01-01T00:00:00.000Z' },
        },
      },
    );
    expect(await screen.findByRole('button', { name: 'Play Morning Breath' })).toBeInTheDocument();
    const preloads = apiPreloadsFor(`/video/${id}`);
    const requested = new Set(calls.map((call) => call.url));
    for (const url of preloads) expect(requested.has(url), url).toBe(true);
    expect([...requested].filter((url) => !preloads.includes(url))).toEqual([`/api/videos/${id}/signed-url`]);
    for (const call of calls) expect(call.init?.credentials, call.url).toBe('include');
  });

  it('shows the title, duration in minutes, intensity, up to three tags and the player', async () => {
    renderDetail(audio, PLAYABLE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning Breath' })).toBeInTheDocument();
    expect(screen.getByText('10 min')).toBeInTheDocument();
    expect(screen.getByText('Gentle')).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(listItemTexts(tags)).toEqual(['breath', 'morning', 'calm']);
    expect(await screen.findByRole('button', { name: 'Play Morning Breath' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek Morning Breath' })).toHaveAttribute('max', '610');
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('min', '0');
    expect(volume).toHaveAttribute('max', '1');
    expect(volume).toHaveAttribute('step', '0.1');
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(screen.getByText('10:10')).toBeInTheDocument();
  });

  it('resumes from saved progress', async () => {
    renderDetail(audio, {
      ...PLAYABLE,
      '/api/progress': {
        body: [
          {
            videoId: 'a1',
            positionSeconds: 125,
            completed: false,
            updatedAt: '2025-06-02T00:00:00Z',
            video: audio,
          },
        ],
      },
    });
    expect(await screen.findByRole('slider', { name: 'Seek Morning Breath' })).toHaveValue('125');
    expect(screen.getByText('2:05')).toBeInTheDocument();
  });

  it.each([402, 403])(
    'shows Premium Content with Upgrade Now when the signed URL answers %i',
    async (status) => {
      renderDetail(audio, {
        '/api/videos/a1/signed-url': {
          status,
          body: { message: 'Premium required', code: 'PREMIUM_REQUIRED' },
        },
      });
      await screen.findByRole('heading', { name: 'Premium Content' });
      expectUpgradePanel();
      expect(screen.queryByRole('button', { name: /^Play/ })).not.toBeInTheDocument();
    },
  );

  it("shows No Video File when the server says 'Video source not available'", async () => {
    renderDetail(makeContentItem({ ...audio, type: 'video' }), {
      '/api/videos/a1/signed-url': {
        status: 404,
        body: { message: 'Video source not available', code: 'NO_MEDIA' },
      },
    });
    expect(await screen.findByRole('heading', { name: 'No Video File' })).toBeInTheDocument();
    expect(screen.getByText("This video hasn't been uploaded yet")).toBeInTheDocument();
  });

  it('shows No Audio File for an audio item without media, without asking', async () => {
    const { calls } = renderDetail({ ...audio, hasMedia: false });
    expect(await screen.findByRole('heading', { name: 'No Audio File' })).toBeInTheDocument();
    expect(screen.getByText("This audio hasn't been uploaded yet")).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/signed-url'))).toBe(false);
  });

  it.each([
    ['a server error', { status: 500, body: { message: 'Internal Server Error' } }],
    ['an answer without a URL', { body: {} }],
  ])('shows Video Error for %s', async (_label, response) => {
    renderDetail(makeContentItem({ ...audio, type: 'video' }), { '/api/videos/a1/signed-url': response });
    expect(await screen.findByRole('heading', { name: 'Video Error' })).toBeInTheDocument();
    expect(screen.getByText('Unable to load video content')).toBeInTheDocument();
  });

  it('plays video inline with the same labelled controls', async () => {
    const { container } = renderDetail(makeContentItem({ ...audio, type: 'video' }), PLAYABLE);
    expect(await screen.findByRole('button', { name: 'Play Morning Breath' })).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('src', '/media/a1?sig=x');
  });

  it('shows an Upgrade Now panel, and no player, for premium content without a subscription', async () => {
    const { calls } = renderDetail({ ...audio, isPremium: true });
    await screen.findByRole('heading', { name: 'Premium Content' });
    expectUpgradePanel();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/signed-url'))).toBe(false);
  });

  it('plays premium content for subscribers', async () => {
    renderDetail({ ...audio, isPremium: true }, PLAYABLE, premiumMember);
    expect(await screen.findByRole('button', { name: 'Play Morning Breath' })).toBeInTheDocument();
  });

  it('shows a post as a picture and its paragraphs, as text', async () => {
    const post = makeContentItem({
      id: 'p1',
      type: 'post',
      title: 'On Stillness',
      description: 'First thought.\nSame paragraph.\n\n<b>Second</b> thought.',
    });
    const { calls } = renderDetail(post);
    expect(await screen.findByRole('heading', { level: 1, name: 'On Stillness' })).toBeInTheDocument();
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    const first = screen.getByText(/First thought/);
    expect(first.tagName).toBe('P');
    expect(first.textContent).toBe('First thought.\nSame paragraph.');
    expect(screen.getByText('<b>Second</b> thought.')).toBeInTheDocument();
    expect(screen.getByText('1 min')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/signed-url'))).toBe(false);
  });

  it("shows a premium post's teaser as an opening, the whole post's reading time and the upgrade panel", async () => {
    const teaser = makeContentItem({
      id: 'p2',
      type: 'post',
      title: 'The Long Quiet',
      isPremium: true,
      isTeaser: true,
      readingMinutes: 7,
      description: 'The first paragraph.\n\nThe opening of the second',
    });
    renderDetail(teaser);
    expect(await screen.findByRole('heading', { level: 1, name: 'The Long Quiet' })).toBeInTheDocument();
    const opening = screen.getByTestId('content-teaser');
    expect(within(opening).getByText('The first paragraph.')).toBeInTheDocument();
    expect(within(opening).getByText('The opening of the second…')).toBeInTheDocument();
    expect(screen.getByText('7 min')).toBeInTheDocument();
    expectUpgradePanel();
    expect(
      screen.getByText(
        'The rest of this article is part of the premium library. Upgrade to read it whenever you like.',
      ),
    ).toBeInTheDocument();
  });

  it('trusts the teaser flag even when this browser believes the member has premium', async () => {
    renderDetail(
      makeContentItem({
        id: 'p3',
        type: 'post',
        isPremium: true,
        isTeaser: true,
        description: 'Only the start',
      }),
      {},
      premiumMember,
    );
    expect(await screen.findByText('Only the start…')).toBeInTheDocument();
    expectUpgradePanel();
  });

  it('shows a premium post whole, without an upgrade panel, to a subscriber', async () => {
    renderDetail(
      makeContentItem({ id: 'p4', type: 'post', isPremium: true, description: 'All of it, to the end.' }),
      {},
      premiumMember,
    );
    expect(await screen.findByText('All of it, to the end.')).toBeInTheDocument();
    expect(screen.queryByTestId('content-teaser')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it('shows a calm not-found card for an unknown item', async () => {
    renderDetail(audio, { '/api/videos/a1': { status: 404, body: { message: 'Content not found' } } });
    expect(await screen.findByRole('heading', { name: 'Content not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the library' })).toHaveAttribute('href', '/library');
  });
});

describe('favourite toggle', () => {
  const post = makeContentItem({ id: 'p1', type: 'post', title: 'On Stillness' });
  const favorite: Favorite = { id: 'f1', videoId: 'p1', createdAt: '2025-06-02T00:00:00Z', video: post };

  it('shows as pressed when the item is among the favourites, and toggles', async () => {
    let isFavorite = true;
    renderDetail(post, {
      '/api/user/favorites': () => ({ body: isFavorite ? [favorite] : [] }),
      'POST /api/user/favorites/p1': () => {
        isFavorite = !isFavorite;
        return { body: { isFavorite } };
      },
    });
    const button = await screen.findByRole('button', { name: 'Favorite' });
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(button);
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(button);
    await vi.waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  });

  it('sends a logged-out member to sign in, 500 ms after saying so', async () => {
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => {});
    renderDetail(post, { 'POST /api/user/favorites/p1': { status: 401, body: { message: 'Unauthorized' } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1), { timeout: 1500 });
    expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('explains that favourites of premium content need premium (403)', async () => {
    renderDetail(post, {
      'POST /api/user/favorites/p1': {
        status: 403,
        body: { message: 'Premium required', code: 'PREMIUM_REQUIRED' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(
      await screen.findByText('Upgrade to premium to save this content to your favorites.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Premium Content')).toBeInTheDocument();
  });

  it('says so when the favourite could not be saved', async () => {
    renderDetail(post, { 'POST /api/user/favorites/p1': { status: 500, body: { message: 'boom' } } });
    const button = await screen.findByRole('button', { name: 'Favorite' });
    await userEvent.click(button);
    expect(await screen.findByText('Failed to update favorite')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks signed-out visitors to sign in', async () => {
    const { calls } = renderDetail(post, {}, null);
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    expect(await screen.findByText('Please sign in to save favorites.')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);
  });
});
