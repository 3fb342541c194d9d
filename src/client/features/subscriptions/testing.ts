import { freeMember } from '@client/testing/content';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Plan, SubscriptionDetails, TestCheckoutSession } from '@shared/schemas/subscription';

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
    expiresAt: '2030-01-01T12:30:00.000Z',
    ...overrides,
  };
}
