import {
  DEFAULT_PRACTICE_SETTINGS,
  type PracticeSettings,
  type PracticeSettingsInput,
} from '@shared/schemas/practice.ts';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.ts';
import { practiceSettings } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

/** Every preference a member keeps, as `GET /api/practice/settings` answers it. */
export type MemberSettings = PracticeSettings;
/** Some preferences to store; the ones left out keep their value (or their default). */
export type PreferenceChanges = Partial<
  Omit<typeof practiceSettings.$inferInsert, 'userId' | 'createdAt' | 'updatedAt'>
>;

type Db = Database | Transaction;

const settingsColumns = {
  timeZone: practiceSettings.timeZone,
  dayStartHour: practiceSettings.dayStartHour,
  showStreaks: practiceSettings.showStreaks,
  reminderTime: practiceSettings.reminderTime,
  reminderDays: practiceSettings.reminderDays,
  reminderPush: practiceSettings.reminderPush,
  reminderEmail: practiceSettings.reminderEmail,
  emailReplies: practiceSettings.emailReplies,
  emailMentions: practiceSettings.emailMentions,
  digestEmail: practiceSettings.digestEmail,
  newsletters: practiceSettings.newsletters,
  theme: practiceSettings.theme,
  eventReminderMinutes: practiceSettings.eventReminderMinutes,
  eventReminderPush: practiceSettings.eventReminderPush,
  eventReminderEmail: practiceSettings.eventReminderEmail,
  playNext: practiceSettings.playNext,
};

/**
 * The members' preferences as a read-only table for other features' set-based statements (a
 * digest or newsletter audience, the reminder jobs, the members export): join it by `userId`
 * instead of naming the table, and write only through this file's functions. A member without a
 * row has every default, so join it with a left join (or `coalesce` the column) unless only
 * members who turned something on are wanted. PostgreSQL folds the subquery into the outer
 * statement, so the plan is the one a join on the table itself would get.
 *
 * `alias` is the name the statement refers to it by (`s` in `left join … s on s.user_id = …`); in
 * raw SQL its columns are the table's own names (`s.email_replies`).
 */
export function memberPreferencesAs<Alias extends string>(alias: Alias) {
  return new QueryBuilder()
    .select({ userId: practiceSettings.userId, ...settingsColumns })
    .from(practiceSettings)
    .as(alias);
}

/** `memberPreferencesAs` under its own name, for the query builder (`memberPreferences.digestEmail`). */
export const memberPreferences = memberPreferencesAs('member_preferences');

/**
 * A member's preferences; the defaults when they never saved any. `forUpdate` locks their row
 * (inside a transaction) so a change that depends on the value before it is counted once.
 */
export async function getMemberSettings(
  db: Db,
  userId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<MemberSettings> {
  const query = db.select(settingsColumns).from(practiceSettings).where(eq(practiceSettings.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? DEFAULT_PRACTICE_SETTINGS;
}

/** The member's own time zone; null until the browser (or the member) gives one. */
export async function getMemberTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: practiceSettings.timeZone })
    .from(practiceSettings)
    .where(eq(practiceSettings.userId, userId));
  return row?.timeZone ?? null;
}

/** The member's time zone as SQL, for a statement over many members; null when they never set one. */
export function memberTimeZoneSql(userId: SQLWrapper): SQL<string | null> {
  return sql<
    string | null
  >`(select ${practiceSettings.timeZone} from ${practiceSettings} where ${practiceSettings.userId} = ${userId})`;
}

/**
 * Stores some of a member's preferences (one statement: the row is made on first save); the rest
 * keep their value. The one write path for every feature: Settings, the unsubscribe links, the
 * sign-up box, the members import.
 */
export async function setPreferences(
  db: Db,
  userId: string,
  changes: PreferenceChanges,
  now: Date = new Date(),
): Promise<MemberSettings> {
  const [row] = await db
    .insert(practiceSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: practiceSettings.userId, set: { ...changes, updatedAt: now } })
    .returning(settingsColumns);
  return row!;
}

/**
 * The first preferences of members created just now (the members import), in one statement.
 * Their rows cannot exist yet; a clash is a bug and fails the import's transaction.
 */
export async function insertNewMemberPreferences(
  db: Db,
  rows: Array<{ userId: string } & PreferenceChanges>,
): Promise<void> {
  if (rows.length > 0) await db.insert(practiceSettings).values(rows);
}

/** `PUT /api/practice/settings`: checks what only the database can check, then stores the fields sent. */
export async function updateMemberSettings(
  db: Database,
  userId: string,
  input: PracticeSettingsInput,
): Promise<MemberSettings> {
  // The browser's Intl and PostgreSQL's zone database are separate copies: the day arithmetic
  // runs in PostgreSQL, so the zone must be one it knows.
  if (input.timeZone !== undefined) {
    const { rows } = await db.execute(sql`select 1 from pg_timezone_names where name = ${input.timeZone}`);
    if (rows.length === 0) throw badRequest('timeZone must be a time zone name such as Europe/London');
  }
  // Only the fields sent change; the days are kept in weekday order.
  const { reminderDays, ...rest } = input;
  const changes = Object.fromEntries(
    Object.entries({
      ...rest,
      reminderDays: reminderDays ? [...reminderDays].sort((a, b) => a - b) : undefined,
    }).filter(([, value]) => value !== undefined),
  ) as PreferenceChanges;
  return setPreferences(db, userId, changes);
}
