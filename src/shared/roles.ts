/** Who may act on the community: moderators, and admins (who hold every moderator right). */
export function canModerate(
  user: { isAdmin?: boolean | null; isModerator?: boolean | null } | null | undefined,
) {
  return user?.isAdmin === true || user?.isModerator === true;
}

type MuteFields = { mutedAt?: Date | string | null; mutedUntil?: Date | string | null };

/**
 * The member's mute while it holds, else null: set by a moderator, it lasts until `mutedUntil`
 * (null: until lifted). It ends by the clock alone, so no job clears it.
 */
export function activeMute(user: MuteFields, now = new Date()): { until: string | null } | null {
  return activePeriod(user.mutedAt, user.mutedUntil, now);
}

type SuspensionFields = { suspendedAt?: Date | string | null; suspendedUntil?: Date | string | null };

/** The member's suspension while it holds (admins set it; no sign-in), else null; as a mute. */
export function activeSuspension(user: SuspensionFields, now = new Date()): { until: string | null } | null {
  return activePeriod(user.suspendedAt, user.suspendedUntil, now);
}

/** A sanction set at `since` that lasts until `until` (null: until lifted), by the clock alone. */
function activePeriod(
  since: Date | string | null | undefined,
  until: Date | string | null | undefined,
  now: Date,
): { until: string | null } | null {
  if (!since) return null;
  if (!until) return { until: null };
  const end = new Date(until);
  return end > now ? { until: end.toISOString() } : null;
}

/** Whether the account is younger than `newAccountHours` (NEW_ACCOUNT_HOURS; 0: no account is new). */
export function isNewAccount(user: { createdAt: Date }, newAccountHours: number, now = new Date()): boolean {
  return newAccountHours > 0 && now.getTime() - user.createdAt.getTime() < newAccountHours * 3_600_000;
}
