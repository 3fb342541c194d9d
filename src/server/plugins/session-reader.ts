import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { perDatabase } from '../lib/per-database.ts';
import type { SessionUser } from '../lib/viewer.ts';

/**
 * The signed-in member of a request, read the way better-auth's `getSession` reads it, without
 * its endpoint pipeline (issue 38: that pipeline cost about 1.8 ms of CPU on every signed-in
 * request, most of a cached header search). Same cookie, same signature (HMAC-SHA256 with the
 * auth secret, base64, 44 characters), same session row and expiry; every request still reads the
 * row, so signing out, a password reset and a suspension end access at once, on every instance.
 *
 * It answers only the plain case: a valid, unexpired session that does not need its expiry moved
 * yet. Anything else (`'ask-better-auth'`) goes through better-auth itself, which refreshes
 * sessions past `updateAge`, deletes expired ones and honours "don't remember me".
 */
export type SessionCookieNames = {
  /** `stillpoint.session_token`, with `__Secure-` before it behind HTTPS. */
  sessionToken: string;
  dontRemember: string;
};

export type SessionRules = {
  secret: string;
  /** Seconds a session lives, and after how many of them a request moves its expiry forward. */
  expiresIn: number;
  updateAge: number;
};

/** The value of cookie `name` in a Cookie header (the first, as browsers send it), URL-decoded. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** The session token a signed cookie value carries, or null when the signature is not ours. */
export function verifiedToken(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const sessionUserColumns = {
  expiresAt: sessions.expiresAt,
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  name: users.name,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  mutedAt: users.mutedAt,
  mutedUntil: users.mutedUntil,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
  subscriptionStatus: users.subscriptionStatus,
  premiumAccessEndsAt: users.premiumAccessEndsAt,
  stripeCustomerId: users.stripeCustomerId,
  locale: users.locale,
  createdAt: users.createdAt,
};

/**
 * Built and planned once: every signed-in request runs it, and building it through the query
 * builder each time was the largest single cost of a cached header search (bench/README.md).
 */
const sessionUserByToken = perDatabase((db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_user_by_token'),
);

export async function readSessionUser(
  db: Database,
  cookieHeader: string,
  names: SessionCookieNames,
  rules: SessionRules,
  now = Date.now(),
): Promise<SessionUser | null | 'ask-better-auth'> {
  const signed = cookieValue(cookieHeader, names.sessionToken);
  if (!signed) return null;
  const token = verifiedToken(signed, rules.secret);
  if (!token) return null;
  if (cookieValue(cookieHeader, names.dontRemember)) return 'ask-better-auth';
  const [row] = await sessionUserByToken.get(db).execute({ token });
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  const isDueForRefresh = expiresAt - rules.expiresIn * 1000 + rules.updateAge * 1000 <= now;
  if (expiresAt < now || isDueForRefresh) return 'ask-better-auth';
  const { expiresAt: _expiresAt, ...user } = row;
  return user;
}
