import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  createActor,
  setUpTestApp,
  signUp,
  TEST_ORIGIN,
} from '../../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../../tests/setup/test-jobs.ts';
import {
  newsletterDeliveries,
  newsletters,
  outboxEmails,
  practiceSettings,
  undeliverableAddresses,
  users,
} from '../../db/schema/index.ts';
import { createMailer } from '../../lib/mailer.ts';
import {
  claimDeliveries,
  runNewsletterSends,
  SEND_NEWSLETTERS_JOB,
  sendNewsletter,
} from './newsletters.service.ts';

type Received = { to: string[]; data: string };

// A local SMTP server (as the mailer's tests use): addresses starting with "bounce-" are refused
// for good (550), as a real server refuses an address that does not exist.
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce-')) {
        const error = new Error('No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const t = setUpTestApp(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RATE_PER_MINUTE: '3' }));
const silent = { info: () => {}, error: () => {} };
/** The mailer of a fresh process on the same database (a restart). */
const restartedMailer = () =>
  createMailer({
    db: t.app.database.db,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    from: 'Stillpoint <hello@stillpoint.test>',
    logger: silent,
    logLinks: false,
  });
/** Newsletter copies (not the sign-up's address confirmation) an address received. */
const copiesTo = (email: string) =>
  received.filter((message) => message.to.includes(email) && message.data.includes('List-Unsubscribe-Post'));

let admin: Actor;
beforeAll(async () => {
  admin = await createActor(t.app, 'admin');
  // Start each test's audience from nobody: the admin is opted out.
  await setNewsletters(admin, false);
});

async function setNewsletters(actor: Actor, newsletters: boolean) {
  const response = await actor.request({
    method: 'PUT',
    url: '/api/practice/settings',
    payload: { newsletters },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().newsletters).toBe(newsletters);
}

/** A member who chose newsletters (premium when asked), with a recognisable address. */
async function subscriber(role: 'member' | 'premium' = 'member', optIn = true) {
  const actor = await createActor(t.app, role);
  if (optIn) await setNewsletters(actor, true);
  return actor;
}

async function draft(payload: Record<string, unknown> = {}) {
  const response = await admin.request({
    method: 'POST',
    url: '/api/admin/newsletters',
    payload: { subject: `Winter ${randomUUID().slice(0, 6)}`, body: 'Hello **friends**.', ...payload },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; subject: string; status: string };
}

const recipientsOf = async (newsletterId: string) =>
  (
    await t.app.database.db
      .select({ userId: newsletterDeliveries.userId })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.newsletterId, newsletterId))
  )
    .map((row) => row.userId)
    .sort();

/** Clears every queue so one test's copies do not travel with another's. */
async function settleQueue() {
  for (let run = 0; run < 50; run += 1) {
    const result = await runNewsletterSends({
      db: t.app.database.db,
      mailer: t.app.mailer,
      sending: { ...t.app.newsletters, ratePerMinute: 1000 },
    });
    if (result.sent + result.failed + result.retrying === 0) return;
  }
}

describe('the admin writes newsletters', () => {
  it.each([
    ['no subject', { subject: '', body: 'Text' }, /Subject is required/],
    ['no body', { subject: 'Hi', body: '  ' }, /Body is required/],
    [
      'an unknown audience',
      { subject: 'Hi', body: 'Text', segment: 'vip' },
      /segment must be 'all', 'free', 'premium' or 'label:' and a label/,
    ],
    [
      'a label audience without a label',
      { subject: 'Hi', body: 'Text', segment: 'label: ' },
      /segment must be 'all', 'free', 'premium' or 'label:' and a label/,
    ],
    ['a body too long', { subject: 'Hi', body: 'x'.repeat(50_001) }, /Body can be at most 50000 characters/],
  ])('refuses %s with a message naming the field', async (_name, payload, message) => {
    const response = await admin.request({ method: 'POST', url: '/api/admin/newsletters', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('creates, lists, reads, edits and deletes a draft; a sent one can no longer change', async () => {
    const created = await draft({ segment: 'premium' });
    expect(created.status).toBe('draft');
    const list = await admin.request({ method: 'GET', url: '/api/admin/newsletters' });
    expect(list.json().map((n: { id: string }) => n.id)).toContain(created.id);
    const edited = await admin.request({
      method: 'PUT',
      url: `/api/admin/newsletters/${created.id}`,
      payload: { subject: 'Edited', body: 'New words', segment: 'free' },
    });
    expect(edited.json()).toMatchObject({ subject: 'Edited', body: 'New words', segment: 'free' });
    const sent = await admin.request({ method: 'POST', url: `/api/admin/newsletters/${created.id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('sending');
    for (const method of ['PUT', 'DELETE'] as const) {
      const refused = await admin.request({
        method,
        url: `/api/admin/newsletters/${created.id}`,
        ...(method === 'PUT' ? { payload: { subject: 'Again', body: 'x' } } : {}),
      });
      expect(refused.statusCode).toBe(409);
    }
    const again = await admin.request({ method: 'POST', url: `/api/admin/newsletters/${created.id}/send` });
    expect(again.statusCode).toBe(409);
    const other = await draft();
    const deleted = await admin.request({ method: 'DELETE', url: `/api/admin/newsletters/${other.id}` });
    expect(deleted.statusCode).toBe(204);
    const gone = await admin.request({ method: 'GET', url: `/api/admin/newsletters/${other.id}` });
    expect(gone.statusCode).toBe(404);
    await settleQueue();
  });

  it('previews the e-mail as HTML and plain text; typed markup stays text and only safe links survive', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/admin/newsletters/preview',
      payload: {
        subject: 'Evening',
        body: 'Breathe **slowly**.\n\n<script>alert(1)</script> [bad](javascript:alert(1)) [good](https://example.org/a)',
      },
    });
    expect(response.statusCode).toBe(200);
    const { html, text } = response.json();
    expect(html).toContain('<strong>slowly</strong>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('href="https://example.org/a"');
    expect(text).toContain('Breathe slowly.');
    expect(text).toMatch(/Unsubscribe/);
    // The plain text opens with the site's name, once: the mailer's header, not the frame's too.
    const lines = text.split('\n');
    expect(lines[0]).toBe('Stillpoint');
    expect(lines.filter((line: string) => line === 'Stillpoint')).toHaveLength(1);
  });

  it("previews the frame in the admin's own language, with a placeholder for a subject not yet written", async () => {
    const german = await createActor(t.app, 'admin');
    const chosen = await german.request({
      method: 'PUT',
      url: '/api/user/locale',
      payload: { locale: 'de' },
    });
    expect(chosen.statusCode).toBe(200);
    const response = await german.request({
      method: 'POST',
      url: '/api/admin/newsletters/preview',
      payload: { subject: '', body: 'Atme **langsam**.' },
    });
    expect(response.statusCode).toBe(200);
    const { html, text } = response.json();
    expect(html).toContain('lang="de"');
    expect(html).toContain('(noch kein Betreff)');
    expect(text).toContain('Abbestellen');
    expect(text).not.toMatch(/Unsubscribe/);
  });
});

describe('audience', () => {
  it('sends to the members who chose newsletters, in the chosen segment, never to the rest', async () => {
    const free = await subscriber('member');
    const premium = await subscriber('premium');
    const quiet = await subscriber('member', false);
    await setNewsletters(admin, true);
    try {
      const expectAudience = async (segment: string, expected: Actor[], absent: Actor[]) => {
        const { id } = await draft({ segment });
        await sendNewsletter(t.app.database.db, id);
        const recipients = await recipientsOf(id);
        for (const actor of expected) expect(recipients).toContain(actor.userId);
        for (const actor of absent) expect(recipients).not.toContain(actor.userId);
      };
      // Admins count as premium (entitlements.ts).
      await expectAudience('all', [free, premium, admin], [quiet]);
      await expectAudience('premium', [premium, admin], [free, quiet]);
      await expectAudience('free', [free], [premium, admin, quiet]);
    } finally {
      await setNewsletters(admin, false);
      await settleQueue();
    }
  });

  it('a label from the member import reaches only the members carrying it who chose newsletters', async () => {
    const label = `Yoga ${randomUUID().slice(0, 6)}`;
    const tag = randomUUID().slice(0, 8);
    const yogi = `yogi-${tag}@example.test`;
    const quietYogi = `quiet-yogi-${tag}@example.test`;
    const other = `other-${tag}@example.test`;
    const imported = await admin.request({
      method: 'POST',
      url: '/api/admin/members/import',
      payload: {
        dryRun: false,
        csv: [
          'email,name,subscribed_to_emails,labels',
          `${yogi},Yo Gi,true,"${label}, Retreat"`,
          `${quietYogi},Qu Iet,false,${label}`,
          `${other},Ot Her,true,Retreat`,
        ].join('\n'),
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ created: 3, errors: [] });
    // An opted-in member without the label (signed up, not imported) gets nothing either.
    const unlabelled = await subscriber();

    const labels = await admin.request({ method: 'GET', url: '/api/admin/members/labels' });
    expect(labels.statusCode).toBe(200);
    expect(labels.json()).toContainEqual({ label, members: 2 });

    try {
      const { id } = await draft({ segment: `label:${label}` });
      const sent = await admin.request({ method: 'POST', url: `/api/admin/newsletters/${id}/send` });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().segment).toBe(`label:${label}`);
      await settleQueue();
      expect(copiesTo(yogi)).toHaveLength(1);
      expect(copiesTo(quietYogi)).toEqual([]);
      expect(copiesTo(other)).toEqual([]);
      expect(copiesTo(unlabelled.email!)).toEqual([]);
    } finally {
      await settleQueue();
    }
  });

  it('is opt-in at sign-up: unchecked leaves newsletters off, checked turns them on', async () => {
    const plain = await signUp(t.app);
    const chose = await signUp(t.app, { extra: { newsletters: true } });
    const choice = async (email: string) => {
      const [row] = await t.app.database.db
        .select({ newsletters: practiceSettings.newsletters })
        .from(users)
        .leftJoin(practiceSettings, eq(practiceSettings.userId, users.id))
        .where(eq(users.email, email));
      return row?.newsletters ?? false;
    };
    expect(await choice(plain.email)).toBe(false);
    expect(await choice(chose.email)).toBe(true);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/practice/settings',
      headers: { cookie: chose.cookie },
    });
    expect(settings.json().newsletters).toBe(true);
    const refused = await signUp(t.app, { extra: { newsletters: 'yes' } });
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json().message).toMatch(/newsletters must be true or false/);
  });
});

describe('sending', () => {
  it('sends a test copy to the admin alone, with both parts and the one-click unsubscribe headers', async () => {
    const member = await subscriber();
    const { id, subject } = await draft({ body: 'A *gentle* note.' });
    const response = await admin.request({ method: 'POST', url: `/api/admin/newsletters/${id}/test` });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ to: admin.email });
    const [row] = await t.app.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, admin.email!), eq(outboxEmails.subject, `[Test] ${subject}`)));
    expect(row).toBeDefined();
    await t.app.mailer.deliverDue();
    const [copy] = copiesTo(admin.email!).filter((message) => message.data.includes('[Test]'));
    expect(copy?.data).toMatch(
      // Long headers are folded onto the next line.
      /^List-Unsubscribe:\s+<http:\/\/localhost:5000\/api\/newsletters\/unsubscribe\?/m,
    );
    expect(copy?.data).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(copy?.data).toContain('Content-Type: text/plain');
    expect(copy?.data).toContain('Content-Type: text/html');
    // A test sends nothing to members and does not count as the newsletter's sending.
    expect(copiesTo(member.email!)).toEqual([]);
    expect((await admin.request({ method: 'GET', url: `/api/admin/newsletters/${id}` })).json().status).toBe(
      'draft',
    );
  });

  it('refuses a schedule in the past and starts a scheduled one only when its time has come', async () => {
    const member = await subscriber();
    const { id } = await draft();
    const past = await admin.request({
      method: 'POST',
      url: `/api/admin/newsletters/${id}/send`,
      payload: { scheduledFor: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/scheduledFor must be in the future/);
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await admin.request({
      method: 'POST',
      url: `/api/admin/newsletters/${id}/send`,
      payload: { scheduledFor: at.toISOString() },
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledFor: at.toISOString() });
    const run = (now: Date) =>
      runNewsletterSends({ db: t.app.database.db, mailer: t.app.mailer, sending: t.app.newsletters, now });
    expect((await run(new Date(at.getTime() - 60_000))).started).toBe(0);
    expect(await recipientsOf(id)).toEqual([]);
    expect((await run(new Date(at.getTime() + 1000))).started).toBe(1);
    expect(await recipientsOf(id)).toContain(member.userId);
    await settleQueue();
    expect(copiesTo(member.email!)).toHaveLength(1);
    const done = (await admin.request({ method: 'GET', url: `/api/admin/newsletters/${id}` })).json();
    expect(done.status).toBe('sent');
    expect(done.stats).toMatchObject({ queued: 0, failed: 0 });
    expect(done.stats.sent).toBe(done.stats.recipients);
  });

  it('resumes after the queue stopped halfway without sending anyone a second copy', async () => {
    await settleQueue();
    // An audience of exactly these eight: everyone else opted out.
    await t.app.database.db.update(practiceSettings).set({ newsletters: false });
    const members = await Promise.all(Array.from({ length: 8 }, () => subscriber()));
    const { id } = await draft();
    const start = await admin.request({ method: 'POST', url: `/api/admin/newsletters/${id}/send` });
    expect(start.json().stats.recipients).toBe(8);
    const sentSoFar = () => members.filter((member) => copiesTo(member.email!).length > 0).length;

    // The real queue (pg-boss) runs one batch at MAIL_RATE_PER_MINUTE=3, then stops.
    const runner = await startTestJobs(t);
    try {
      const job = await runner.send(SEND_NEWSLETTERS_JOB.name);
      expect(await runner.waitFor(SEND_NEWSLETTERS_JOB.name, job!)).toBe('completed');
    } finally {
      await runner.stop();
    }
    const firstBatch = sentSoFar();
    expect(firstBatch).toBeGreaterThanOrEqual(3);
    expect(firstBatch).toBeLessThan(8);
    // A second process took a batch and died: one copy was being handed to SMTP (we cannot know
    // whether the server took it), the others had not been tried.
    const abandoned = await claimDeliveries(t.app.database.db, 3, new Date());
    expect(abandoned.length).toBeGreaterThanOrEqual(2);
    const inFlight = abandoned[0]!;
    await t.app.database.db
      .update(newsletterDeliveries)
      .set({ status: 'sending' })
      .where(
        and(
          eq(newsletterDeliveries.newsletterId, inFlight.newsletterId),
          eq(newsletterDeliveries.userId, inFlight.userId),
        ),
      );

    // A restarted process (its own mailer) picks up, after the dead run's claim ran out.
    const later = new Date(Date.now() + 11 * 60_000);
    for (let run = 0; run < 5; run += 1) {
      await runNewsletterSends({
        db: t.app.database.db,
        mailer: restartedMailer(),
        sending: t.app.newsletters,
        now: later,
      });
    }
    // Nobody got two; the copy that was in flight is not sent again (at most once).
    for (const member of members) {
      expect(copiesTo(member.email!), member.email).toHaveLength(member.userId === inFlight.userId ? 0 : 1);
    }
    const done = (await admin.request({ method: 'GET', url: `/api/admin/newsletters/${id}` })).json();
    expect(done).toMatchObject({ status: 'sent', stats: { recipients: 8, queued: 0, sent: 7, failed: 1 } });
  }, 60_000);

  it('marks an address refused for good (5xx) as undeliverable and sends it no further newsletter', async () => {
    await settleQueue();
    const bouncing = await subscriber();
    const bounceEmail = `bounce-${randomUUID().slice(0, 8)}@example.test`;
    await t.app.database.db.update(users).set({ email: bounceEmail }).where(eq(users.id, bouncing.userId!));
    const fine = await subscriber();
    const first = await draft();
    await sendNewsletter(t.app.database.db, first.id);
    await settleQueue();
    const stats = (await admin.request({ method: 'GET', url: `/api/admin/newsletters/${first.id}` })).json()
      .stats;
    expect(stats.failed).toBe(1);
    const [marked] = await t.app.database.db
      .select()
      .from(undeliverableAddresses)
      .where(eq(undeliverableAddresses.email, bounceEmail));
    expect(marked?.reason).toMatch(/550/);
    const second = await draft();
    await sendNewsletter(t.app.database.db, second.id);
    const recipients = await recipientsOf(second.id);
    expect(recipients).toContain(fine.userId);
    expect(recipients).not.toContain(bouncing.userId);
    await settleQueue();
  });

  it('does not send a queued copy to a member who turned newsletters off before it left', async () => {
    await settleQueue();
    const member = await subscriber();
    const { id } = await draft();
    await sendNewsletter(t.app.database.db, id);
    await setNewsletters(member, false);
    await settleQueue();
    expect(copiesTo(member.email!)).toEqual([]);
    const [row] = await t.app.database.db
      .select()
      .from(newsletterDeliveries)
      .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.userId, member.userId!)));
    expect(row).toMatchObject({ status: 'failed', error: 'not sent: the member turned newsletters off' });
  });
});

describe('unsubscribe and reading in the app', () => {
  it('unsubscribes in one click without signing in, counted on the newsletter it came from', async () => {
    const member = await subscriber();
    const { id } = await draft();
    await sendNewsletter(t.app.database.db, id);
    const token = t.app.newsletters.signer.token(member.userId!);
    const url = `/api/newsletters/unsubscribe?member=${member.userId}&newsletter=${id}&token=${token}`;
    // Opening the link (a mail scanner does) changes nothing.
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe from newsletters?');
    const forged = await t.app.inject({
      method: 'POST',
      url: url.replace(token, t.app.digest.signer.token(member.userId!)),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(403);
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const settings = await member.request({ method: 'GET', url: '/api/practice/settings' });
    expect(settings.json().newsletters).toBe(false);
    // A second click counts nothing more.
    await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const stats = (await admin.request({ method: 'GET', url: `/api/admin/newsletters/${id}` })).json().stats;
    expect(stats.unsubscribes).toBe(1);
    await settleQueue();
  });

  it('lets a member read the newsletters sent to them, and no other member read them', async () => {
    const reader = await subscriber();
    const outsider = await subscriber('member', false);
    const { id, subject } = await draft({ body: 'Read me **here**.' });
    const unsent = await draft();
    await sendNewsletter(t.app.database.db, id);
    const list = await reader.request({ method: 'GET', url: '/api/newsletters' });
    expect(list.json().map((n: { id: string }) => n.id)).toContain(id);
    expect(list.json().map((n: { id: string }) => n.id)).not.toContain(unsent.id);
    const one = await reader.request({ method: 'GET', url: `/api/newsletters/${id}` });
    expect(one.json()).toMatchObject({ id, subject, body: 'Read me **here**.' });
    expect((await outsider.request({ method: 'GET', url: `/api/newsletters/${id}` })).statusCode).toBe(404);
    expect((await outsider.request({ method: 'GET', url: '/api/newsletters' })).json()).toEqual([]);
    expect((await reader.request({ method: 'GET', url: `/api/newsletters/${unsent.id}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `/api/newsletters/${id}` })).statusCode).toBe(401);
    const row = await t.app.database.db.select().from(newsletters).where(eq(newsletters.id, id));
    expect(row[0]?.sentAt).toBeInstanceOf(Date);
    await settleQueue();
  });
});
