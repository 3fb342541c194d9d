import { renderWithProviders } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import type { SubscriptionDetails } from '@shared/schemas/subscription';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  activeMember,
  expectPortalOpensFrom,
  freeMember,
  makeDetails,
  portalRoutes,
  type Routes,
  renderSubscribePage,
  spyOnNavigation,
  stripePlan,
  testPlan,
} from '../testing';
import { SubscriptionStatusBadge, statusLabel, statusTone } from './status-badge';

vi.setConfig({ testTimeout: 15_000 });

const navigation = spyOnNavigation();

function renderPage(
  details: SubscriptionDetails,
  { user = activeMember, routes = {} }: { user?: CurrentUser; routes?: Routes } = {},
) {
  return renderSubscribePage({
    user,
    details,
    plan: details.mode === 'test' ? testPlan : stripePlan,
    routes,
  });
}

describe('SubscribePage: Your Subscription', () => {
  it('shows the status, the renewal date, the benefits and Manage Billing (portal)', async () => {
    renderPage(makeDetails());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Subscription' })).toBeInTheDocument();
    const plan = screen.getByRole('region', { name: 'Stillpoint Monthly' });
    const badge = within(plan).getByText('Active').closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', 'green');
    expect(badge?.querySelector('svg.lucide-check')).not.toBeNull();
    expect(within(plan).getByText('Renews on Jan 5, 2026')).toBeInTheDocument();
    expect(within(plan).getByText('$12')).toBeInTheDocument();
    const benefits = screen.getByRole('list', { name: 'Included in your plan' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(4);
    expect(within(plan).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(within(plan).queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).not.toBeInTheDocument();
  });

  it('says Access until when the subscription ends at the period end', async () => {
    renderPage(makeDetails({ cancelAtPeriodEnd: true }));
    expect(await screen.findByText('Access until Jan 5, 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
  });

  it('opens the Stripe billing portal from Manage Billing', async () => {
    const { calls } = renderPage(makeDetails(), { routes: portalRoutes });
    await expectPortalOpensFrom('Manage Billing', navigation, calls);
  });

  it('explains a portal that cannot open with the server’s message', async () => {
    renderPage(makeDetails(), {
      routes: {
        'POST /api/billing-portal': {
          status: 409,
          body: { message: 'Billing is not available in test mode.' },
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    expect(await screen.findByText('Billing is not available in test mode.')).toBeInTheDocument();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('cancels a test subscription after asking, then shows the plan card again', async () => {
    let user: CurrentUser = activeMember;
    let details = makeDetails({ mode: 'test', billingManagement: 'test-cancel' });
    const cancelled = makeDetails({
      mode: 'test',
      billingManagement: 'test-cancel',
      subscriptionStatus: 'canceled',
      currentPeriodEnd: null,
    });
    const { calls } = renderPage(details, {
      routes: {
        '/api/auth/user': () => ({ body: user }),
        '/api/subscription-details': () => ({ body: details }),
        'POST /api/checkout/test/cancel': () => {
          user = { ...activeMember, subscriptionStatus: 'canceled' };
          details = cancelled;
          return { body: cancelled };
        },
      },
    });
    const plan = await screen.findByRole('region', { name: 'Stillpoint Monthly' });
    expect(within(plan).getByText('Test mode')).toBeInTheDocument();
    expect(within(plan).queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
    await userEvent.click(within(plan).getByRole('button', { name: 'Cancel subscription' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/checkout/test/cancel')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(screen.getByText(/Your subscription has ended/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/checkout/test/cancel')).toHaveLength(1);
    // The current user and the details were asked again.
    expect(calls.filter((call) => call.url === '/api/auth/user').length).toBeGreaterThan(1);
  });

  it('a free trial says when it ends; cancelling keeps it to its end without a charge', async () => {
    const trialEnd = '2030-01-05T12:00:00.000Z';
    const user: CurrentUser = {
      ...activeMember,
      subscriptionStatus: 'trialing',
      premiumAccessEndsAt: trialEnd,
    };
    let details = makeDetails({
      mode: 'test',
      billingManagement: 'test-cancel',
      subscriptionStatus: 'trialing',
      currentPeriodEnd: trialEnd,
    });
    renderPage(details, {
      user,
      routes: {
        '/api/subscription-details': () => ({ body: details }),
        'POST /api/checkout/test/cancel': () => {
          details = { ...details, cancelAtPeriodEnd: true, billingManagement: 'contact-support' };
          return { body: details };
        },
      },
    });
    expect(
      await screen.findByText('Free trial until Jan 5, 2030; your first charge is then'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent(
      'Your free trial stays open until it ends, and then closes without a charge.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Trial cancelled')).toBeInTheDocument();
    expect(
      await screen.findByText('Free trial until Jan 5, 2030; you will not be charged'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('offers Contact Support when there is neither a portal nor a test cancel', async () => {
    renderPage(makeDetails({ billingManagement: 'contact-support', currentPeriodEnd: null }));
    const link = await screen.findByRole('link', { name: 'Contact Support' });
    expect(link.getAttribute('href')).toMatch(/^mailto:support@stillpoint\.local/);
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
  });

  it('keeps a past-due member on Your Subscription with a grey badge', async () => {
    renderPage(makeDetails({ subscriptionStatus: 'past_due' }), {
      user: { ...freeMember, subscriptionStatus: 'past_due' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Subscription' })).toBeInTheDocument();
    expect(screen.getByText('Past due').closest('[data-tone]')).toHaveAttribute('data-tone', 'grey');
    // No renewal date that may never come: what to do instead.
    expect(screen.queryByText(/Renews on/)).not.toBeInTheDocument();
    expect(screen.getByText('Payment overdue: update your card to keep your access')).toBeInTheDocument();
  });
});

describe('SubscriptionStatusBadge (docs/product.md, "States and transitions": its colours)', () => {
  it.each([
    ['active', 'green', 'Active'],
    ['canceled', 'red', 'Canceled'],
    ['cancelled', 'red', 'Cancelled'],
    ['trialing', 'blue', 'Trialing'],
    ['past_due', 'grey', 'Past due'],
    ['paused', 'grey', 'Paused'],
    ['something_new', 'grey', 'Something new'],
    [null, 'grey', 'Free'],
  ])('%s is %s, labelled %s', (status, tone, label) => {
    expect(statusTone(status)).toBe(tone);
    expect(statusLabel(status)).toBe(label);
  });

  it('gives active a check icon and canceled a cross icon, others none', () => {
    const { container, rerender } = renderWithProviders(<SubscriptionStatusBadge status="active" />);
    expect(container.querySelector('svg.lucide-check')).not.toBeNull();
    rerender(<SubscriptionStatusBadge status="cancelled" />);
    expect(container.querySelector('svg.lucide-x')).not.toBeNull();
    rerender(<SubscriptionStatusBadge status="trialing" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText('Trialing').closest('[data-tone]')).toHaveClass('bg-blue-50');
  });
});
