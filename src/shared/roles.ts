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
  if (!user.mutedAt) return null;
  if (!user.mutedUntil) return { until: null };
  const until = new Date(user.mutedUntil);
  return until > now ? { until: until.toISOString() } : null;
}
