import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../../tests/setup/smtp-sink.ts';
import {
  createTestApp,
  setUpTestApp,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
} from '../../../tests/setup/test-app.ts';
import { startTestJobs } from '../../../tests/setup/test-jobs.ts';
import { outboxEmails } from '../db/schema/index.ts';
import { productJobs } from '../jobs.ts';
import {
  createMailer,
  MAX_SEND_ATTEMPTS,
  nextAttemptDelayMs,
  SEND_EMAIL_JOB,
  senderWithSiteName,
} from './mailer.ts';

const t = setUpTestApp();
let smtp: SmtpSink;
let received: ReceivedMail[];
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
});
afterAll(() => smtp.close());

const smtpMailer = (smtpUrl: string) =>
  createMailer({
    db: t.app.database.db,
    smtpUrl,
    from: 'Stillpoint <hello@stillpoint.test>',
    logger: silent,
    logLinks: false,
  });

const outboxRow = async (to: string) =>
  (await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)))[0];

describe('mailer', () => {
  it('writes to the outbox in the request, and the job sends it over SMTP and records it as sent', async () => {
    const to = uniqueEmail('smtp');
    const mailer = smtpMailer(smtp.url);
    let queued = 0;
    mailer.onQueued(() => {
      queued += 1;
    });
    await mailer.send({ to, subject: 'A calm hello', text: 'Breathe in, breathe out.' });
    expect(queued).toBe(1);
    expect(received.some((m) => m.to.includes(to))).toBe(false);
    expect((await outboxRow(to))?.sentAt).toBeNull();

    expect((await mailer.deliverDue()).sent).toBeGreaterThanOrEqual(1);
    const message = received.find((m) => m.to.includes(to));
    expect(message?.from).toBe('hello@stillpoint.test');
    expect(message?.data).toContain('Subject: A calm hello');
    expect(message?.data).toContain('Breathe in, breathe out.');
    const row = await outboxRow(to);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
    expect(row?.nextAttemptAt).toBeNull();
    // Sent once: a second run finds nothing of it to send.
    await mailer.deliverDue();
    expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it("keeps extra headers with the message and sends them (the digest's List-Unsubscribe)", async () => {
    const to = uniqueEmail('smtp-headers');
    const mailer = smtpMailer(smtp.url);
    const headers = {
      'List-Unsubscribe': '<https://stillpoint.test/api/digest/unsubscribe?member=m&token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await mailer.send({
      to,
      subject: 'Your week',
      text: 'Quiet minutes.',
      html: '<p>Quiet minutes.</p>',
      headers,
    });
    expect((await outboxRow(to))?.headers).toEqual(headers);
    await mailer.deliverDue();
    // Long header lines are folded (RFC 5322); unfold them to read.
    const data = received.find((m) => m.to.includes(to))?.data.replace(/\r\n[ \t]+/g, ' ');
    expect(data).toContain(
      'List-Unsubscribe: <https://stillpoint.test/api/digest/unsubscribe?member=m&token=t>',
    );
    expect(data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('never fails the request when SMTP is down; retries later and later, then gives up', async () => {
    const to = uniqueEmail('smtp-down');
    const mailer = smtpMailer('smtp://127.0.0.1:1');
    await expect(mailer.send({ to, subject: 'Lost?', text: 'Not lost.' })).resolves.toBeUndefined();
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt += 1) {
      await mailer.deliverDue({ now });
      const row = await outboxRow(to);
      expect(row?.attempts).toBe(attempt);
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toMatch(/ECONNREFUSED/);
      if (attempt === MAX_SEND_ATTEMPTS) {
        expect(row?.nextAttemptAt).toBeNull();
        break;
      }
      delays.push(row!.nextAttemptAt!.getTime() - now.getTime());
      // Not due before its time, due after it.
      await mailer.deliverDue({ now });
      expect((await outboxRow(to))?.attempts).toBe(attempt);
      now = new Date(row!.nextAttemptAt!.getTime() + 1000);
    }
    expect(delays).toEqual(delays.map((_, i) => nextAttemptDelayMs(i + 1)));
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]!).toBeGreaterThan(delays[i - 1]!);
    expect(nextAttemptDelayMs(1)).toBe(30_000);
    expect(nextAttemptDelayMs(20)).toBe(60 * 60_000);
  }, 60_000);

  it('drains messages written while SMTP was off, once it is configured', async () => {
    const to = uniqueEmail('drained');
    const offline = createMailer({
      db: t.app.database.db,
      smtpUrl: undefined,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
    });
    await offline.send({ to, subject: 'Waiting', text: 'For SMTP.' });
    await smtpMailer(smtp.url).deliverDue();
    expect(received.some((m) => m.to.includes(to))).toBe(true);
    expect((await outboxRow(to))?.sentAt).toBeInstanceOf(Date);
  });

  it("names the site in the message and as the sender when the site's name is not the product's", async () => {
    const to = uniqueEmail('brand');
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: smtp.url,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
      siteName: async () => 'Quiet & Harbour',
    });
    await mailer.send({
      to,
      subject: 'Your week at Stillpoint',
      text: 'Open Stillpoint: https://example.test/',
      html: '<p>Open Stillpoint</p>',
    });
    const row = await outboxRow(to);
    expect(row).toMatchObject({
      subject: 'Your week at Quiet & Harbour',
      text: 'Quiet & Harbour\n\nOpen Quiet & Harbour: https://example.test/',
      html: '<p>Open Quiet &amp; Harbour</p>',
    });
    await mailer.deliverDue();
    const message = received.find((m) => m.to.includes(to));
    expect(message?.data).toContain('From: "Quiet & Harbour" <hello@stillpoint.test>');
    expect(message?.data).not.toContain('Stillpoint<');
  });

  it('brands what it sends at once too (newsletters), sender and subject', async () => {
    const to = uniqueEmail('brand-now');
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: smtp.url,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
      siteName: async () => 'Quiet Harbour',
    });
    expect(await mailer.deliverNow({ to, subject: 'News from Stillpoint', text: 'Hello.' })).toEqual({
      status: 'sent',
    });
    const message = received.find((m) => m.to.includes(to));
    expect(message?.data).toContain('From: Quiet Harbour <hello@stillpoint.test>');
    expect(message?.data).toContain('Subject: News from Quiet Harbour');
  });

  it("opens every plain-text part with the site's name, as the HTML part's header does", async () => {
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: smtp.url,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
      siteName: async () => 'Quiet Harbour',
    });
    // Through the outbox (sign-up, reset, notifications…) and straight to SMTP (newsletters).
    const queued = uniqueEmail('text-header');
    await mailer.send({ to: queued, subject: 'Reset', text: 'Hello Ann,\n\nYour link.' });
    expect((await outboxRow(queued))?.text).toBe('Quiet Harbour\n\nHello Ann,\n\nYour link.');
    const direct = uniqueEmail('text-header-now');
    await mailer.deliverNow({ to: direct, subject: 'News', text: 'Hello.', html: '<p>Hello.</p>' });
    const message = received.find((m) => m.to.includes(direct));
    expect(message?.data).toMatch(/Content-Type: text\/plain[\s\S]*?\r\n\r\nQuiet Harbour\r\n\r\nHello\./);
  });

  it("keeps an operator's own sender name in MAIL_FROM", () => {
    expect(senderWithSiteName('Ana Teaches <ana@example.test>', 'Quiet Harbour')).toBe(
      'Ana Teaches <ana@example.test>',
    );
    expect(senderWithSiteName('Stillpoint <no-reply@localhost>', 'Quiet Harbour')).toBe(
      '"Quiet Harbour" <no-reply@localhost>',
    );
  });

  it('without SMTP, writes to the outbox and logs a line', async () => {
    const to = uniqueEmail('outbox');
    const lines: string[] = [];
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: undefined,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: { info: (_obj, msg) => lines.push(msg), error: () => {} },
      logLinks: false,
    });
    await mailer.send({ to, subject: 'Offline', text: 'Stored.' });
    const row = await outboxRow(to);
    expect(row?.text).toBe('Stillpoint\n\nStored.');
    expect(row?.nextAttemptAt).toBeNull();
    expect(lines).toEqual(["e-mail 'Offline' written to the outbox (no SMTP_URL set)"]);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });
});

/** A new member asks for a reset link: the request must succeed whatever SMTP does. */
async function requestResetForNewMember(app: TestApp): Promise<string> {
  const { email } = await signUp(app.app);
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    payload: { email, redirectTo: '/reset-password' },
  });
  expect(response.statusCode).toBe(200);
  return email;
}

describe('password reset with SMTP down', () => {
  it('answers the request as usual; the message waits in the outbox for the job', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = await requestResetForNewMember(down);
      // Sign-up queued the address confirmation too: both wait for the job.
      const rows = await down.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
      const reset = rows.find((row) => row.subject === 'Reset your Stillpoint password');
      expect(reset?.nextAttemptAt).toBeInstanceOf(Date);
      const sendJob = productJobs(down.app).find((job) => job.name === SEND_EMAIL_JOB);
      expect(await sendJob?.run()).toEqual({ sent: 0, failed: rows.length });
      expect(await down.app.metrics.registry.getSingleMetricAsString('stillpoint_emails_total')).toMatch(
        new RegExp(`^stillpoint_emails_total\\{outcome="failed"\\} ${rows.length}$`, 'm'),
      );
      expect(productJobs(t.app).map((job) => job.name)).not.toContain(SEND_EMAIL_JOB);
    } finally {
      await down.close();
    }
  });
});

describe('the send-email job on pg-boss', () => {
  it('sends a password-reset e-mail right after the request, as server.ts wires it', async () => {
    const live = await createTestApp({ SMTP_URL: smtp.url });
    const runner = await startTestJobs(live);
    live.app.mailer.onQueued(() => void runner.send(SEND_EMAIL_JOB));
    try {
      const email = await requestResetForNewMember(live);
      const deadline = Date.now() + 15_000;
      const resetFor = () =>
        received.find((m) => m.to.includes(email) && m.data.includes('Reset your Stillpoint password'));
      while (!resetFor() && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(resetFor()).toBeDefined();
      // Counted for Prometheus by the job (stillpoint_emails_total, lib/metrics.ts).
      await expect
        .poll(() => live.app.metrics.registry.getSingleMetricAsString('stillpoint_emails_total'))
        .toMatch(/^stillpoint_emails_total\{outcome="sent"\} [1-9]\d*$/m);
    } finally {
      await runner.stop();
      await live.close();
    }
  }, 30_000);
});

describe('a message written in the caller transaction', () => {
  it('is kept when the transaction commits and gone when it rolls back', async () => {
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: undefined,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
    });
    const [kept, dropped] = [uniqueEmail('kept'), uniqueEmail('dropped')];
    await t.app.database.db.transaction(async (tx) => {
      await mailer.send({ to: kept, subject: 'Kept', text: 'Hello' }, tx);
    });
    await expect(
      t.app.database.db.transaction(async (tx) => {
        await mailer.send({ to: dropped, subject: 'Dropped', text: 'Hello' }, tx);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rows = async (to: string) =>
      t.app.database.db.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(await rows(kept)).toHaveLength(1);
    expect(await rows(dropped)).toHaveLength(0);
  });
});
