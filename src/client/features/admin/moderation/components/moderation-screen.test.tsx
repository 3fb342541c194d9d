import { expectTexts } from '@client/features/admin/kit/form-testing';
import { adminScreenTests, expectAccessDenied, type Routes } from '@client/features/admin/kit/testing';
import { adminUser } from '@client/testing/community';
import type { CurrentUser } from '@shared/schemas/auth';
import type { ModerationItem } from '@shared/schemas/moderation';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ModerationScreen } from './moderation-screen';

const moderator: CurrentUser = { ...adminUser, id: 'mod-1', isAdmin: false, isModerator: true };
const member: CurrentUser = { ...adminUser, id: 'member-1', isAdmin: false, isModerator: false };
const QUEUE_URL = '/api/admin/moderation?limit=20';
const AUDIT_URL = '/api/admin/audit-log?limit=20';

const item: ModerationItem = {
  kind: 'post',
  id: '0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d',
  postId: '0b7a3c1e-2f4d-4c5b-9a6e-7d8f9a0b1c2d',
  title: 'Miracle cure',
  content: 'Stop your medication and breathe instead.',
  isHidden: true,
  isHeld: false,
  author: { id: 'author-1', firstName: 'Rowan', lastName: 'Hale', profileImageUrl: null },
  authorIsMuted: false,
  forum: { slug: 'support', title: 'Support Circle' },
  flaggerCount: 3,
  reasons: [
    { reason: 'harmful_advice', count: 2 },
    { reason: 'other', count: 1 },
  ],
  notes: ['Dangerous advice'],
  lastFlaggedAt: new Date().toISOString(),
  countedFlaggerCount: 1,
  flaggers: [
    {
      member: { id: 'flagger-1', firstName: 'Ada', lastName: 'Moss', profileImageUrl: null },
      reason: 'harmful_advice',
      flaggedAt: new Date().toISOString(),
      accountCreatedAt: new Date(Date.now() - 400 * 86_400_000).toISOString(),
      isEstablished: true,
      counts: true,
    },
    {
      member: { id: 'flagger-2', firstName: 'New', lastName: 'Comer', profileImageUrl: null },
      reason: 'harmful_advice',
      flaggedAt: new Date().toISOString(),
      accountCreatedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      isEstablished: false,
      counts: false,
    },
    {
      member: { id: 'flagger-3', firstName: 'Twin', lastName: 'Comer', profileImageUrl: null },
      reason: 'other',
      flaggedAt: new Date().toISOString(),
      accountCreatedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      isEstablished: true,
      counts: false,
    },
  ],
};

const render = adminScreenTests(<ModerationScreen />, '/admin/moderation');
const renderScreen = (user: CurrentUser | null, routes: Routes = {}) =>
  render({ [QUEUE_URL]: { body: [item] }, [AUDIT_URL]: { body: [] }, ...routes }, user).calls;

describe('/admin/moderation', () => {
  it('members see Access Denied and never ask for the queue', async () => {
    const calls = renderScreen(member);
    await expectAccessDenied();
    expect(calls.some((call) => call.url.startsWith('/api/admin/moderation'))).toBe(false);
  });

  it('moderators see each flagged item with its reasons, count, author and forum; no audit log', async () => {
    const calls = renderScreen(moderator);
    const card = await screen.findByRole('article', { name: 'Miracle cure' });
    expectTexts(card, [
      '3 members flagged this',
      'Harmful health advice ×2',
      'Something else',
      'Support Circle',
    ]);
    expect(within(card).getByText(/By Rowan Hale/)).toBeInTheDocument();
    // Who flagged, how old their accounts are, and whose flags count towards hiding.
    expect(within(card).getByText('1 of them counts towards hiding it')).toBeInTheDocument();
    const flaggers = within(card)
      .getAllByRole('listitem')
      .filter((li) => li.closest('[aria-label="Who flagged"]'));
    expect(flaggers.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Ada Moss · Harmful health advice · joined .+ ago$/),
      expect.stringMatching(
        /^New Comer · Harmful health advice · joined .+ \(new, unverified or muted: does not count\)$/,
      ),
      expect.stringMatching(
        /^Twin Comer · Something else · joined .+ \(made from the same address as another flagger: counted once\)$/,
      ),
    ]);
    expect(within(card).getByText('Hidden')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/admin/audit-log'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Back to Community' })).toHaveAttribute('href', '/community');
  });

  it('remove asks for a reason and sends it', async () => {
    const user = userEvent.setup();
    const calls = renderScreen(moderator, {
      [`POST /api/admin/moderation/posts/${item.id}/remove`]: { status: 204 },
    });
    const card = await screen.findByRole('article', { name: 'Miracle cure' });
    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Medical advice that could hurt someone');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed')).toBeInTheDocument();
    const sent = calls.find((call) => call.url.endsWith('/remove'));
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      reason: 'Medical advice that could hurt someone',
    });
  });

  it('offers to try again when the queue cannot be loaded', async () => {
    let attempts = 0;
    renderScreen(moderator, {
      [QUEUE_URL]: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: 'boom' } : { body: [item] };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The queue could not be loaded' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Miracle cure' })).toBeInTheDocument();
  });

  it('reads the next page of the queue with Load more, which goes once there is none', async () => {
    const later: ModerationItem = {
      ...item,
      id: '1c8b4d2f-3a5e-4d6c-8b7f-8e9a0b1c2d3e',
      title: 'Quiet spam',
    };
    renderScreen(moderator, {
      [QUEUE_URL]: { body: [item], headers: { 'x-next-cursor': 'c1' } },
      [`${QUEUE_URL}&cursor=c1`]: { body: [later] },
    });
    await screen.findByRole('article', { name: 'Miracle cure' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Quiet spam' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('admins also read the audit log', async () => {
    renderScreen(adminUser);
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(await screen.findByText('No moderation actions yet.')).toBeInTheDocument();
  });

  it('role changes read with who made them, the admin CLI and ADMIN_EMAILS by name', async () => {
    const entry = (id: string, action: string, actor: string | null, reason: string | null) => ({
      id,
      action,
      targetType: 'user',
      targetId: 'member-2',
      actor: {
        id: actor,
        firstName: actor ? 'Ada' : null,
        lastName: actor ? 'Quill' : null,
        profileImageUrl: null,
      },
      subject: { id: 'member-2', firstName: 'Sam', lastName: 'Reed', profileImageUrl: null },
      reason,
      summary: null,
      createdAt: new Date().toISOString(),
    });
    renderScreen(adminUser, {
      [AUDIT_URL]: {
        body: [
          entry('1', 'grant_admin', null, 'ADMIN_EMAILS'),
          entry('2', 'revoke_admin', null, 'admin CLI'),
          entry('3', 'grant_complimentary', 'admin-9', null),
        ],
      },
    });
    const log = within(await screen.findByRole('region', { name: 'Audit log' }));
    expect(await log.findByText(/made an admin: Sam Reed/)).toHaveTextContent(
      'ADMIN_EMAILS made an admin: Sam Reed',
    );
    expect(log.getByText(/removed admin rights from/)).toHaveTextContent(
      'admin CLI removed admin rights from Sam Reed',
    );
    expect(log.getByText(/gave complimentary premium to/)).toHaveTextContent(
      'Ada Quill gave complimentary premium to Sam Reed',
    );
  });
});
