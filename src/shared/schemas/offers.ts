import { z } from 'zod';

/**
 * Offer codes (issue 34, "Offers and complimentary access"): an admin makes them
 * (`POST /api/admin/offers`), members enter one at checkout or follow `/subscribe?offer=CODE`,
 * and `GET /api/billing/offers/{code}` says what one gives.
 */

export const OFFER_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type OfferDuration = (typeof OFFER_DURATIONS)[number];

export const MAX_OFFER_CODE_LENGTH = 40;
/** Stripe allows a coupon to repeat for up to three years. */
export const MAX_OFFER_MONTHS = 36;

/** Letters, digits, - and _; compared in upper case, however it was typed. */
export const OfferCodeSchema = z
  .string()
  .trim()
  .min(3, 'code must be at least 3 characters')
  .max(MAX_OFFER_CODE_LENGTH, `code must be at most ${MAX_OFFER_CODE_LENGTH} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'code may hold letters, digits, - and _ only')
  .transform((code) => code.toUpperCase());

export const CreateOfferInputSchema = z
  .object({
    code: OfferCodeSchema,
    percentOff: z
      .number()
      .int('percentOff must be a whole number')
      .min(1, 'percentOff must be between 1 and 100')
      .max(100, 'percentOff must be between 1 and 100')
      .optional(),
    amountOffCents: z
      .number()
      .int('amountOffCents must be a whole number of cents')
      .min(1, 'amountOffCents must be at least 1')
      .max(100_000_000, 'amountOffCents is too large')
      .optional(),
    duration: z.enum(OFFER_DURATIONS, { error: 'duration must be once, repeating or forever' }),
    durationInMonths: z
      .number()
      .int('durationInMonths must be a whole number')
      .min(1, `durationInMonths must be between 1 and ${MAX_OFFER_MONTHS}`)
      .max(MAX_OFFER_MONTHS, `durationInMonths must be between 1 and ${MAX_OFFER_MONTHS}`)
      .optional(),
    maxRedemptions: z
      .number()
      .int('maxRedemptions must be a whole number')
      .min(1, 'maxRedemptions must be at least 1')
      .max(1_000_000, 'maxRedemptions is too large')
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date and time' }).optional(),
    planId: z.string().trim().min(1).max(200, 'planId is too long').optional(),
  })
  .superRefine((input, issues) => {
    if ((input.percentOff === undefined) === (input.amountOffCents === undefined)) {
      issues.addIssue({
        code: 'custom',
        path: ['percentOff'],
        message: 'Give either percentOff or amountOffCents',
      });
    }
    if (input.duration === 'repeating' && input.durationInMonths === undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['durationInMonths'],
        message: 'durationInMonths is needed for a repeating offer',
      });
    }
    if (input.duration !== 'repeating' && input.durationInMonths !== undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['durationInMonths'],
        message: 'durationInMonths is only for a repeating offer',
      });
    }
    if (input.expiresAt !== undefined && new Date(input.expiresAt).getTime() <= Date.now()) {
      issues.addIssue({ code: 'custom', path: ['expiresAt'], message: 'expiresAt must be in the future' });
    }
  });
export type CreateOfferInput = z.infer<typeof CreateOfferInputSchema>;

/** What a member may know of an offer: what it gives, never how often it was used. */
export const OfferPreviewSchema = z.object({
  code: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  currency: z.string(),
  duration: z.enum(OFFER_DURATIONS),
  durationInMonths: z.number().int().nullable(),
  /** Only for this plan; null: any plan. */
  planId: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type OfferPreview = z.infer<typeof OfferPreviewSchema>;

/** An offer on the admin screen. */
export const OfferSchema = OfferPreviewSchema.extend({
  id: z.string(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;
export const OfferListSchema = z.array(OfferSchema);

/** 'Take 20% off', '$5 off': the discount in words. */
export function describeDiscount(
  offer: Pick<OfferPreview, 'percentOff' | 'amountOffCents' | 'currency'>,
  formatMoney: (cents: number, currency: string) => string,
): string {
  return offer.percentOff !== null
    ? `${offer.percentOff}% off`
    : `${formatMoney(offer.amountOffCents ?? 0, offer.currency)} off`;
}

/** 'for the first payment', 'for 3 months', 'for as long as you stay'. */
export function describeOfferDuration(offer: Pick<OfferPreview, 'duration' | 'durationInMonths'>): string {
  if (offer.duration === 'forever') return 'for as long as you stay subscribed';
  if (offer.duration === 'repeating') {
    const months = offer.durationInMonths ?? 1;
    return `for ${months} month${months === 1 ? '' : 's'}`;
  }
  return 'on the first payment';
}

/** The first charge after the offer, never below zero. */
export function discountedAmount(
  amountCents: number,
  offer: Pick<OfferPreview, 'percentOff' | 'amountOffCents'>,
): number {
  if (offer.percentOff !== null) return Math.round((amountCents * (100 - offer.percentOff)) / 100);
  return Math.max(0, amountCents - (offer.amountOffCents ?? 0));
}
