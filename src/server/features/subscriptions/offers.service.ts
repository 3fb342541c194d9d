import {
  type CreateOfferInput,
  type Offer,
  OfferCodeSchema,
  type OfferDuration,
  type OfferPreview,
} from '@shared/schemas/offers.ts';
import type { BillingPlan } from '@shared/schemas/subscription.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { type AppError, badRequest, conflict, notFound, notOffered } from '../../lib/errors.ts';
import type { Stripe } from '../../lib/stripe.ts';
import { type BillingContext, providerUnavailable } from './subscriptions.service.ts';

/**
 * Offer codes. In Stripe mode each offer is a Stripe coupon with one promotion code (Stripe then
 * applies the discount to every invoice it covers, and enforces the limit and end date itself);
 * in test mode the test checkout applies it. Redemptions are counted here in both modes (Stripe:
 * from checkout.session.completed). Either way our checkout
 * checks the code first, so a code for another plan, ended or used up is refused before a
 * session exists.
 */

type OfferRow = typeof offers.$inferSelect;

export const OFFER_MESSAGES = {
  unknown: 'There is no offer with this code.',
  ended: 'This offer has ended.',
  usedUp: 'This offer has been fully redeemed.',
  otherPlan: 'This offer is for another plan.',
  codeTaken: 'An offer with this code already exists.',
  unknownPlan: 'planId: this is not one of the Stillpoint plans.',
} as const;

function toPreview(row: OfferRow): OfferPreview {
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: row.currency,
    duration: row.duration as OfferDuration,
    durationInMonths: row.durationInMonths,
    planId: row.planId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

function toOffer(row: OfferRow): Offer {
  return {
    ...toPreview(row),
    id: row.id,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findLiveOffer(ctx: BillingContext, code: string): Promise<OfferRow | undefined> {
  const parsed = OfferCodeSchema.safeParse(code);
  if (!parsed.success) return undefined;
  const [row] = await ctx.db
    .select()
    .from(offers)
    .where(and(eq(offers.code, parsed.data), isNull(offers.archivedAt)));
  return row;
}

/** Why an offer cannot be used now (for `plan`, when given), or null when it can. */
function whyNotRedeemable(row: OfferRow, plan: BillingPlan | null, now = new Date()): string | null {
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return OFFER_MESSAGES.ended;
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) return OFFER_MESSAGES.usedUp;
  if (plan && row.planId && row.planId !== plan.id) return OFFER_MESSAGES.otherPlan;
  return null;
}

/** GET /api/billing/offers/{code}: what a usable code gives; 404 otherwise, with the reason. */
export async function getOfferPreview(
  ctx: BillingContext,
  code: string,
  planId: string | undefined,
): Promise<OfferPreview> {
  const row = await findLiveOffer(ctx, code);
  if (!row) throw notOffered(OFFER_MESSAGES.unknown);
  const plan = planId ? ((await ctx.plans()).find((candidate) => candidate.id === planId) ?? null) : null;
  const reason = whyNotRedeemable(row, plan);
  if (reason) throw notOffered(reason);
  return toPreview(row);
}

/** The offer a checkout's promotionCode names, checked for that plan; 400 when it cannot be used. */
export async function resolveCheckoutOffer(
  ctx: BillingContext,
  code: string | undefined,
  plan: BillingPlan,
): Promise<OfferRow | null> {
  if (!code) return null;
  const row = await findLiveOffer(ctx, code);
  const reason = row ? whyNotRedeemable(row, plan) : OFFER_MESSAGES.unknown;
  if (reason || !row) throw badRequest(`promotionCode: ${reason}`);
  return row;
}

/**
 * Counts a paid test-mode checkout's use of its offer, in the checkout's transaction: the
 * conditional update is what keeps two last redemptions from both going through.
 */
export async function redeemOffer(tx: Transaction, offerId: string): Promise<AppError | null> {
  const redeemed = await tx
    .update(offers)
    .set({ redemptions: sql`${offers.redemptions} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(offers.id, offerId),
        sql`(${offers.maxRedemptions} is null or ${offers.redemptions} < ${offers.maxRedemptions})`,
        sql`(${offers.expiresAt} is null or ${offers.expiresAt} > now())`,
      ),
    )
    .returning({ id: offers.id });
  return redeemed.length === 0 ? badRequest(`promotionCode: ${OFFER_MESSAGES.usedUp}`) : null;
}

/** Counts a Stripe checkout's use of its offer (Stripe has already applied and limited it). */
export async function countOfferRedemption(tx: Transaction, offerId: string): Promise<void> {
  await tx
    .update(offers)
    .set({ redemptions: sql`${offers.redemptions} + 1`, updatedAt: new Date() })
    .where(eq(offers.id, offerId));
}

export async function listOffers(ctx: BillingContext): Promise<Offer[]> {
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(isNull(offers.archivedAt))
    .orderBy(desc(offers.createdAt));
  return rows.map(toOffer);
}

/** The Stripe coupon and its promotion code for an offer (Stripe mode only). */
async function createStripePromotion(
  ctx: BillingContext & { stripe: Stripe },
  input: CreateOfferInput,
  currency: string,
): Promise<{ couponId: string; promotionCodeId: string }> {
  try {
    const coupon = await ctx.stripe.coupons.create({
      name: input.code,
      ...(input.percentOff !== undefined
        ? { percent_off: input.percentOff }
        : { amount_off: input.amountOffCents!, currency }),
      duration: input.duration,
      ...(input.duration === 'repeating' ? { duration_in_months: input.durationInMonths! } : {}),
      // The coupon only ever discounts the operator's plans.
      applies_to: { products: [await ctx.productId()] },
    });
    const promotion = await ctx.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: input.code,
      ...(input.maxRedemptions !== undefined ? { max_redemptions: input.maxRedemptions } : {}),
      ...(input.expiresAt !== undefined
        ? { expires_at: Math.floor(new Date(input.expiresAt).getTime() / 1000) }
        : {}),
    });
    return { couponId: coupon.id, promotionCodeId: promotion.id };
  } catch (error) {
    throw providerUnavailable(ctx.log, error, `create the offer ${input.code}`);
  }
}

export async function createOffer(ctx: BillingContext, input: CreateOfferInput): Promise<Offer> {
  const plans = await ctx.plans();
  if (input.planId && !plans.some((plan) => plan.id === input.planId)) {
    throw badRequest(OFFER_MESSAGES.unknownPlan);
  }
  if (await findLiveOffer(ctx, input.code)) throw conflict(OFFER_MESSAGES.codeTaken);
  // A fixed amount off is in the plans' currency (Stripe needs one for amount_off).
  const currency = plans[0]?.currency ?? 'usd';
  const stripe =
    ctx.mode === 'stripe' && ctx.stripe
      ? await createStripePromotion({ ...ctx, stripe: ctx.stripe }, input, currency)
      : null;
  try {
    const [row] = await ctx.db
      .insert(offers)
      .values({
        code: input.code,
        percentOff: input.percentOff ?? null,
        amountOffCents: input.amountOffCents ?? null,
        currency,
        duration: input.duration,
        durationInMonths: input.durationInMonths ?? null,
        maxRedemptions: input.maxRedemptions ?? null,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        planId: input.planId ?? null,
        stripeCouponId: stripe?.couponId ?? null,
        stripePromotionCodeId: stripe?.promotionCodeId ?? null,
      })
      .returning();
    return toOffer(row!);
  } catch (error) {
    // Two admins made the same code at once: the unique index keeps one.
    if (isUniqueViolation(error)) throw conflict(OFFER_MESSAGES.codeTaken);
    throw error;
  }
}

/** Archives an offer: no new checkout may use it; in Stripe mode its promotion code is turned off. */
export async function archiveOffer(ctx: BillingContext, id: string): Promise<void> {
  const [row] = await ctx.db
    .update(offers)
    .set({ archivedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(offers.id, id), isNull(offers.archivedAt)))
    .returning();
  if (!row) throw notFound('Offer');
  if (row.stripePromotionCodeId && ctx.stripe) {
    try {
      await ctx.stripe.promotionCodes.update(row.stripePromotionCodeId, { active: false });
    } catch (error) {
      // Our checkout already refuses the code; Stripe's copy is only reachable through us.
      ctx.log.error({ err: error, offerId: id }, 'could not deactivate the Stripe promotion code');
    }
  }
}
