import { AUTH_RATE_LIMITS } from '../lib/auth-endpoints.ts';

/**
 * Write limits: every state-changing route declares one class below in its policy
 * (`config: { policy: { limit: 'community' } }`), limited per member and per client address.
 * Counters live in PostgreSQL (`request_limits`, through rate-limiter-flexible), so every instance
 * on one database shares them. The figures are far above what a person does
 * (docs/decisions/017-write-limits-and-access-end.md); they stop scripts, not members.
 */

export type Limit = { points: number; durationSeconds: number };
export type ClassLimits = {
  member: Limit;
  address: Limit;
  /** In place of `member` for accounts younger than NEW_ACCOUNT_HOURS (isNewAccount). */
  newMember?: Limit;
};
export type WriteLimitClass =
  | 'community'
  | 'reaction'
  | 'progress'
  | 'questionnaire'
  | 'checkout'
  | 'offerLookup'
  | 'profile'
  | 'password'
  | 'upload'
  | 'admin';

const perMinute = (points: number): Limit => ({ points, durationSeconds: 60 });
const SIGN_IN_LIMIT = AUTH_RATE_LIMITS['/sign-in/email'];

/** Per member, and per client address (several members may share one, behind a NAT). */
export const WRITE_LIMITS: Record<WriteLimitClass, ClassLimits> = {
  // Posts, comments, their edits, deletions and flags; fewer for new accounts (a spam run is
  // usually a fresh account), enough for anyone settling in.
  community: {
    member: perMinute(30),
    address: perMinute(120),
    newMember: { points: 10, durationSeconds: 600 },
  },
  // Likes and favourites: a tap each.
  reaction: { member: perMinute(120), address: perMinute(480) },
  // The player saves every ten seconds of playback, and on pause and seek.
  progress: { member: perMinute(240), address: perMinute(960) },
  questionnaire: { member: perMinute(120), address: perMinute(480) },
  checkout: { member: perMinute(10), address: perMinute(40) },
  // Offer codes looked up at checkout (a read): a few tries per person, too few to guess codes by script.
  offerLookup: { member: perMinute(10), address: perMinute(20) },
  profile: { member: perMinute(20), address: perMinute(80) },
  // Password re-checks (account deletion): the same figure as better-auth's sign-in limit.
  password: {
    member: { points: SIGN_IN_LIMIT.max, durationSeconds: SIGN_IN_LIMIT.window },
    address: { points: SIGN_IN_LIMIT.max, durationSeconds: SIGN_IN_LIMIT.window },
  },
  upload: { member: perMinute(60), address: perMinute(240) },
  // Admins edit in bursts (reordering a playlist, tidying the library).
  admin: { member: perMinute(300), address: perMinute(600) },
};

/** "40 seconds", "2 minutes": how long to wait, in words. */
export function describeWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
