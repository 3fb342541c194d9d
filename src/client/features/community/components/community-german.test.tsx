import { activateLocale } from '@client/lib/i18n';
import { makeComment, makeForum, makePost } from '@client/testing/community';
import { clearToasts, freeMember, waitForCurrentUser } from '@client/testing/content';
import { renderWithRoutes } from '@client/testing/render';
import { AT_RISK_SUPPORT } from '@shared/schemas/moderation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlagDialog } from './flag-dialog';
import { ForumDirectory } from './forum-directory';
import { PostView } from './post-view';

// The community in German (issue 37): the screens' own words come from the catalogues, the
// members' words (titles, posts, names) stay as written, and no key id ever shows.
beforeEach(async () => {
  await activateLocale('de', ['common', 'community']);
});

afterEach(async () => {
  clearToasts();
  vi.unstubAllGlobals();
  await activateLocale('en');
});

function expectNoKeyIds() {
  expect(document.body.textContent).not.toMatch(/community\.[a-z]/);
  for (const element of document.querySelectorAll('[aria-label]')) {
    expect(element.getAttribute('aria-label')).not.toMatch(/community\.[a-z]/);
  }
}

describe('the community in German', () => {
  it('names the forum groups and counts posts and members in German', async () => {
    renderWithRoutes(
      <ForumDirectory />,
      {
        '/api/auth/user': { body: freeMember },
        '/api/forums': {
          body: [
            makeForum({ slug: 'breath', title: 'Breath Practice', category: 'practice', postCount: 1 }),
            makeForum({ slug: 'hard-days', title: 'Hard Days', category: 'support', memberCount: 1 }),
          ],
        },
      },
      { path: '/community' },
    );
    expect(await screen.findByRole('heading', { name: 'Praxis & Techniken' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Halt & Gemeinschaft' })).toBeInTheDocument();
    expect(screen.getByText('1 Beitrag')).toBeInTheDocument();
    expect(screen.getByText('3 Beiträge')).toBeInTheDocument();
    expect(screen.getByText('1 Mitglied')).toBeInTheDocument();
    expect(screen.getAllByText('5 Mitglieder')).toHaveLength(1);
    // The forum's own title is the teacher's words, unchanged.
    expect(screen.getByText('Breath Practice')).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('shows a post, its actions, its comments and the comment box in German', async () => {
    const post = makePost({ likeCount: 2, commentCount: 1 });
    const view = renderWithRoutes(
      <PostView id={post.id} />,
      {
        '/api/auth/user': { body: freeMember },
        [`/api/posts/${post.id}`]: { body: post },
        [`/api/posts/${post.id}/comments?limit=20`]: { body: [makeComment({ likeCount: 1 })] },
      },
      { path: `/community/posts/${post.id}` },
    );
    await waitForCurrentUser(view.queryClient);
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(screen.getByRole('button', { name: 'Beitrag liken, 2 Likes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Beitrag melden' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Kommentare (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Kommentar liken, 1 Like' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iris Vale antworten' })).toBeInTheDocument();
    expect(screen.getByLabelText('Kommentieren')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
    expect(screen.getByText('1 Kommentar')).toBeInTheDocument();
    expectNoKeyIds();
  });

  it('asks why in German when a member flags, and answers "someone may be at risk" with kind German words', async () => {
    renderWithRoutes(<FlagDialog target={{ kind: 'post', id: 'p1', postId: 'p1' }} subject="Beitrag" />, {
      'POST /api/posts/p1/flag': {
        status: 201,
        body: {
          isHidden: false,
          supportResources: { ...AT_RISK_SUPPORT, links: [...AT_RISK_SUPPORT.links] },
        },
      },
      '/api/site/help': { body: { faqHtml: '', contactEmail: '', helplines: [] } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Beitrag melden' }));
    const form = await screen.findByRole('dialog', { name: 'Diesen Beitrag melden' });
    expect(within(form).getByText('Unfreundlich oder belästigend')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: /Jemand ist vielleicht in Gefahr/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Melden' }));
    const support = await screen.findByRole('dialog', { name: 'Danke, dass du auf jemanden achtest' });
    expect(within(support).getByText(/ruf die Notrufnummer deines Landes an/)).toBeInTheDocument();
    expect(
      within(support).getByRole('link', {
        name: /Finde ein Hilfetelefon in deiner Nähe \(findahelpline\.com\)/,
      }),
    ).toHaveAttribute('href', 'https://findahelpline.com');
    expectNoKeyIds();
  });
});
