import { AppShell } from '@client/app/layout/app-shell';
import { Toaster } from '@client/components/ui/toaster';
import { NO_NOTIFICATIONS, renderWithProviders, stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activeMember, expectPortalOpensFrom, freeMember, portalRoutes, spyOnNavigation } from '../testing';
import { PAST_DUE_MESSAGE } from './past-due-banner';

const navigation = spyOnNavigation();

function renderShell(
  user: CurrentUser,
  { path = '/library', routes = {} }: { path?: string; routes?: Parameters<typeof stubFetch>[0] } = {},
) {
  const stub = stubFetch({
    '/api/auth/user': { body: user },
    ...NO_NOTIFICATIONS,
    '/api/progress': { body: [] },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetch);
  const view = renderWithProviders(
    <>
      <AppShell>
        <h1>Screen</h1>
      </AppShell>
      <Toaster />
    </>,
    { path },
  );
  return { ...view, calls: stub.calls };
}

const pastDue: CurrentUser = { ...freeMember, subscriptionStatus: 'past_due' };

describe('PastDueBanner', () => {
  it.each([
    ['past_due', pastDue],
    ['unpaid', { ...freeMember, subscriptionStatus: 'unpaid' }],
  ])('asks a %s member to update their card, at the top of the screen', async (_status, user) => {
    renderShell(user);
    const banner = await screen.findByRole('region', { name: 'Payment problem' });
    expect(within(banner).getByRole('status')).toHaveTextContent(PAST_DUE_MESSAGE);
    const main = screen.getByRole('main');
    expect(main.firstElementChild).toBe(banner);
    expect(within(banner).getByRole('button', { name: 'Update card' })).toBeInTheDocument();
  });

  it('is reachable by keyboard right after skipping to the content', async () => {
    renderShell(pastDue);
    const button = await screen.findByRole('button', { name: 'Update card' });
    screen.getByRole('main').focus();
    await userEvent.tab();
    expect(button).toHaveFocus();
  });

  it('opens the billing portal from Update card', async () => {
    const { calls } = renderShell(pastDue, { routes: portalRoutes });
    await expectPortalOpensFrom('Update card', navigation, calls);
  });

  it('falls back to the subscription page when there is no portal to open', async () => {
    const { location } = renderShell(pastDue, {
      routes: {
        'POST /api/billing-portal': { status: 409, body: { message: 'No billing portal in test mode.' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Update card' }));
    await vi.waitFor(() => expect(location.history).toEqual(['/library', '/subscribe']));
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('stays away for members whose payments are fine', async () => {
    renderShell(activeMember);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment problem' })).not.toBeInTheDocument();
  });

  it('leaves the hosted checkout page without the app’s header, tab bar or banner', async () => {
    renderShell(pastDue, { path: '/checkout/test/cs_1' });
    expect(await screen.findByRole('heading', { name: 'Screen' })).toBeInTheDocument();
    // Wait until the member is known, then check the chrome stayed away.
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Stillpoint' })).not.toBeInTheDocument(),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payment problem' })).not.toBeInTheDocument();
  });
});
