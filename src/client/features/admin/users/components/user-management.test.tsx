import { expectTexts } from '@client/features/admin/kit/form-testing';
import { adminScreenTests, expectAccessDenied, type Routes } from '@client/features/admin/kit/testing';
import type { AdminUser } from '@shared/schemas/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { registeredUsersText, UserManagement } from './user-management';

const LIST_URL = '/api/admin/users?limit=25';

/** A member as the admin list shows them: no name, role, subscription or restriction unless given. */
const UNNAMED = { firstName: null, lastName: null };
const UNPAID = {
  stripeCustomerId: null,
  subscriptionStatus: null,
  complimentary: false,
  complimentaryUntil: null,
};
const NO_ROLE = { isAdmin: false, isModerator: false, mute: null, suspension: null };
function makeUser(user: Pick<AdminUser, 'id' | 'email' | 'createdAt'> & Partial<AdminUser>): AdminUser {
  return { ...UNNAMED, ...UNPAID, ...NO_ROLE, ...user };
}

const me = makeUser({
  id: 'admin-1',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin: true,
  createdAt: '2025-01-05T12:00:00Z',
});
const payer = makeUser({
  id: '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Lindqvist',
  createdAt: '2025-03-14T12:00:00Z',
  subscriptionStatus: 'active',
  stripeCustomerId: 'cus_123',
});
const lapsed = makeUser({
  id: '7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f',
  email: 'sam@example.com',
  createdAt: '2025-04-02T12:00:00Z',
  subscriptionStatus: 'canceled',
});
const gifted: AdminUser = {
  ...lapsed,
  id: '8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
  email: 'gift@example.com',
  subscriptionStatus: 'active',
  complimentary: true,
};

const renderScreen = adminScreenTests(<UserManagement />, '/admin/users');

const listOf = (users: AdminUser[], total = users.length, headers: Record<string, string> = {}) => ({
  body: users,
  headers: { 'x-total-count': String(total), ...headers },
});

const cardFor = (email: string) => screen.findByRole('article', { name: email });

/** Presses an action's button on a member's card; gives back its confirmation dialog. */
async function openAction(email: string, button: RegExp | string, dialogName?: string) {
  await userEvent.click(within(await cardFor(email)).getByRole('button', { name: button }));
  return screen.findByRole('alertdialog', dialogName ? { name: dialogName } : {});
}

/** The member's PUT route, keeping the body it was sent in `sent.body`. */
function recordPut(user: AdminUser, reply: Routes[string]) {
  const sent: { body: unknown } = { body: null };
  const route = (init?: RequestInit) => {
    sent.body = JSON.parse(String(init?.body));
    return typeof reply === 'function' ? reply(init) : reply;
  };
  return { sent, routes: { [`PUT /api/admin/users/${user.id}`]: route } };
}

describe('/admin/users states', () => {
  it('has the title, subtitle and Back to Dashboard link', async () => {
    renderScreen({ [LIST_URL]: listOf([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('View and manage user accounts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('shows five skeleton cards while loading', async () => {
    renderScreen({ [LIST_URL]: { never: true } });
    expect(await screen.findAllByTestId('user-skeleton')).toHaveLength(5);
  });

  it('says No users found / No registered users at this time. when empty', async () => {
    renderScreen({ [LIST_URL]: listOf([]) });
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('No registered users at this time.')).toBeInTheDocument();
  });

  it('shows a calm Access Denied when the server refuses (no client-side gate)', async () => {
    renderScreen({ [LIST_URL]: { status: 403, body: { message: 'Admins only', code: 'ADMIN_REQUIRED' } } });
    await expectAccessDenied();
  });

  it('offers a retry when loading fails', async () => {
    let attempts = 0;
    renderScreen({
      [LIST_URL]: () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: 'boom' } : listOf([me]);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await cardFor('admin@example.com')).toBeInTheDocument();
  });
});

describe('/admin/users list', () => {
  it('counts registered users from x-total-count', async () => {
    renderScreen({ [LIST_URL]: listOf([me, payer, lapsed], 128) });
    expect(await screen.findByText('128 registered users')).toBeInTheDocument();
    expect(registeredUsersText(1)).toBe('1 registered user');
  });

  it('shows each user: e-mail, Admin badge, Joined date, status badge, id and customer id', async () => {
    renderScreen({ [LIST_URL]: listOf([me, payer, lapsed]) });
    const mine = await cardFor('admin@example.com');
    expectTexts(mine, ['Admin', 'You', 'Joined Jan 5, 2025', 'admin-1']);
    expect(within(mine).getByText('free').closest('[data-tone]')).toHaveAttribute('data-tone', 'grey');
    expect(within(mine).queryByText('Customer ID')).not.toBeInTheDocument();

    const paying = await cardFor('maya@example.com');
    expect(within(paying).queryByText('Admin')).not.toBeInTheDocument();
    expectTexts(paying, ['Maya Lindqvist ·', 'Joined Mar 14, 2025', payer.id, 'cus_123']);
    const active = within(paying).getByText('active').closest('[data-tone]');
    expect(active).toHaveAttribute('data-tone', 'green');
    expect(active?.querySelector('svg')).not.toBeNull();

    const gone = await cardFor('sam@example.com');
    expect(within(gone).getByText('canceled').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
  });

  it('searches by e-mail on the server', async () => {
    const { calls } = renderScreen({
      [LIST_URL]: listOf([me, payer, lapsed]),
      '/api/admin/users?q=maya&limit=25': listOf([payer]),
      '/api/admin/users?q=nobody&limit=25': listOf([]),
    });
    await cardFor('sam@example.com');
    const search = screen.getByRole('searchbox', { name: 'Search users by e-mail' });
    await userEvent.type(search, 'maya');
    expect(await screen.findByText('1 registered user matches "maya"')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'sam@example.com' })).not.toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(await screen.findByText('No e-mail address matches "nobody".')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin/users?q=maya&limit=25')).toBe(true);
  });

  it('loads more through the next cursor', async () => {
    renderScreen({
      [LIST_URL]: listOf([me], 2, { 'x-next-cursor': 'c1' }),
      '/api/admin/users?limit=25&cursor=c1': listOf([payer], 2),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await cardFor('maya@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('/admin/users actions', () => {
  it('offers the actions that apply to each member', async () => {
    renderScreen({ [LIST_URL]: listOf([me, payer, lapsed, gifted]) });
    const mine = await cardFor('admin@example.com');
    expect(within(mine).getByRole('button', { name: /^Remove admin/ })).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: /^Grant complimentary premium/ })).toBeInTheDocument();
    const paying = await cardFor('maya@example.com');
    expect(within(paying).getByRole('button', { name: /^Make admin/ })).toBeInTheDocument();
    // Already paying: there is nothing to grant.
    expect(within(paying).queryByRole('button', { name: /complimentary/ })).not.toBeInTheDocument();
    const gift = await cardFor('gift@example.com');
    expect(within(gift).getByText('Complimentary')).toBeInTheDocument();
    expect(within(gift).getByRole('button', { name: /^End complimentary premium/ })).toBeInTheDocument();
  });

  it('makes a member an admin after confirming, then refreshes and confirms', async () => {
    let isAdminNow = false;
    const put = recordPut(payer, () => {
      isAdminNow = true;
      return { body: { ...payer, isAdmin: true } };
    });
    const { calls } = renderScreen({
      [LIST_URL]: () => listOf([me, { ...payer, isAdmin: isAdminNow }]),
      ...put.routes,
    });
    const dialog = await openAction(
      'maya@example.com',
      'Make admin for maya@example.com',
      'Make maya@example.com an admin?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Admin rights granted')).toBeInTheDocument();
    expect(screen.getByText('maya@example.com is now an admin.')).toBeInTheDocument();
    expect(put.sent.body).toEqual({ isAdmin: true });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(await cardFor('maya@example.com')).getByText('Admin')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === LIST_URL).length).toBe(2);
  });

  it('explains, when removing your own rights, that you will lose access', async () => {
    renderScreen({ [LIST_URL]: listOf([me, payer]) });
    const dialog = await openAction('admin@example.com', /^Remove admin/, 'Remove your own admin rights?');
    expect(dialog).toHaveTextContent('You will lose access to the admin screens straight away');
    expect(within(dialog).getByRole('button', { name: 'Remove my admin rights' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server’s LAST_ADMIN message when the last admin would be removed', async () => {
    const lastAdmin = 'This is the last admin; grant another account admin rights first.';
    renderScreen({
      [LIST_URL]: listOf([me]),
      'PUT /api/admin/users/admin-1': { status: 409, body: { message: lastAdmin, code: 'LAST_ADMIN' } },
    });
    const dialog = await openAction('admin@example.com', /^Remove admin/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove my admin rights' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(lastAdmin)).toBeInTheDocument();
    expect(within(await cardFor('admin@example.com')).getByText('Admin')).toBeInTheDocument();
  });

  // Granting fails without a message from the server (the fallback words show); ending goes through.
  it.each([
    {
      user: lapsed,
      button: /^Grant complimentary premium/,
      dialogName: 'Grant complimentary premium to sam@example.com?',
      confirm: 'Grant premium',
      reply: { status: 500, body: '' },
      shown: 'Failed to update user',
      sent: { complimentaryPremium: true },
    },
    {
      user: gifted,
      button: /^End complimentary premium/,
      dialogName: 'End complimentary premium for gift@example.com?',
      confirm: 'End premium',
      reply: { body: { ...gifted, complimentary: false, subscriptionStatus: 'canceled' } },
      shown: 'Complimentary premium ended',
      sent: { complimentaryPremium: false },
    },
  ])(
    '$confirm: sends $sent and says $shown',
    async ({ user, button, dialogName, confirm, reply, shown, sent }) => {
      const put = recordPut(user, reply);
      renderScreen({ [LIST_URL]: listOf([user]), ...put.routes });
      const dialog = await openAction(user.email, button, dialogName);
      await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(put.sent.body).toEqual(sent);
    },
  );
});

describe('/admin/users complimentary end date', () => {
  it('grants complimentary premium until the chosen day, and the card shows the end', async () => {
    const until = '2031-12-31';
    const put = recordPut(lapsed, () => ({
      body: {
        ...lapsed,
        subscriptionStatus: 'active',
        complimentary: true,
        complimentaryUntil: `${until}T00:00:00.000Z`,
      },
    }));
    renderScreen({ [LIST_URL]: listOf([lapsed]), ...put.routes });
    const dialog = await openAction(
      'sam@example.com',
      /^Grant complimentary premium/,
      'Grant complimentary premium to sam@example.com?',
    );
    await userEvent.type(within(dialog).getByLabelText('Ends on (optional)'), until);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant premium' }));
    expect(put.sent.body).toEqual({ complimentaryPremium: true, complimentaryUntil: until });
  });

  it('shows when complimentary premium ends, and offers it again once it has ended', async () => {
    const ending = { ...gifted, complimentaryUntil: '2031-12-31T00:00:00.000Z' };
    const ended = {
      ...gifted,
      id: '9e0f1a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b',
      email: 'ended@example.com',
      complimentary: false,
      complimentaryUntil: '2020-01-31T00:00:00.000Z',
    };
    renderScreen({ [LIST_URL]: listOf([ending, ended]) });
    const card = await cardFor('gift@example.com');
    expect(within(card).getByText('Complimentary until')).toBeInTheDocument();
    expect(within(card).getByText('Dec 31, 2031')).toBeInTheDocument();
    const endedCard = await cardFor('ended@example.com');
    expect(
      within(endedCard).getByRole('button', { name: /^Grant complimentary premium/ }),
    ).toBeInTheDocument();
  });
});
