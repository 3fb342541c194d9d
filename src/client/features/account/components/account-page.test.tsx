import { makeDetails, noSubscription, plansOf, stripePlan } from '@client/features/subscriptions/testing';
import { installFakeXhr, makeFile, waitForXhr } from '@client/features/uploads/testing';
import { clearToasts, freeMember, makeContentItem, premiumMember } from '@client/testing/content';
import { bodyOf, expectLink, renderWithRoutes, type stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { accountBrowser, GOODBYE_DELAY_MS } from '../browser';
import { AccountPage } from './account-page';
import { EMAIL_CONFIRMED_MESSAGE, LINK_FAILED_MESSAGE } from './email-confirmation';

vi.setConfig({ testTimeout: 15_000 });

type Routes = Parameters<typeof stubFetch>[0];

let assign: MockInstance<typeof accountBrowser.assign>;

beforeEach(() => {
  assign = vi.spyOn(accountBrowser, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const favorite = makeContentItem({
  id: '3d1f4c4e-8a0b-4c55-9d57-0f1e2d3c4b5a',
  title: 'Tide Breathing',
  type: 'audio',
});

function renderAccount(routes: Routes = {}, user: CurrentUser | null = premiumMember, path = '/account') {
  const view = renderWithRoutes(
    <AccountPage />,
    {
      '/api/auth/user': user ? { body: user } : { status: 401, body: { message: 'Unauthorized' } },
      '/api/subscription-details': { body: makeDetails() },
      '/api/billing/plan': { body: stripePlan },
      '/api/billing/plans': { body: plansOf(stripePlan) },
      '/api/user/favorites': {
        body: [{ id: 'f1', videoId: favorite.id, createdAt: '2025-06-02T08:00:00Z', video: favorite }],
      },
      ...routes,
    },
    { path, toaster: true },
  );
  return view;
}

describe('/account', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderAccount({}, null);
    expect(await screen.findByText('Please sign in to access your account.')).toBeInTheDocument();
    expectLink('Sign In', '/sign-in?returnTo=%2Faccount');
  });

  it('shows the avatar initials, name and e-mail, the shortcuts and Sign Out', async () => {
    renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeInTheDocument();
    expect(screen.getAllByText('maya@example.com').length).toBeGreaterThan(0);
    expect(screen.getAllByText('ML').length).toBeGreaterThan(0);
    const shortcuts = screen.getByRole('navigation', { name: 'Account shortcuts' });
    for (const [name, href] of [
      [/Assessment/, '/assessment'],
      [/Subscription/, '/subscribe'],
      [/Downloads/, '/downloads'],
      [/Progress History/, '/assessment-history'],
      ['Sign Out', '/api/logout'],
    ] as const) {
      expect(within(shortcuts).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('links Settings to its screen; Help shows the FAQ, the contact address and the helplines, own country first', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    renderAccount({
      '/api/site/help': {
        body: {
          faqHtml: '<h2>How do I cancel?</h2><p>Open Account.</p><img src="x" onerror="alert(1)">',
          contactEmail: 'ana@example.test',
          helplines: [
            { country: 'GB', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' },
            { country: 'DE', name: 'TelefonSeelsorge', phone: '0800 111 0 111', url: '' },
          ],
        },
      },
    });
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(await within(dialog).findByRole('heading', { name: 'How do I cancel?' })).toBeInTheDocument();
    // The client's sanitiser drops what the server's renderer would never send.
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'ana@example.test' })).toHaveAttribute(
      'href',
      'mailto:ana@example.test',
    );
    const helplines = within(within(dialog).getByRole('list', { name: 'Helplines' })).getAllByRole(
      'listitem',
    );
    expect(helplines.map((item) => item.textContent)).toEqual([
      expect.stringContaining('TelefonSeelsorge'),
      expect.stringContaining('Samaritans'),
    ]);
    expect(within(dialog).getByRole('link', { name: 'Call Samaritans, 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(screen.queryByText('Coming Soon')).toBeNull();
  });

  it('opens the privacy policy in a dialog from the links at the foot of Account', async () => {
    renderAccount({
      '/api/site/pages/privacy': {
        body: {
          page: 'privacy',
          title: 'Privacy policy',
          html: '<h2>What we store</h2><p>Your answers.</p>',
        },
      },
    });
    const links = await screen.findByRole('navigation', { name: 'About this site' });
    const privacy = within(links).getByRole('link', { name: 'Privacy policy' });
    expect(privacy).toHaveAttribute('href', '/?page=privacy');
    await userEvent.click(privacy);
    const dialog = await screen.findByRole('dialog', { name: 'Privacy policy' });
    expect(await within(dialog).findByRole('heading', { name: 'What we store' })).toBeInTheDocument();
  });

  it('an annual subscriber’s card names the annual plan and its price', async () => {
    renderAccount({
      '/api/subscription-details': { body: makeDetails({ priceId: 'price_annual' }) },
      '/api/billing/plans': {
        body: [
          ...plansOf(stripePlan),
          { id: 'price_annual', interval: 'year', amountCents: 10000, currency: 'usd', trialDays: 0 },
        ],
      },
    });
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText('Stillpoint Annual')).toBeInTheDocument();
    expect(within(card).getByText('$100')).toBeInTheDocument();
    expect(within(card).getByText('per year')).toBeInTheDocument();
  });

  it('shows the subscription card: a green Active badge, the plan and the renewal date', async () => {
    renderAccount();
    const card = await screen.findByRole('region', { name: 'Subscription' });
    const badge = (await within(card).findByText('Active')).closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(within(card).getByText('Stillpoint Monthly')).toBeInTheDocument();
    expect(within(card).getByText('$12')).toBeInTheDocument();
    expect(within(card).getByText('Renews on Jan 5, 2026')).toBeInTheDocument();
    expectLink('Manage subscription', '/subscribe', within(card));
  });

  it('shows a free member their free membership and the way to the plan', async () => {
    renderAccount({ '/api/subscription-details': { body: noSubscription } }, freeMember);
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText('Free membership')).toBeInTheDocument();
    expect((await within(card).findByText('Free')).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'grey',
    );
    expect(within(card).getByRole('link', { name: 'See the plan' })).toHaveAttribute('href', '/subscribe');
  });

  it('offers a retry when the subscription cannot be loaded', async () => {
    let attempts = 0;
    renderAccount({
      '/api/subscription-details': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: '' } : { body: makeDetails() };
      },
    });
    const card = await screen.findByRole('region', { name: 'Subscription' });
    expect(await within(card).findByText('Your subscription could not be loaded.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Active')).toBeInTheDocument();
  });

  it('lists My Favorites as content cards', async () => {
    renderAccount();
    const favorites = await screen.findByRole('region', { name: 'My Favorites' });
    expect(await within(favorites).findByRole('link', { name: 'Tide Breathing' })).toHaveAttribute(
      'href',
      `/video/${favorite.id}`,
    );
    expect(within(favorites).getByText('1 saved item')).toBeInTheDocument();
  });

  it('says when there are no favourites yet', async () => {
    renderAccount({ '/api/user/favorites': { body: [] } });
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the library' })).toHaveAttribute('href', '/library');
  });

  it('offers the data export as a download link', async () => {
    renderAccount();
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/user/export');
    expect(link).toHaveAttribute('download');
  });
});

describe('/account profile', () => {
  async function openProfileForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    return screen.getByRole('form', { name: 'Edit profile' });
  }

  it('checks the names with the API’s messages before sending', async () => {
    const { calls } = renderAccount();
    const form = await openProfileForm();
    expect(within(form).getByLabelText('First name')).toHaveFocus();
    await userEvent.clear(within(form).getByLabelText('First name'));
    await userEvent.clear(within(form).getByLabelText('Last name'));
    await userEvent.type(within(form).getByLabelText('Last name'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('First name is required')).toBeInTheDocument();
    expect(within(form).getByText('Last name is required')).toBeInTheDocument();
    expect(within(form).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(form).getByLabelText('First name'), 'x'.repeat(101));
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('First name can be at most 100 characters')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(false);
  });

  it('saves new names, shows them at once and confirms', async () => {
    const { calls } = renderAccount({
      'PUT /api/user/profile': (init) => {
        const body = JSON.parse(String(init?.body));
        return { body: { ...premiumMember, firstName: body.firstName, lastName: body.lastName } };
      },
    });
    const form = await openProfileForm();
    await userEvent.clear(within(form).getByLabelText('First name'));
    await userEvent.type(within(form).getByLabelText('First name'), '  Maia ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Maia Lindqvist' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    // The picture did not change, so it is not sent (absent keeps it).
    expect(bodyOf(calls, '/api/user/profile', 'PUT')).toEqual({ firstName: 'Maia', lastName: 'Lindqvist' });
  });

  it('uploads a new picture through the uploader and sends its object path', async () => {
    installFakeXhr();
    const { calls } = renderAccount({
      'POST /api/objects/upload': {
        body: { uploadURL: 'http://localhost/objects/uploads/u1?expires=1&signature=s' },
      },
      'PUT /api/uploaded-images': {
        body: { objectPath: '/objects/images/u1.webp', kind: 'image', contentType: 'image/webp', size: 3 },
      },
      'PUT /api/user/profile': { body: { ...premiumMember, profileImageUrl: '/objects/images/u1.webp' } },
    });
    const form = await openProfileForm();
    await userEvent
      .setup({ applyAccept: false })
      .upload(within(form).getByLabelText('Profile picture file'), makeFile('me.png', 'image/png'));
    const request = await waitForXhr();
    expect(within(form).getByRole('button', { name: 'Save profile' })).toBeDisabled();
    request.progress(3, 3);
    request.respond(200);
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/user/profile', 'PUT')).toEqual({
      firstName: 'Maya',
      lastName: 'Lindqvist',
      profileImageUrl: '/objects/images/u1.webp',
    });
  });

  it('removes the picture with an empty string', async () => {
    const withPicture = { ...premiumMember, profileImageUrl: '/objects/images/old.webp' };
    const { calls } = renderAccount(
      { 'PUT /api/user/profile': { body: { ...withPicture, profileImageUrl: null } } },
      withPicture,
    );
    const form = await openProfileForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove profile picture' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/user/profile', 'PUT')).toMatchObject({ profileImageUrl: '' });
  });

  it('shows the server’s message, else Failed to update profile, and keeps the form', async () => {
    renderAccount({ 'PUT /api/user/profile': { status: 500, body: '' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });
});

describe('/account delete', () => {
  async function openDeleteDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    return screen.findByRole('alertdialog', { name: 'Delete your account?' });
  }

  /** Opens the dialog and confirms with `password`; returns the dialog. */
  async function deleteWithPassword(password: string) {
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText('Password'), password);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    return dialog;
  }

  it('explains what is deleted and asks for the password before sending', async () => {
    const { calls } = renderAccount();
    const dialog = await openDeleteDialog();
    expect(dialog).toHaveTextContent('Your assessment answers and results');
    expect(dialog).toHaveTextContent('Your favourites and listening progress');
    expect(dialog).toHaveTextContent('Deleted member');
    expect(dialog).toHaveTextContent('A subscription is cancelled with the payment provider');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password to delete your account')).toBeInTheDocument();
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so under the field when the password is wrong', async () => {
    renderAccount({
      'DELETE /api/user': {
        status: 400,
        body: { message: 'password: that is not your password', code: 'INVALID_PASSWORD' },
      },
    });
    const dialog = await deleteWithPassword('not-it');
    expect(await within(dialog).findByText('That is not your password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Password')).toHaveFocus();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the pending state, then says goodbye and loads the home page', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = renderAccount({ 'DELETE /api/user': { status: 204 } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'DELETE') await gate;
      return realFetch(input, init);
    });
    // Something this device kept for the account (its downloads, decision 023).
    window.localStorage.setItem('stillpoint:u1:downloads', '{"items":[]}');
    const dialog = await deleteWithPassword('evening-tide');
    expect(await within(dialog).findByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toBeDisabled();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Goodbye, for now' })).toHaveFocus();
    expect(screen.getByText(/Your account and its personal data have been deleted\./)).toBeInTheDocument();
    expect(bodyOf(calls, '/api/user', 'DELETE')).toEqual({ password: 'evening-tide' });
    expect(window.localStorage.getItem('stillpoint:u1:downloads')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(GOODBYE_DELAY_MS);
    });
    expect(assign).toHaveBeenCalledWith('/');
  });

  it.each([
    {
      status: 409,
      code: 'LAST_ADMIN',
      message: 'This is the last admin; grant another account admin rights first.',
      title: 'You are the last admin',
    },
    {
      status: 502,
      code: 'PAYMENT_PROVIDER_ERROR',
      message: 'Your subscription could not be cancelled with the payment provider, so nothing was deleted.',
      title: 'Nothing was deleted',
    },
  ])(
    'says why it was refused ($code) in the server’s words, and stays open',
    async ({ status, code, message, title }) => {
      renderAccount({ 'DELETE /api/user': { status, body: { message, code } } });
      const dialog = await deleteWithPassword('still-water');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(message);
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    },
  );
});

describe('e-mail confirmation', () => {
  const unconfirmed: CurrentUser = { ...freeMember, emailVerified: false };

  it('shows a calm notice while the address is unconfirmed, and mails the link again on request', async () => {
    const { calls } = renderAccount(
      { 'POST /api/auth/send-verification-email': { body: { status: true } } },
      unconfirmed,
    );
    const notice = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(within(notice).getByText(unconfirmed.email)).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await within(notice).findByText('A new link is on its way.')).toBeInTheDocument();
    expect(bodyOf(calls, '/api/auth/send-verification-email', 'POST')).toEqual({
      email: unconfirmed.email,
      callbackURL: '/account?verified=1',
    });
  });

  it('says so when the link has expired or was used', async () => {
    renderAccount({}, unconfirmed, '/account?verified=1&error=INVALID_TOKEN');
    expect(await screen.findByText(LINK_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(EMAIL_CONFIRMED_MESSAGE)).not.toBeInTheDocument();
  });

  it('thanks the member who arrives from the confirmation link', async () => {
    renderAccount({}, { ...freeMember, emailVerified: true }, '/account?verified=1');
    expect(await screen.findByText(EMAIL_CONFIRMED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).not.toBeInTheDocument();
  });
});
