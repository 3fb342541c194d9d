// Who is asking: the signed-in member as the session resolves them, and the narrower viewer the
// services read. Both live here, below the plugins and the features, so every layer can name them.

/** The signed-in member, as `getSessionUser` in plugins/auth.ts resolves it once per request. */
export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  isAdmin: boolean;
  isModerator: boolean;
  /** A mute holds while `mutedAt` is set and `mutedUntil` is null or ahead (moderation.service.ts). */
  mutedAt: Date | null;
  mutedUntil: Date | null;
  /** A suspension holds like a mute; a suspended member's sessions are refused (getSessionUser). */
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
  subscriptionStatus: string | null;
  /** When the paid period ends (null: no end); `hasPremiumAccess` reads it with the status. */
  premiumAccessEndsAt: Date | null;
  stripeCustomerId: string | null;
  createdAt: Date;
};

/** What a service needs to decide what someone may see: null for a visitor. */
export type Viewer = {
  id: string;
  isAdmin: boolean;
  isModerator?: boolean;
  subscriptionStatus: string | null;
} | null;
