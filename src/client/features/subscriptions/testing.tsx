import { clearToasts, freeMember } from '@client/testing/content';
import { renderWithRoutes, type stubFetch } from '@client/testing/render';
import type { CurrentUser } from '@shared/schemas/auth';
import type {
  BillingPlan,
  Plan,
  SubscriptionDetails,
  TestCheckoutSession,
} from '@shared/schemas/subscription';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';
import { browser } from './browser';
import { SubscribePage } from './components/subscribe-page';

/** Fixtures for the subscription component tests. */
export { freeMember };

export const activeMember: CurrentUser = { ...freeMember, subscriptionStatus: 'active' };

export const stripePlan: Plan = {
  priceId: 'price_live_123',
  mode: 'stripe',
  name: 'Stillpoint Monthly',
  amountCents: 1200,
  currency: 'usd',
  interval: 'month',
  periodDays: 30,
};

export const testPlan: Plan = { ...stripePlan, priceId: 'price_stillpoint_monthly_test', mode: 'test' };

export const noSubscription: SubscriptionDetails = {
  hasSubscription: false,
  subscriptionStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  mode: 'stripe',
  billingManagement: 'contact-support',
  priceId: null,
};

/** Noon UTC, so the date reads the same in every time zone the tests may run in. */
export const PERIOD_END = '2026-01-05T12:00:00.000Z';

export function makeDetails(overrides: Partial<SubscriptionDetails> = {}): SubscriptionDetails {
  return {
    hasSubscription: true,
    subscriptionStatus: 'active',
    currentPeriodEnd: PERIOD_END,
    cancelAtPeriodEnd: false,
    mode: 'stripe',
    billingManagement: 'portal',
    priceId: 'price_live_123',
    ...overrides,
  };
}

export function makeTestSession(overrides: Partial<TestCheckoutSession> = {}): TestCheckoutSession {
  return {
    id: 'cs_test_1',
    status: 'open',
    email: 'maya@example.com',
    planName: 'Stillpoint Monthly',
    amountCents: 1200,
    currency: 'usd',
    interval: 'month',
    periodDays: 30,
    trialDays: 0,
    offer: null,
    firstChargeCents: 1200,
    expiresAt: '2030-01-01T12:30:00.000Z',
    ...overrides,
  };
}

/**
 * For a test file whose screens leave the page (Stripe, the portal, sign-in): each test gets a
 * fresh spy on `browser.assign` in `navigation.assign`, and toasts, mocks and stubbed globals are
 * tidied after it.
 */
export function spyOnNavigation() {
  const navigation = { assign: undefined as unknown as MockInstance<typeof browser.assign> };
  beforeEach(() => {
    navigation.assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    clearToasts();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return navigation;
}

export type Routes = Parameters<typeof stubFetch>[0];

export const PORTAL_URL = 'https://billing.stripe.com/p/session/xyz';
/** The server opening a Stripe Customer Portal session at `PORTAL_URL`. */
export const portalRoutes: Routes = { 'POST /api/billing-portal': { body: { url: PORTAL_URL } } };

/** Presses `buttonName`, then expects one portal request and the browser on its way to the portal. */
export async function expectPortalOpensFrom(
  buttonName: string,
  navigation: ReturnType<typeof spyOnNavigation>,
  calls: { url: string }[],
) {
  await userEvent.click(await screen.findByRole('button', { name: buttonName }));
  await vi.waitFor(() => expect(navigation.assign).toHaveBeenCalledWith(PORTAL_URL));
  expect(calls.filter((call) => call.url === '/api/billing-portal')).toHaveLength(1);
}

/** The plans list the server answers when `plan` is the only one. */
export const plansOf = (plan: Plan): BillingPlan[] => [
  {
    id: plan.priceId,
    interval: 'month',
    amountCents: plan.amountCents,
    currency: plan.currency,
    trialDays: 0,
  },
];

/** /subscribe for `user`, with the plan(s) and subscription the server would answer, and the toaster. */
export function renderSubscribePage({
  user = freeMember,
  plan = stripePlan,
  plans = plansOf(plan),
  details = noSubscription,
  routes = {},
  path = '/subscribe',
}: {
  user?: CurrentUser;
  plan?: Plan;
  plans?: BillingPlan[];
  details?: SubscriptionDetails;
  routes?: Routes;
  path?: string;
} = {}) {
  return renderWithRoutes(
    <SubscribePage />,
    {
      '/api/auth/user': { body: user },
      '/api/billing/plan': { body: plan },
      '/api/billing/plans': { body: plans },
      '/api/subscription-details': { body: details },
      ...routes,
    },
    { path, toaster: true },
  );
}
