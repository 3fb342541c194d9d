import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../setup/smtp-sink.ts';
import {
  freePort,
  grantAdmin,
  isAlive,
  postmasterPid,
  randomAddress,
  runtimeDatabaseUrl,
  type ServerProcess,
  signUp,
  sleep,
  startServer,
  tempDir,
  waitForReady,
} from './harness.ts';

/**
 * A newsletter send killed halfway (issue 35): the real server sends at a small
 * MAIL_RATE_PER_MINUTE to a local SMTP server that takes its time over each message, is SIGKILLed
 * in the middle of a run, starts again and finishes. Nobody gets a second copy; the one copy that
 * was in SMTP's hands at the kill is marked failed, never sent again (decision 086), and every
 * other member gets exactly one. The newsletter's figures match what the SMTP server received.
 */

const MEMBERS = 30;
/** Below MEMBERS: the first run leaves members queued, so the kill lands halfway through the send. */
const RATE_PER_MINUTE = 25;
/** Each message takes this long at the SMTP server, so a run lasts long enough to be killed in. */
const SMTP_DELAY_MS = 200;
/** newsletters.service.ts LEASE_MINUTES: rows a dead run holds come back after this long. */
const LEASE_MINUTES = 10;
const PASSWORD = 'newsletter-kill-password-35';
const ADMIN = 'kill-admin@example.test';
const SUBJECT = 'Killed halfway, sent once';

let smtp: SmtpSink;
/** This newsletter's copies at the SMTP server, one per recipient (sign-up mails confirmations too). */
const copies = () =>
  smtp.received
    .filter((mail) => mail.data.includes(SUBJECT) && mail.data.includes('List-Unsubscribe-Post'))
    .flatMap((mail) => mail.to);
let dataDir: string;
let port: number;
let server: ServerProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
  dataDir = tempDir('stillpoint-newsletter-kill-');
  port = await freePort();
});
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  const pid = postmasterPid(dataDir);
  if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  await sleep(300);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp.close();
});

const start = () =>
  startServer({
    port,
    dataDir,
    env: {
      // Each member signs up from their own address (sign-up is limited per address).
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Stillpoint <hello@example.test>',
      MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
    },
  });

/** Polls until `check` returns true; the send runs once a minute, so the timeout is generous. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 240_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ''}`);
}

describe('a newsletter send killed halfway', () => {
  it('finishes after a restart and sends nobody a second copy', async () => {
    server = start();
    await waitForReady(server);
    const publicUrl = `http://localhost:${port}`;
    const admin = await signUp(server.url, publicUrl, ADMIN, PASSWORD);
    // With SMTP set, ADMIN_EMAILS waits for a confirmed address; grant it the operator's other way.
    await grantAdmin({ dataDir }, ADMIN);
    const members: string[] = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const email = `kill-member-${index}@example.test`;
      const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: {
          origin: publicUrl,
          'content-type': 'application/json',
          'x-forwarded-for': randomAddress(),
        },
        body: JSON.stringify({
          email,
          password: PASSWORD,
          name: `Member ${index}`,
          firstName: 'Member',
          lastName: String(index),
          newsletters: true,
        }),
      });
      expect(response.status, await response.text()).toBe(200);
      members.push(email);
    }
    // The admin chose no newsletters at sign-up: the audience is the members alone.
    const created = await admin.request('/api/admin/newsletters', {
      method: 'POST',
      body: { subject: SUBJECT, body: 'One copy each, whatever happens to the server.', segment: 'all' },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const sent = await admin.request(`/api/admin/newsletters/${id}/send`, { method: 'POST', body: {} });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(((await sent.json()) as { stats: { recipients: number } }).stats.recipients).toBe(MEMBERS);

    // The next minute's run starts handing copies to SMTP, one at a time: kill it in the middle.
    await waitUntil('the first copies', () => copies().length >= 3);
    server.child.kill('SIGKILL');
    await server.exited;
    const copiesAtKill = copies().length;
    expect(copiesAtKill).toBeLessThan(MEMBERS);

    server = start();
    await waitForReady(server);
    const db = new pg.Client({ connectionString: runtimeDatabaseUrl(dataDir) });
    await db.connect();
    try {
      // The dead run's rows wait out their lease; let that time pass instead of waiting for it.
      // Rows still held by the dead run prove the kill landed in the middle of a run.
      const held = await db.query(
        `update newsletter_deliveries set claimed_at = claimed_at - interval '${LEASE_MINUTES + 1} minutes'
          where newsletter_id = $1 and status in ('claimed', 'sending')`,
        [id],
      );
      expect(held.rowCount).toBeGreaterThan(0);
      await waitUntil('the newsletter to finish', async () => {
        const { rows } = await db.query<{ status: string }>(`select status from newsletters where id = $1`, [
          id,
        ]);
        return rows[0]?.status === 'sent';
      });

      const perRecipient = new Map<string, number>();
      for (const to of copies()) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      // Nobody got two copies, and nobody outside the audience got one.
      expect([...perRecipient].filter(([, count]) => count > 1)).toEqual([]);
      expect([...perRecipient.keys()].filter((email) => !members.includes(email))).toEqual([]);

      const { rows } = await db.query<{ email: string; status: string; error: string | null }>(
        `select email, status, error from newsletter_deliveries where newsletter_id = $1`,
        [id],
      );
      expect(rows).toHaveLength(MEMBERS);
      const failed = rows.filter((row) => row.status !== 'sent');
      // At most the one copy in SMTP's hands at the kill; it is given up, never sent twice.
      expect(failed.length).toBeLessThanOrEqual(1);
      for (const row of failed) {
        expect(row.status).toBe('failed');
        expect(row.error).toMatch(/interrupted while sending/);
      }
      // Every member marked sent got exactly one copy; the others got at most the interrupted one.
      for (const row of rows.filter((row) => row.status === 'sent')) {
        expect(perRecipient.get(row.email), row.email).toBe(1);
      }
      expect(copies().length).toBeGreaterThanOrEqual(MEMBERS - failed.length);

      // The admin's figures add up to the same.
      const figures = await admin.request(`/api/admin/newsletters/${id}`);
      expect(figures.status).toBe(200);
      const { stats, status } = (await figures.json()) as {
        status: string;
        stats: { recipients: number; queued: number; sent: number; failed: number };
      };
      expect(status).toBe('sent');
      expect(stats).toMatchObject({ recipients: MEMBERS, queued: 0, failed: failed.length });
      expect(stats.sent + stats.failed).toBe(MEMBERS);
      console.info(
        `newsletter kill: ${copiesAtKill} copies before the SIGKILL, ${copies().length} in all to ${MEMBERS} members, ${failed.length} interrupted`,
      );
    } finally {
      await db.end();
    }
  }, 600_000);
});
