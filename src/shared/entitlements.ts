/**
 * The one premium rule (SPEC.md section 4): status 'active' opens premium content, premium forums
 * and repeat assessments; admins pass every premium check. The server enforces it, the client mirrors it.
 */
export type EntitlementSubject =
  | { isAdmin?: boolean | null; subscriptionStatus?: string | null }
  | null
  | undefined;

export const PREMIUM_STATUSES: readonly string[] = ['active'];

export function hasPremiumAccess(user: EntitlementSubject): boolean {
  if (!user) return false;
  if (user.isAdmin === true) return true;
  return user.subscriptionStatus != null && PREMIUM_STATUSES.includes(user.subscriptionStatus);
}

/**
 * SPEC.md section 4: the first assessment is free; later ones need an active subscription or
 * admin rights.
 */
export function canTakeAssessment(user: EntitlementSubject, completedAssessments: number): boolean {
  return completedAssessments === 0 || hasPremiumAccess(user);
}
