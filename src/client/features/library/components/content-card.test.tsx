import {
  clearToasts,
  freeMember,
  makeContentItem,
  premiumMember,
  waitForCurrentUser,
} from '@client/testing/content';
import { listItemTexts, renderWithRoutes } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import type { ContentItem } from '@shared/schemas/content';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentCard } from './content-card';

afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
});

function renderCard(item = makeContentItem(), user: CurrentUser | null = freeMember) {
  return renderWithRoutes(
    <ContentCard item={item} />,
    { '/api/auth/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } } },
    { path: '/library', toaster: true },
  );
}

describe('ContentCard', () => {
  it('shows the title as a link, the type, the reading time and two tags then "+N more"', () => {
    renderCard(
      makeContentItem({
        id: 'c1',
        title: 'Evening Wind-Down',
        type: 'audio',
        duration: 725,
        tags: ['sleep', 'breath', 'body scan', 'evening', 'rest'],
      }),
    );
    const card = screen.getByRole('article', { name: 'Evening Wind-Down' });
    expect(within(card).getByRole('link', { name: 'Evening Wind-Down' })).toHaveAttribute(
      'href',
      '/video/c1',
    );
    expect(within(card).getByText('Audio')).toBeInTheDocument();
    expect(within(card).getByText('12 min')).toBeInTheDocument();
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(listItemTexts(tags)).toEqual(['sleep', 'breath', '+3 more']);
  });

  it('shows no "+N more" with two tags or fewer, and no tag list without tags', () => {
    const { unmount } = renderCard(makeContentItem({ tags: ['calm', 'focus'] }));
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
    unmount();
    renderCard(makeContentItem({ tags: [] }));
    expect(screen.queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
  });

  it("shows the server's reading time (a teaser reads shorter than the post) and marks premium content", () => {
    renderCard(
      makeContentItem({
        type: 'post',
        description: 'The opening words of a long post',
        isTeaser: true,
        readingMinutes: 3,
        isPremium: true,
      }),
    );
    expect(screen.getByText('3 min')).toBeInTheDocument();
    expect(screen.getByText('Post')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
  });

  it('shows a gentle placeholder without a thumbnail, and when the thumbnail fails', () => {
    const { container, unmount } = renderCard(makeContentItem({ thumbnailUrl: null }));
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    unmount();

    const second = renderCard(makeContentItem({ thumbnailUrl: '/objects/thumbs/missing.webp' }));
    const image = second.container.querySelector('img');
    expect(image).toHaveAttribute('src', '/objects/thumbs/missing.webp');
    fireEvent.error(image as HTMLImageElement);
    expect(second.container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('thumbnail-placeholder')).toBeInTheDocument();
  });

  it.each<[string, Partial<ContentItem>, CurrentUser | null]>([
    ['a member without a subscription', { isPremium: true }, freeMember],
    ['a signed-out visitor (no premium access)', { isPremium: true }, null],
    [
      "a subscriber on a teaser (the server's flag wins over what this browser believes)",
      { isPremium: true, isTeaser: true },
      premiumMember,
    ],
  ])('explains premium content to %s and stays put', async (_who, overrides, user) => {
    const { location, queryClient } = renderCard(
      makeContentItem({ id: 'p1', title: 'Deep Rest', ...overrides }),
      user,
    );
    await waitForCurrentUser(queryClient);
    await userEvent.click(screen.getByRole('link', { name: 'Deep Rest' }));
    expect(await screen.findByText('This content requires a premium subscription.')).toBeInTheDocument();
    expect(location.history).toEqual(['/library']);
  });

  it('opens premium content for subscribers, and free content for everyone', async () => {
    const { location, queryClient } = renderCard(
      makeContentItem({ id: 'p1', title: 'Deep Rest', isPremium: true }),
      premiumMember,
    );
    await waitForCurrentUser(queryClient);
    await userEvent.click(screen.getByRole('link', { name: 'Deep Rest' }));
    expect(location.history.at(-1)).toBe('/video/p1');
    expect(screen.queryByText('This content requires a premium subscription.')).not.toBeInTheDocument();
  });
});
