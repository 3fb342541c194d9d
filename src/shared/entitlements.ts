/**
 * The one premium rule: status 'active' (or 'trialing') opens premium content, premium forums and
 * repeat assessments until the paid period (or the trial) ends (`premiumAccessEndsAt`; null or
 * absent means no end, as for complimentary access); admins pass every premium check. The server
 * enforces it, the client mirrors it. A trial opens premium only while the operator offers trials:
 * otherwise the server stores its access end in the past (subscriptions.service.ts,
 * `premiumAccessEnd`), so with no trial configured only 'active' opens premium.
 */
export type EntitlementSubject =
  | {
      isAdmin?: boolean | null;
      subscriptionStatus?: string | null;
      /** A Date on the server, an ISO string in API bodies. */
      premiumAccessEndsAt?: Date | string | null;
    }
  | null
  | undefined;

export const PREMIUM_STATUSES: readonly string[] = ['active', 'trialing'];

export function hasPremiumAccess(user: EntitlementSubject, now: Date = new Date()): boolean {
  if (!user) return false;
  if (user.isAdmin === true) return true;
  if (user.subscriptionStatus == null || !PREMIUM_STATUSES.includes(user.subscriptionStatus)) return false;
  // A trial always ends: without its end it opens nothing.
  if (user.premiumAccessEndsAt == null) return user.subscriptionStatus !== 'trialing';
  return new Date(user.premiumAccessEndsAt).getTime() > now.getTime();
}

/**
 * The first assessment is free; later ones need premium access (or admin rights).
 */
export function canTakeAssessment(
  user: EntitlementSubject,
  completedAssessments: number,
  now: Date = new Date(),
): boolean {
  return completedAssessments === 0 || hasPremiumAccess(user, now);
}
