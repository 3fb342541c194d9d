// Who is asking: the signed-in member as the session resolves them, the narrower viewer the
// services read, and the access worked out from it once per request. All live here, below the
// plugins and the features, so every layer can name them.
import { hasPremiumAccess } from '@shared/entitlements.ts';
import { canModerate } from '@shared/roles.ts';

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
  /** The member's chosen language (a shipped locale), or null when they have not chosen. */
  locale?: string | null;
  stripeCustomerId: string | null;
  createdAt: Date;
};

/** What a service needs to decide what someone may see: null for a visitor. */
export type Viewer = {
  id: string;
  isAdmin: boolean;
  isModerator?: boolean;
  subscriptionStatus: string | null;
  /** Read by `hasPremiumAccess` with the status (null or absent: no end). */
  premiumAccessEndsAt?: Date | null;
} | null;

export type ViewerRole = 'visitor' | 'member' | 'moderator' | 'admin';

/**
 * What someone may see, decided once per request (`getViewerAccess` in plugins/auth.ts) and handed
 * to the services, which read these fields and never apply the premium or role rules themselves.
 */
export type ViewerAccess = {
  /** The member's id; null for a visitor. */
  id: string | null;
  role: ViewerRole;
  /** The premium rule (`hasPremiumAccess`, src/shared/entitlements.ts) when the request began. */
  hasPremiumAccess: boolean;
  /** Moderators and admins (`canModerate`, src/shared/roles.ts). */
  canModerate: boolean;
};

/** The access of a signed-in member (any role but visitor). */
export type MemberAccess = ViewerAccess & { id: string; role: Exclude<ViewerRole, 'visitor'> };

export const VISITOR_ACCESS: ViewerAccess = {
  id: null,
  role: 'visitor',
  hasPremiumAccess: false,
  canModerate: false,
};

/** The one place a viewer's role and premium access are worked out; `now` fixes the premium rule's clock. */
export function toViewerAccess(viewer: NonNullable<Viewer>, now?: Date): MemberAccess;
export function toViewerAccess(viewer: Viewer, now?: Date): ViewerAccess;
export function toViewerAccess(viewer: Viewer, now = new Date()): ViewerAccess {
  if (!viewer) return VISITOR_ACCESS;
  return {
    id: viewer.id,
    role: viewer.isAdmin ? 'admin' : viewer.isModerator ? 'moderator' : 'member',
    hasPremiumAccess: hasPremiumAccess(viewer, now),
    canModerate: canModerate(viewer),
  };
}

export function isMemberAccess(access: ViewerAccess): access is MemberAccess {
  return access.id !== null;
}
