import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signUpAddresses } from '../../db/schema/index.ts';

/**
 * Which flags count towards hiding an item without a moderator (FLAG_HIDE_THRESHOLD). Sign-up
 * is cheap, so a flag counts only when it comes from an established member: e-mail verified,
 * older than NEW_ACCOUNT_HOURS, neither muted nor suspended now. Accounts made from one client
 * address within SAME_ADDRESS_WINDOW_HOURS of each other (a chain of them, each within the window
 * of the one before) count once: the earliest of them. Every flag still reaches the moderation
 * queue, which shows who flagged and how old their accounts are.
 */

/** A day: long enough that a handful of accounts made "together" cannot be spread out cheaply. */
export const SAME_ADDRESS_WINDOW_HOURS = 24;

/** Kept when the account is made (better-auth's user hook, features/auth); never shown to anyone. */
export async function recordSignUpAddress(db: Database, userId: string, address: string): Promise<void> {
  await db.insert(signUpAddresses).values({ userId, address }).onConflictDoNothing();
}

export type WeighedFlaggerRow = {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  reason: string;
  flagged_at: string;
  joined_at: string;
  is_established: boolean;
  counts: boolean;
};

/**
 * The open flags of one item (`target`: a condition on `content_flags cf`), one row per flagger,
 * with whether the flagger is established and whether the flag counts towards hiding. A query to
 * select from: `select … from (${weighedFlaggers(…)}) flaggers`.
 */
export function weighedFlaggers(target: SQL, newAccountHours: number): SQL {
  return sql`
    with open_flaggers as (
      select cf.user_id, cf.reason, cf.created_at as flagged_at,
             u.created_at as joined_at, u.first_name, u.last_name, u.image, a.address,
             (u.email_verified
               and u.created_at <= now() - make_interval(secs => ${newAccountHours * 3600}::double precision)
               and not (u.muted_at is not null and (u.muted_until is null or u.muted_until > now()))
               and not (u.suspended_at is not null and (u.suspended_until is null or u.suspended_until > now()))
             ) as is_established
        from content_flags cf
        join users u on u.id = cf.user_id
        left join sign_up_addresses a on a.user_id = u.id
       where cf.dismissed_at is null and ${target}
    )
    select o.user_id, o.first_name, o.last_name, o.image, o.reason, o.flagged_at, o.joined_at,
           o.is_established,
           o.is_established and not exists (
             select 1 from open_flaggers earlier
              where earlier.is_established
                and earlier.address = o.address
                and (earlier.joined_at, earlier.user_id) < (o.joined_at, o.user_id)
                and earlier.joined_at > o.joined_at - make_interval(hours => ${SAME_ADDRESS_WINDOW_HOURS})
           ) as counts
      from open_flaggers o`;
}
