import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PRACTICE_SETTINGS } from '@shared/schemas/practice.ts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lintWithBiomePlugin } from '../../../../tests/setup/biome-plugin.ts';
import { createActor, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { users } from '../../db/schema/index.ts';
import {
  getMemberSettings,
  getMemberTimeZone,
  memberPreferences,
  memberPreferencesAs,
  setPreferences,
} from './index.ts';

/** The members' preferences through HTTP and through the functions other features call. */

const t = setUpTestApp();
const REPO = join(import.meta.dirname, '../../../..');

describe('GET and PUT /api/practice/settings', () => {
  it('keeps reminder time, days, channels, notification e-mails and theme; refuses what is not one', async () => {
    const member = await createActor(t.app, 'member');
    const put = (payload: Record<string, unknown>) =>
      member.request({ method: 'PUT', url: '/api/practice/settings', payload });
    const saved = await put({
      reminderTime: '07:45',
      reminderDays: [5, 1, 3],
      reminderPush: true,
      emailReplies: true,
      theme: 'dark',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      reminderTime: '07:45',
      reminderDays: [1, 3, 5],
      reminderPush: true,
      reminderEmail: false,
      emailReplies: true,
      emailMentions: false,
      theme: 'dark',
    });
    // Fields not sent are kept.
    expect((await put({ showStreaks: true })).json()).toMatchObject({ reminderTime: '07:45', theme: 'dark' });
    expect((await put({ reminderTime: null })).json().reminderTime).toBeNull();
    const refused = await Promise.all(
      [
        { reminderTime: '24:00' },
        { reminderTime: '7:45' },
        { reminderDays: [0] },
        { reminderDays: [1, 1] },
        { theme: 'sepia' },
        { emailMentions: 'yes' },
      ].map(put),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
  });

  it('play next is on by default and the member can turn it off', async () => {
    const member = await createActor(t.app, 'member');
    const read = await member.request({ method: 'GET', url: '/api/practice/settings' });
    expect(read.json().playNext).toBe(true);
    const off = await member.request({
      method: 'PUT',
      url: '/api/practice/settings',
      payload: { playNext: false },
    });
    expect(off.json().playNext).toBe(false);
    const again = await member.request({ method: 'GET', url: '/api/practice/settings' });
    expect(again.json().playNext).toBe(false);
    const refused = await member.request({
      method: 'PUT',
      url: '/api/practice/settings',
      payload: { playNext: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('what other features use (index.ts)', () => {
  it('a member who never saved anything has the defaults; setPreferences changes only the fields given', async () => {
    const { db } = t.app.database;
    const member = await createActor(t.app, 'member');
    const userId = member.userId!;
    expect(await getMemberSettings(db, userId)).toEqual(DEFAULT_PRACTICE_SETTINGS);
    expect(await getMemberTimeZone(db, userId)).toBeNull();

    await setPreferences(db, userId, { digestEmail: true, timeZone: 'Europe/Berlin' });
    const after = await setPreferences(db, userId, { newsletters: true });
    expect(after).toEqual({
      ...DEFAULT_PRACTICE_SETTINGS,
      digestEmail: true,
      newsletters: true,
      timeZone: 'Europe/Berlin',
    });
    expect(await getMemberSettings(db, userId)).toEqual(after);
    expect(await getMemberTimeZone(db, userId)).toBe('Europe/Berlin');
  });

  it('memberPreferences reads like the table in a bigger statement: null for a member without a row', async () => {
    const { db } = t.app.database;
    const [saved, never] = await Promise.all([createActor(t.app, 'member'), createActor(t.app, 'member')]);
    await setPreferences(db, saved.userId!, { digestEmail: true });
    const rows = await db
      .select({ id: users.id, digestEmail: memberPreferences.digestEmail })
      .from(users)
      .leftJoin(memberPreferences, eq(memberPreferences.userId, users.id))
      .where(sql`${users.id} in (${saved.userId}, ${never.userId})`);
    expect(new Map(rows.map((row) => [row.id, row.digestEmail]))).toEqual(
      new Map([
        [saved.userId, true],
        [never.userId, null],
      ]),
    );
    // Raw SQL names it by an alias and reads the table's own column names.
    const { rows: raw } = await db.execute<{ digest_email: boolean }>(
      sql`select s.digest_email from ${memberPreferencesAs('s')} where s.user_id = ${saved.userId}`,
    );
    expect(raw).toEqual([{ digest_email: true }]);
  });
});

describe('one owner', () => {
  it('lint refuses the preferences table, by its name in code or in SQL, outside features/settings (biome.json loads the plugin)', () => {
    const table = "import { practiceSettings } from '../../db/schema/index.ts';\n";
    const output = lintWithBiomePlugin('member-settings-owner', {
      'src/server/db/schema/settings.ts': 'export const practiceSettings = {};\n',
      'src/server/features/settings/settings.service.ts': `${table}export const owner = practiceSettings;\n`,
      'src/server/features/digest/digest.service.ts': `${table}export const reader = practiceSettings;\n`,
      'src/server/features/members/members.service.ts':
        "import * as schema from '../../db/schema/index.ts';\nexport const reader = schema.practiceSettings;\n",
      // Raw SQL that names the table is the same reach around the owner.
      'src/server/features/events/event-reminders.ts':
        "import { sql } from 'drizzle-orm';\nexport const due = sql`select 1 from practice_settings s`;\n",
      // Tests seed and inspect rows directly, as they do every other table.
      'src/server/features/digest/digest.test.ts': `${table}export const seed = practiceSettings;\n`,
    });
    expect(output).toMatch(/digest\/digest\.service\.ts:1:\d+ plugin/);
    expect(output).toMatch(/digest\/digest\.service\.ts:2:\d+ plugin/);
    expect(output).toMatch(/members\/members\.service\.ts:2:\d+ plugin/);
    expect(output).toMatch(/events\/event-reminders\.ts:2:\d+ plugin/);
    expect(output).not.toMatch(/settings\/settings\.service\.ts:\d+:\d+ plugin/);
    expect(output).not.toMatch(/schema\/settings\.ts:\d+:\d+ plugin/);
    expect(output).not.toMatch(/digest\.test\.ts:\d+:\d+ plugin/);
    expect(output).toContain('Found 4 errors.');
    const config = JSON.parse(readFileSync(join(REPO, 'biome.json'), 'utf8')) as { plugins?: string[] };
    expect(config.plugins).toContain('./lint/member-settings-owner.grit');
  });
});
