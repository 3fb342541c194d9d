import { z } from 'zod';

/**
 * Subscriptions (docs/product.md, "Account, subscription", "States and transitions", "The HTTP calls", "Errors shown" and "Constants and limits"; docs/architecture.md, "Contracts").
 * One plan: $12 a month, one fixed price identifier.
 */

export { PLAN } from '../plan.ts';

/** The price identifier of the built-in test-mode checkout (Stripe mode uses STRIPE_PRICE_ID). */
export const TEST_PRICE_ID = 'price_stillpoint_monthly_test';
/** The test-mode annual plan's identifier (offered when PLAN_ANNUAL_AMOUNT is set). */
export const TEST_ANNUAL_PRICE_ID = 'price_stillpoint_annual_test';

export const PAYMENT_MODES = ['stripe', 'test'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** GET /api/billing/plan: what the plan card shows and which priceId checkout expects. */
export const PlanSchema = z.object({
  priceId: z.string(),
  mode: z.enum(PAYMENT_MODES),
  name: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  periodDays: z.number().int(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The price part of the plan: in minor units of `currency` (ISO 4217, lower case) per `interval`. */
export const PlanPriceSchema = PlanSchema.pick({
  amountCents: true,
  currency: true,
  interval: true,
  periodDays: true,
});
export type PlanPrice = z.infer<typeof PlanPriceSchema>;

/**
 * Operators sell by the month or the year. `day` and `week` only come from PLAN_INTERVAL in test
 * mode, where they make renewals quick to try.
 */
export const PLAN_INTERVALS = ['month', 'year', 'day', 'week'] as const;

/** GET /api/billing/plans: the plans on sale, monthly first; `id` is what checkout's priceId names. */
export const BillingPlanSchema = z.object({
  id: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Days of free access before the first charge; 0 when there is no trial. */
  trialDays: z.number().int(),
});
export type BillingPlan = z.infer<typeof BillingPlanSchema>;
export const BillingPlansSchema = z.array(BillingPlanSchema);

/**
 * How the member manages billing on the 'Your Subscription' page:
 * - `portal`: Manage Billing opens the Stripe Customer Portal (POST /api/billing-portal)
 * - `test-cancel`: test mode, a Cancel subscription button (POST /api/checkout/test/cancel)
 * - `contact-support`: neither applies (complimentary access, no customer): Contact Support
 */
export const BILLING_MANAGEMENT = ['portal', 'test-cancel', 'contact-support'] as const;

/** GET /api/subscription-details */
export const SubscriptionDetailsSchema = z.object({
  hasSubscription: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  /** ISO time the paid period ends (renewal date, or the end date when cancelling). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  mode: z.enum(PAYMENT_MODES),
  billingManagement: z.enum(BILLING_MANAGEMENT),
  /** The plan (a `GET /api/billing/plans` id) the subscription is on; null for none or complimentary. */
  priceId: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetailsSchema>;

/** POST /api/create-checkout-session */
export const CheckoutInputSchema = z
  .object({
    priceId: z.string().trim().max(200, 'priceId is too long').optional(),
    /** An offer's code (see offers.ts); empty means none. */
    promotionCode: z.string().trim().max(64, 'promotionCode is too long').optional(),
  })
  // A POST without a body means the plan.
  .nullish();
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

export const CheckoutSessionSchema = z.object({ url: z.string() });

/** POST /api/sync-subscription-status: success is true when the member now has premium access. */
export const SyncResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  subscriptionStatus: z.string().nullable(),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;

/** POST /api/billing-portal */
export const BillingPortalSchema = z.object({ url: z.string() });

export const TEST_CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;

/** GET /api/checkout/test/{sessionId}: what the test-mode hosted checkout screen shows. */
export const TestCheckoutSessionSchema = z.object({
  id: z.string(),
  status: z.enum(TEST_CHECKOUT_STATUSES),
  email: z.string(),
  planName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  periodDays: z.number().int(),
  /** Days before the first charge (0: charged now). */
  trialDays: z.number().int(),
  /** The offer the member entered, if any. */
  offer: z
    .object({
      code: z.string(),
      percentOff: z.number().int().nullable(),
      amountOffCents: z.number().int().nullable(),
      duration: z.enum(['once', 'repeating', 'forever']),
      durationInMonths: z.number().int().nullable(),
    })
    .nullable(),
  /** The first charge after the offer (at the trial's end when there is one). */
  firstChargeCents: z.number().int(),
  expiresAt: z.string(),
});
export type TestCheckoutSession = z.infer<typeof TestCheckoutSessionSchema>;

/** POST /api/checkout/test/{sessionId}/complete */
export const TestCheckoutCompleteSchema = z.object({ redirectUrl: z.string() });

/** Stripe statuses as we store them (incomplete_expired is stored as canceled). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
