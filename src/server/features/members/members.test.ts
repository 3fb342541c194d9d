import fs from 'node:fs';
import { hasPremiumAccess } from '@shared/entitlements.ts';
import { MEMBER_EXPORT_COLUMNS, type MemberImportResult } from '@shared/schemas/members.ts';
import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Actor,
  cookieHeader,
  createActor,
  latestEmailTo,
  randomClientAddress,
  setUpActors,
  setUpTestApp,
  signIn,
  TEST_ORIGIN,
  uniqueEmail,
} from '../../../../tests/setup/test-app.ts';
import { accounts, outboxEmails, practiceSettings, subscriptions, users } from '../../db/schema/index.ts';
import { csvCause, databaseCause } from './import-causes.ts';

/**
 * The member import and export in test mode (no Stripe), against the real database: realistic
 * Ghost, Substack and plain files (fixtures/), bad lines, idempotent re-imports, invitations and
 * the export's round trip. Stripe mode is in members-stripe.test.ts.
 */

const t = setUpTestApp();
const [admin] = setUpActors(t, 'admin');

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const DAY_MS = 24 * 60 * 60 * 1000;

async function importCsv(
  csv: string,
  options: { dryRun?: boolean; sendInvites?: boolean } = {},
  actor: Actor = admin,
): Promise<MemberImportResult> {
  const response = await actor.request({
    method: 'POST',
    url: '/api/admin/members/import',
    payload: { csv, dryRun: options.dryRun ?? false, sendInvites: options.sendInvites },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function member(email: string) {
  const [row] = await t.app.database.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      note: users.note,
      createdAt: users.createdAt,
      stripeCustomerId: users.stripeCustomerId,
      subscriptionStatus: users.subscriptionStatus,
      premiumAccessEndsAt: users.premiumAccessEndsAt,
      provider: subscriptions.provider,
      digestEmail: practiceSettings.digestEmail,
      newsletters: practiceSettings.newsletters,
      labels: users.labels,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(practiceSettings, eq(practiceSettings.userId, users.id))
    .where(eq(users.email, email));
  return row;
}

const exportCsv = async (actor: Actor = admin) =>
  actor.request({ method: 'GET', url: '/api/admin/members/export' });

describe('who may import and export', () => {
  it('visitors 401, members and subscribers 403; nothing is written', async () => {
    const email = uniqueEmail('intruder');
    for (const role of ['visitor', 'member', 'premium'] as const) {
      const actor = await createActor(t.app, role);
      const imported = await actor.request({
        method: 'POST',
        url: '/api/admin/members/import',
        payload: { csv: `email\n${email}\n`, dryRun: false },
      });
      expect(imported.statusCode).toBe(role === 'visitor' ? 401 : 403);
      expect((await exportCsv(actor)).statusCode).toBe(role === 'visitor' ? 401 : 403);
    }
    expect(await member(email)).toBeUndefined();
  });

  it('answers 400 with a readable message for a body that is not an import', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/members/import',
      payload: { csv: '', dryRun: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/The CSV file is empty|dryRun must be true or false/);
  });
});

describe("Ghost's member export", () => {
  const csv = fixture('ghost-members.csv');

  it('dry run: counts, a preview and per-line errors, and nothing written', async () => {
    const result = await importCsv(csv, { dryRun: true });
    expect(result).toMatchObject({
      rows: 6,
      created: 3,
      updated: 0,
      skipped: 1,
      format: 'ghost',
      invited: 0,
      // Sam's paid line: test mode has no Stripe, so the report says it became complimentary.
      paidAsComplimentary: 1,
    });
    const badEmail = {
      code: 'INVALID_ROW',
      params: {},
      issues: [{ field: 'email', rule: 'emailInvalid', message: 'Please enter a valid e-mail address' }],
      message: 'Please enter a valid e-mail address',
    };
    expect(result.errors).toEqual([
      { line: 5, ...badEmail },
      { line: 7, ...badEmail },
    ]);
    expect(result.preview.map((row) => [row.line, row.email, row.status, row.action])).toEqual([
      [2, 'robin.vale@example.com', 'free', 'create'],
      [3, 'ana.ruiz@example.com', 'comp', 'create'],
      [4, 'sam.o@example.com', 'paid', 'create'],
    ]);
    expect(await member('robin.vale@example.com')).toBeUndefined();
  });

  it('imports the good lines: names, the note with its line break, newsletter opt-in, comp, paid as comp', async () => {
    const before = Date.now();
    const result = await importCsv(csv);
    expect(result).toMatchObject({ rows: 6, created: 3, updated: 0, skipped: 1, paidAsComplimentary: 1 });
    expect(result.errors.map((error) => error.line)).toEqual([5, 7]);

    const robin = await member('robin.vale@example.com');
    expect(robin).toMatchObject({
      firstName: 'Robin',
      lastName: 'Vale',
      note: 'Met at the spring retreat, 2023\r\nPrefers evening sits',
      digestEmail: true,
      // Ghost's subscribed_to_emails is the newsletter: the member keeps it here.
      newsletters: true,
      subscriptionStatus: null,
    });
    // The member keeps the date they joined the old site.
    expect(robin!.createdAt.toISOString()).toBe('2023-03-14T09:21:44.000Z');

    const ana = await member('ana.ruiz@example.com');
    expect(ana).toMatchObject({
      provider: 'complimentary',
      subscriptionStatus: 'active',
      premiumAccessEndsAt: null,
    });

    // Test mode: a paid Ghost member becomes complimentary for one billing period, customer kept.
    const sam = await member('sam.o@example.com');
    expect(sam).toMatchObject({ provider: 'complimentary', stripeCustomerId: 'cus_NffrFeUfNV2Hib' });
    const samEnds = sam!.premiumAccessEndsAt!.getTime();
    expect(samEnds).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(samEnds).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);

    // Imported members have no password.
    const passwords = await t.app.database.db
      .select()
      .from(accounts)
      .where(inArray(accounts.userId, [robin!.id, ana!.id, sam!.id]));
    expect(passwords).toEqual([]);
    expect(await member('gone@example.com')).toBeUndefined();
  });

  it('the same file again changes nothing', async () => {
    const before = await member('sam.o@example.com');
    const result = await importCsv(csv);
    expect(result).toMatchObject({ rows: 6, created: 0, updated: 0, skipped: 4 });
    expect(await member('sam.o@example.com')).toEqual(before);
  });
});

describe('the e-mail choice of a file', () => {
  it('sets the newsletter choice of new and existing members; the same file again changes nothing', async () => {
    const subscribed = uniqueEmail('subscribed');
    const unsubscribed = uniqueEmail('unsubscribed');
    const existing = await createActor(t.app, 'member');
    const csv = [
      'email,subscribed_to_emails',
      `${subscribed},true`,
      `${unsubscribed},false`,
      `${existing.email},true`,
    ].join('\n');
    const result = await importCsv(csv);
    expect(result).toMatchObject({ created: 2, updated: 1, skipped: 0 });
    expect(await member(subscribed)).toMatchObject({ newsletters: true, digestEmail: true });
    expect((await member(unsubscribed))!.newsletters ?? false).toBe(false);
    expect(await member(existing.email!)).toMatchObject({ newsletters: true, digestEmail: true });

    expect(await importCsv(csv)).toMatchObject({ created: 0, updated: 0, skipped: 3 });

    // Turned off in the old site: the choice follows the file.
    expect(await importCsv(`email,subscribed_to_emails\n${existing.email},false\n`)).toMatchObject({
      updated: 1,
    });
    expect(await member(existing.email!)).toMatchObject({ newsletters: false, digestEmail: false });
  });

  it("our export's email_newsletters column is the newsletter choice, apart from the digest", async () => {
    const email = uniqueEmail('apart');
    await importCsv(`email,subscribed_to_emails,email_newsletters\n${email},false,true\n`);
    expect(await member(email)).toMatchObject({ newsletters: true, digestEmail: false });
    const records: Record<string, string>[] = parse((await exportCsv()).body, { columns: true });
    expect(records.find((record) => record.email === email)).toMatchObject({
      subscribed_to_emails: 'false',
      email_newsletters: 'true',
    });
  });
});

describe('labels', () => {
  it("stores Ghost's labels; a re-import adds the ones missing and never removes one; the export writes them", async () => {
    const email = uniqueEmail('labelled');
    await importCsv(`email,labels\n${email},"Yoga, Retreat 2024, Yoga"\n`);
    expect((await member(email))!.labels).toEqual(['Yoga', 'Retreat 2024']);

    expect(await importCsv(`email,labels\n${email},Yoga\n`)).toMatchObject({ updated: 0, skipped: 1 });
    expect(await importCsv(`email,labels\n${email},"Breath, Yoga"\n`)).toMatchObject({ updated: 1 });
    expect((await member(email))!.labels).toEqual(['Yoga', 'Retreat 2024', 'Breath']);

    const records: Record<string, string>[] = parse((await exportCsv()).body, { columns: true });
    expect(records.find((record) => record.email === email)).toMatchObject({
      labels: 'Yoga, Retreat 2024, Breath',
    });

    const listed = await admin.request({ method: 'GET', url: '/api/admin/members/labels' });
    expect(listed.json()).toEqual(expect.arrayContaining([{ label: 'Breath', members: 1 }]));
  });

  it("a plain file has a labels column too, and a label too long is that line's error", async () => {
    const email = uniqueEmail('plain-label');
    const result = await importCsv(
      `Email,First Name,Labels\n${email},Pia,Breathwork\n${uniqueEmail('long')},Lo,${'x'.repeat(101)}\n`,
    );
    expect(result).toMatchObject({ created: 1, format: 'plain' });
    expect(result.errors.map(({ line, message }) => ({ line, message }))).toEqual([
      { line: 3, message: 'A label can be at most 100 characters' },
    ]);
    expect((await member(email))!.labels).toEqual(['Breathwork']);
  });
});

describe("Substack's subscriber export", () => {
  it('paid, comp and gift become complimentary until their expiry; email_disabled turns the newsletter off', async () => {
    // A dry run first: the same counts and errors as the import, and nothing written.
    const dryRun = await importCsv(fixture('substack-subscribers.csv'), { dryRun: true });
    expect(dryRun).toMatchObject({ rows: 6, created: 4, updated: 0, skipped: 1, format: 'substack' });
    expect(dryRun.errors.map((error) => error.line)).toEqual([7]);
    expect(await member('herroooo@substack.example')).toBeUndefined();

    const result = await importCsv(fixture('substack-subscribers.csv'));
    expect(result).toMatchObject({ rows: 6, created: 4, updated: 0, skipped: 1, format: 'substack' });
    expect(result.errors).toEqual([
      {
        line: 7,
        code: 'INVALID_STATUS',
        params: { found: 'platinum' },
        message: 'status must be free, paid or comp (found "platinum")',
      },
    ]);

    expect(await member('herroooo@substack.example')).toMatchObject({
      provider: 'complimentary',
      premiumAccessEndsAt: new Date('2031-07-06T16:20:44.000Z'),
      stripeCustomerId: 'cus_D5JgW66mn4j0BQ',
      digestEmail: true,
    });
    const disabled = await member('maguirec086@comm.example');
    expect(disabled).toMatchObject({ premiumAccessEndsAt: new Date('2030-06-23T23:41:42.980Z') });
    // No settings row: the digest stays at its default, off.
    expect(disabled!.digestEmail ?? false).toBe(false);
    expect(await member('jill@example.org')).toMatchObject({ provider: 'complimentary' });
    expect(await member('kirstygouda@example.net')).toMatchObject({ subscriptionStatus: null });
    expect(await member('someone@deletion-request.substack.com')).toBeUndefined();

    const again = await importCsv(fixture('substack-subscribers.csv'));
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 5 });
  });
});

describe('a plain CSV', () => {
  it('reads any capitalisation of the columns; a bad date and a repeated address are line errors', async () => {
    // A dry run first: the same counts and line errors, and nobody written.
    const dryRun = await importCsv(fixture('plain-members.csv'), { dryRun: true });
    expect(dryRun).toMatchObject({ rows: 5, created: 3, updated: 0, skipped: 0, format: 'plain' });
    expect(dryRun.errors.map((error) => [error.line, error.code])).toEqual([
      [5, 'INVALID_ROW'],
      [6, 'DUPLICATE_EMAIL'],
    ]);
    expect(await member('lee.park@example.com')).toBeUndefined();

    const result = await importCsv(fixture('plain-members.csv'));
    expect(result).toMatchObject({ rows: 5, created: 3, updated: 0, skipped: 0, format: 'plain' });
    expect(result.errors).toEqual([
      {
        line: 5,
        code: 'INVALID_ROW',
        params: {},
        issues: [
          {
            field: 'compEndsAt',
            rule: 'date',
            message: 'The comp end date must be a date like 2026-01-31 or 2026-01-31T09:30:00Z',
          },
        ],
        message: 'The comp end date must be a date like 2026-01-31 or 2026-01-31T09:30:00Z',
      },
      {
        line: 6,
        code: 'DUPLICATE_EMAIL',
        params: { email: 'lee.park@example.com', earlierLine: 2 },
        message: 'lee.park@example.com is already on line 2',
      },
    ]);
    expect(await member('lee.park@example.com')).toMatchObject({
      provider: 'complimentary',
      premiumAccessEndsAt: new Date('2031-01-31T00:00:00.000Z'),
      note: "Teacher's friend",
    });
    expect(await member('kai@example.com')).toMatchObject({ firstName: 'Kai', lastName: null });
  });

  it('updates what a later file changes, and never takes access away', async () => {
    const result = await importCsv(
      [
        'email,first_name,last_name,status,comp_end_date,notes',
        'lee.park@example.com,Lee,Park-Ito,free,,',
        'kai@example.com,Kai,,comp,2032-02-02,Moved from the waitlist',
      ].join('\n'),
    );
    expect(result).toMatchObject({ rows: 2, created: 0, updated: 2, skipped: 0, errors: [] });
    expect(await member('lee.park@example.com')).toMatchObject({
      lastName: 'Park-Ito',
      provider: 'complimentary',
      subscriptionStatus: 'active',
    });
    expect(await member('kai@example.com')).toMatchObject({
      note: 'Moved from the waitlist',
      premiumAccessEndsAt: new Date('2032-02-02T00:00:00.000Z'),
    });
  });

  it('a comp end date in the past is recorded, and opens nothing', async () => {
    const email = uniqueEmail('lapsed');
    await importCsv(`email,status,comp_end_date\n${email},comp,2020-01-31\n`);
    const row = await member(email);
    expect(row).toMatchObject({
      provider: 'complimentary',
      premiumAccessEndsAt: new Date('2020-01-31T00:00:00Z'),
    });
    expect(hasPremiumAccess(row)).toBe(false);
    // The admin list says it ended, and offers to grant it again (no job changes the status).
    const list = await admin.request({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(email)}`,
    });
    expect(list.json()[0]).toMatchObject({
      subscriptionStatus: 'expired',
      complimentary: false,
      complimentaryUntil: '2020-01-31T00:00:00.000Z',
    });
  });

  it('a file without an email column is one error on line 1', async () => {
    const result = await importCsv('name,status\nRobin,free\n');
    expect(result.errors).toEqual([
      {
        line: 1,
        code: 'NO_EMAIL_COLUMN',
        params: {},
        message: 'The first line must name the columns, one of them "email".',
      },
    ]);
    expect(result.created).toBe(0);
  });

  it('a quote never closed is an error on its line; the lines before it are imported', async () => {
    const good = uniqueEmail('before-quote');
    const result = await importCsv(
      `email,notes\r\n${good},fine\r\n${uniqueEmail('quote')},"never closed\r\n`,
    );
    expect(result.created).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 3, code: 'INVALID_CSV' });
    // The cause is named for the admin's language; the parser's own words stay the reason.
    expect(result.errors[0]!.params).toEqual({
      cause: 'quoteNotClosed',
      reason: expect.stringMatching(/^Quote Not Closed:/),
    });
    expect(result.errors[0]!.message).toBe(`This line is not valid CSV: ${result.errors[0]!.params.reason}`);
  });

  it("each line error has a code and its sentence's parameters; a row's problems are named per field and rule", async () => {
    const email = uniqueEmail('coded');
    const result = await importCsv(
      [
        'email,first_name,last_name,notes,stripe_customer_id,subscribed_to_emails',
        `${email},"Robin
Vale",${'x'.repeat(101)},${'n'.repeat(2001)},not-a-customer,`,
        `${uniqueEmail('coded-b')},,,,cus_Coded1,`,
        `${uniqueEmail('coded-c')},,,,cus_Coded1,`,
        `${uniqueEmail('coded-d')},,,,,maybe`,
        ',Nobody,,,,',
      ].join('\n'),
      { dryRun: true },
    );
    expect(result.errors).toEqual([
      {
        line: 2,
        code: 'INVALID_ROW',
        params: {},
        issues: [
          { field: 'firstName', rule: 'oneLine', message: 'First name must be on one line' },
          {
            field: 'lastName',
            rule: 'tooLong',
            maximum: 100,
            message: 'Last name can be at most 100 characters',
          },
          {
            field: 'stripeCustomerId',
            rule: 'customerId',
            message: 'The Stripe customer id must look like cus_…',
          },
          {
            field: 'note',
            rule: 'tooLong',
            maximum: 2000,
            message: 'The note can be at most 2000 characters',
          },
        ],
        message:
          'First name must be on one line; Last name can be at most 100 characters; The Stripe customer id must look like cus_…; The note can be at most 2000 characters',
      },
      {
        line: 4,
        code: 'DUPLICATE_CUSTOMER',
        params: { customerId: 'cus_Coded1', earlierLine: 3 },
        message: 'Stripe customer cus_Coded1 is already on line 3',
      },
      {
        line: 5,
        code: 'INVALID_SUBSCRIBED',
        params: { found: 'maybe' },
        message: 'subscribed_to_emails must be true or false (found "maybe")',
      },
      {
        line: 6,
        code: 'INVALID_ROW',
        params: {},
        issues: [{ field: 'email', rule: 'emailRequired', message: 'Please enter your e-mail address' }],
        message: 'Please enter your e-mail address',
      },
    ]);
  });

  it('takes files over the app-wide 1 MB body limit', async () => {
    const note = 'n'.repeat(400);
    const lines = Array.from(
      { length: 3000 },
      (_, index) => `bulk-${index}-${Date.now()}@example.test,${note}`,
    );
    const csv = `email,notes\n${lines.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const result = await importCsv(csv, { dryRun: true });
    expect(result).toMatchObject({ rows: 3000, created: 3000, errors: [] });
  });
});

/**
 * Why the database refused a line, named so the admin screen says it in the admin's language
 * (issue 37). A race with a sign-up is produced for real; the causes no import line can meet
 * (its schema checks what the database checks) are named from real PostgreSQL errors.
 */
describe('why the database refused a line', () => {
  /** Waits until another connection waits for a lock (the import's insert behind ours). */
  async function untilALockIsAwaited() {
    for (let attempt = 0; attempt < 250; attempt++) {
      const { rows } = await t.app.database.pool.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the import never waited for the lock');
  }

  it('an address someone else takes while the file is imported is a duplicate; the other lines are imported', async () => {
    const raced = uniqueEmail('raced');
    const other = uniqueEmail('not-raced');
    const signUp = await t.app.database.pool.connect();
    try {
      // A sign-up in flight: its row is not visible yet, so the import plans to create the member
      // and its insert waits for this transaction, then fails on the unique e-mail.
      await signUp.query('begin');
      await signUp.query('insert into users (name, email) values ($1, $2)', ['Sam Signup', raced]);
      const importing = importCsv(`email,first_name\n${other},Olu\n${raced},Rae\n`);
      await untilALockIsAwaited();
      await signUp.query('commit');
      const result = await importing;
      expect(result.created).toBe(1);
      expect(result.errors).toEqual([
        {
          line: 3,
          code: 'NOT_IMPORTED',
          params: {
            cause: 'duplicate',
            reason: 'duplicate key value violates unique constraint "users_email_unique"',
          },
          message: 'Not imported: duplicate key value violates unique constraint "users_email_unique"',
        },
      ]);
    } finally {
      signUp.release();
    }
    expect(await member(other)).toMatchObject({ firstName: 'Olu' });
    expect(await member(raced)).toMatchObject({ firstName: null });
  });

  it('a value too long for its column, a lost race and any other refusal, from real PostgreSQL errors', async () => {
    const { db } = t.app.database;
    const refusal = async (write: Promise<unknown>) =>
      write.then(
        () => expect.unreachable(),
        (error) => error,
      );
    // The users_name_length check (the import's schema keeps names within it).
    const tooLong = await refusal(
      db.insert(users).values({ name: 'n'.repeat(300), email: uniqueEmail('too-long') }),
    );
    expect(databaseCause(tooLong)).toEqual({
      cause: 'tooLong',
      reason: expect.stringContaining('users_name_length'),
    });
    for (const sqlstate of ['40001', '40P01', '55P03']) {
      const lost = await refusal(
        db.execute(sql.raw(`do $$ begin raise exception 'lost' using errcode = '${sqlstate}'; end $$`)),
      );
      expect(databaseCause(lost)).toEqual({ cause: 'conflict', reason: 'lost' });
    }
    // Another check (a language the site does not ship): its own words, not a query.
    const other = await refusal(
      db.insert(users).values({ name: 'Ola', email: uniqueEmail('other'), locale: 'fr' }),
    );
    expect(databaseCause(other)).toEqual({
      cause: 'other',
      reason: expect.stringMatching(
        /^new row for relation "users" violates check constraint "users_locale_shipped"/,
      ),
    });
    expect(databaseCause(new Error('not the database'))).toEqual({
      cause: 'other',
      reason: 'not the database',
    });
  });

  it("the CSV parser's other refusals (options the import does not use) are other", () => {
    const strict = (text: string) => {
      try {
        parse(text, { columns: true });
      } catch (error) {
        return error as { code: string; message: string };
      }
      throw new Error('parsed');
    };
    expect(csvCause(strict('email\n"a"b\n'))).toMatchObject({ cause: 'other' });
    expect(csvCause(strict('email,name\na,b,c\n'))).toMatchObject({ cause: 'other' });
    expect(csvCause(strict('email\n"never closed\n'))).toMatchObject({ cause: 'quoteNotClosed' });
  });
});

describe('invitations', () => {
  it('mail a set-password link to members without a password, once; the link sets it and they sign in', async () => {
    const invitee = uniqueEmail('invitee');
    const existing = await createActor(t.app, 'member');
    const csv = `email,first_name\n${invitee},Noor\n${existing.email},River\n`;

    const dry = await importCsv(csv, { dryRun: true, sendInvites: true });
    expect(dry.invited).toBe(0);
    expect(await latestEmailTo(t.app, invitee)).toBeUndefined();

    const result = await importCsv(csv, { sendInvites: true });
    expect(result).toMatchObject({ created: 1, updated: 1, invited: 1 });
    const mail = await latestEmailTo(t.app, invitee);
    expect(mail?.subject).toBe('You are invited to Stillpoint');
    expect(mail?.text).toMatch(/^Stillpoint\n\nHello Noor,/);
    const link = mail!.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link).toContain(`${TEST_ORIGIN}/reset-password?token=`);
    // A member who already has a password is not invited.
    expect((await latestEmailTo(t.app, existing.email!))?.subject).not.toBe('You are invited to Stillpoint');

    // The same file with invitations again: nobody is mailed twice.
    const again = await importCsv(csv, { sendInvites: true });
    expect(again).toMatchObject({ created: 0, updated: 0, invited: 0 });
    const mails = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, invitee));
    expect(mails).toHaveLength(1);

    const token = new URL(link!).searchParams.get('token');
    const newPassword = 'slow-morning-tide-7';
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: randomClientAddress(),
      payload: { token, newPassword },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const signedIn = await signIn(t.app, invitee, newPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(cookieHeader(signedIn)).not.toBe('');
  });
});

describe('export', () => {
  it('streams every member as CSV with Ghost-compatible headers, status, plan and comp end date', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="stillpoint-members-/);
    const [header] = response.body.split('\n');
    expect(header).toBe(MEMBER_EXPORT_COLUMNS.join(','));
    const records: Record<string, string>[] = parse(response.body, { columns: true });
    const total = await t.app.database.db.$count(users);
    expect(records).toHaveLength(total);
    expect(records.find((record) => record.email === 'kai@example.com')).toMatchObject({
      status: 'comp',
      complimentary_plan: 'true',
      plan: 'complimentary',
      comp_end_date: '2032-02-02T00:00:00.000Z',
      note: 'Moved from the waitlist',
    });
    expect(records.find((record) => record.email === 'robin.vale@example.com')).toMatchObject({
      status: 'free',
      subscribed_to_emails: 'true',
      name: 'Robin Vale',
      created_at: '2023-03-14T09:21:44.000Z',
    });
  });

  it('cells a spreadsheet would run as formulas are written with an apostrophe', async () => {
    const email = uniqueEmail('formula');
    await importCsv(
      `email,first_name,last_name,notes\n${email},@Ana,-Ruiz,"=HYPERLINK(""http://x.test"")"\n`,
    );
    expect(await member(email)).toMatchObject({
      firstName: '@Ana',
      lastName: '-Ruiz',
      note: '=HYPERLINK("http://x.test")',
    });
    const records: Record<string, string>[] = parse((await exportCsv()).body, { columns: true });
    expect(records.find((record) => record.email === email)).toMatchObject({
      first_name: "'@Ana",
      last_name: "'-Ruiz",
      name: "'@Ana -Ruiz",
      note: `'=HYPERLINK("http://x.test")`,
    });
  });

  it('a subscriber in a free trial is exported as paid with their plan, as Ghost counts them', async () => {
    const trialing = await createActor(t.app, 'member');
    const closed = await createActor(t.app, 'member');
    const db = t.app.database.db;
    const inAWeek = new Date(Date.now() + 7 * DAY_MS);
    for (const [actor, accessEnd] of [
      [trialing, new Date(inAWeek.getTime() + DAY_MS)],
      // A trial the operator no longer offers opens nothing: free.
      [closed, new Date(0)],
    ] as const) {
      await db.insert(subscriptions).values({
        userId: actor.userId!,
        provider: 'stripe',
        priceId: 'price_annual_trial',
        status: 'trialing',
        currentPeriodEnd: inAWeek,
        trialEndsAt: inAWeek,
      });
      await db
        .update(users)
        .set({ subscriptionStatus: 'trialing', premiumAccessEndsAt: accessEnd })
        .where(eq(users.id, actor.userId!));
    }
    const records: Record<string, string>[] = parse((await exportCsv()).body, { columns: true });
    expect(records.find((record) => record.email === trialing.email)).toMatchObject({
      status: 'paid',
      plan: 'price_annual_trial',
      complimentary_plan: 'false',
      comp_end_date: '',
    });
    expect(records.find((record) => record.email === closed.email)).toMatchObject({
      status: 'free',
      plan: '',
    });
  });

  it('round trip: the export imported again changes nothing', async () => {
    const premium = await createActor(t.app, 'premium');
    expect(premium.userId).toBeDefined();
    const response = await exportCsv();
    const result = await importCsv(response.body);
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ created: 0, updated: 0, format: 'ghost' });
    expect(result.skipped).toBe(result.rows);
  });
});

describe('complimentary premium with an end date (admin users screen)', () => {
  it('stores the end, shows it in the list, and access ends then', async () => {
    const target = await createActor(t.app, 'member');
    const granted = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${target.userId}`,
      payload: { complimentaryPremium: true, complimentaryUntil: '2031-12-31' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      complimentary: true,
      complimentaryUntil: '2031-12-31T00:00:00.000Z',
    });
    const row = await member(target.email!);
    expect(row!.premiumAccessEndsAt).toEqual(new Date('2031-12-31T00:00:00Z'));
    expect(hasPremiumAccess(row, new Date('2031-12-30T23:59:00Z'))).toBe(true);
    expect(hasPremiumAccess(row, new Date('2031-12-31T00:00:01Z'))).toBe(false);

    const list = await admin.request({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(target.email!)}`,
    });
    expect(list.json()[0]).toMatchObject({
      complimentary: true,
      complimentaryUntil: '2031-12-31T00:00:00.000Z',
    });

    const past = await admin.request({
      method: 'PUT',
      url: `/api/admin/users/${target.userId}`,
      payload: { complimentaryPremium: true, complimentaryUntil: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('complimentaryUntil must be after today');
  });
});
