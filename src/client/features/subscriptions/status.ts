/**
 * Small, dependency-free rules about subscription statuses, shared by the subscription screens and
 * the app shell (which must stay light: it is part of the landing page's bundle).
 */

/** Statuses after which a subscription is over: the member sees the plan card again. */
const FINAL_STATUSES: readonly string[] = ['canceled', 'cancelled', 'incomplete_expired'];

/** Statuses where a payment failed and the member should update their card. */
const PAYMENT_PROBLEM_STATUSES: readonly string[] = ['past_due', 'unpaid'];

export function isFinalStatus(status: string | null | undefined): boolean {
  return status != null && FINAL_STATUSES.includes(status);
}

export function needsPaymentUpdate(status: string | null | undefined): boolean {
  return status != null && PAYMENT_PROBLEM_STATUSES.includes(status);
}
