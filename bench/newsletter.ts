import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { connectDatabase, type Database } from '../src/server/db/client.ts';
import { newsletterDeliveries, newsletters } from '../src/server/db/schema/index.ts';
import { createUnsubscribeSigner } from '../src/server/features/digest/unsubscribe-token.ts';
import {
  runNewsletterSends,
  sendNewsletter,
} from '../src/server/features/newsletters/newsletters.service.ts';
import { createMailer } from '../src/server/lib/mailer.ts';
import { labelSegment } from '../src/shared/schemas/newsletters.ts';
import { buildUsers } from './dataset.ts';
import { startAppServer, startBenchDatabase } from './lib.ts';

/**
 * `node --import tsx bench/newsletter.ts`: "send now" of a newsletter to 50,000 members who chose
 * newsletters (BENCH_NEWSLETTER_MEMBERS), timed as the admin's request runs it — the audience
 * query and one INSERT … SELECT of a delivery row per member (decision 086) — then one run of
 * the `send-newsletters` job at the default MAIL_RATE_PER_MINUTE (300), without SMTP (the copies
 * go to the outbox table), to show a batch's cost.
 *
 * Then the pace and a restart, on the compiled server as production runs it: a newsletter to
 * BENCH_PACE_MEMBERS (150) of them, sent at MAIL_RATE_PER_MINUTE=BENCH_PACE_RATE (60) to a local
 * SMTP server that notes when each copy arrives. The server is SIGKILLed in the middle of its
 * second run and started again; the dead run's rows are aged past their 10-minute lease (instead
 * of waiting for it). Prints the copies per minute against the rate and the second copies (0).
 * Prints the figures; writes no results file.
 */

const MEMBERS = Number(process.env.BENCH_NEWSLETTER_MEMBERS ?? 50_000);
const RATE = 300;
const PACE_MEMBERS = Number(process.env.BENCH_PACE_MEMBERS ?? 150);
const PACE_RATE = Number(process.env.BENCH_PACE_RATE ?? 60);
const PACE_SUBJECT = 'Paced and restarted';

const database = await startBenchDatabase();
// A third more accounts than the audience: the others have not chosen newsletters.
await buildUsers(database.query, Math.round(MEMBERS * 1.34));
await database.query(`
  insert into practice_settings (user_id, newsletters)
  select id, true from users order by email limit ${MEMBERS};
  analyze;`);
const handle = connectDatabase(database.databaseUrl, { max: 4 });
const { db } = handle;
try {
  const [draft] = await db
    .insert(newsletters)
    .values({ subject: 'Winter light', body: 'Sit **gently**, breathe slowly.\n\n- one\n- two' })
    .returning({ id: newsletters.id });
  const queueStarted = performance.now();
  const sending = await sendNewsletter(db, draft!.id);
  const queueMs = performance.now() - queueStarted;
  console.info(
    `queued ${sending.stats.recipients.toLocaleString('en-US')} recipients in ${(queueMs / 1000).toFixed(2)} s (status ${sending.status})`,
  );
  const mailer = createMailer({
    db,
    smtpUrl: undefined,
    from: 'Stillpoint <bench@example.test>',
    logger: { info: () => {}, error: () => {} },
    logLinks: false,
  });
  const batchStarted = performance.now();
  const batch = await runNewsletterSends({
    db,
    mailer,
    sending: {
      signer: createUnsubscribeSigner('bench-secret-bench-secret-bench-secret'),
      publicUrl: 'http://localhost:5000',
      mailFrom: 'Stillpoint <bench@example.test>',
      ratePerMinute: RATE,
    },
  });
  const batchMs = performance.now() - batchStarted;
  console.info(
    `one job run at ${RATE}/min: ${batch.sent} copies rendered and handed over in ${(batchMs / 1000).toFixed(2)} s; the whole list at this rate takes about ${Math.ceil(MEMBERS / RATE)} minutes`,
  );
  // That list is not sent for real: the server started next would work it off.
  await db.delete(newsletterDeliveries).where(eq(newsletterDeliveries.newsletterId, draft!.id));
  await measurePaceAndRestart(db, database.databaseUrl);
} finally {
  await handle.close();
  await database.stop();
}

type Copy = { to: string; at: number };

/** The pace and the restart (see the header): resolves when every copy has arrived. */
async function measurePaceAndRestart(db: Database, databaseUrl: string) {
  const copies: Copy[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        if (data.includes(PACE_SUBJECT)) {
          for (const recipient of session.envelope.rcptTo)
            copies.push({ to: recipient.address, at: Date.now() });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-bench-pace-'));
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Stillpoint <bench@example.test>',
    MAIL_RATE_PER_MINUTE: String(PACE_RATE),
  };
  // The audience: the first PACE_MEMBERS of those who chose newsletters, by a label.
  await db.execute(sql`
    update users set labels = array['pace'] where id in (
      select user_id from practice_settings where newsletters order by user_id limit ${PACE_MEMBERS})`);
  const [draft] = await db
    .insert(newsletters)
    .values({ subject: PACE_SUBJECT, body: 'At the pace the operator chose.', segment: labelSegment('pace') })
    .returning({ id: newsletters.id });
  const queued = await sendNewsletter(db, draft!.id);
  const started = Date.now();
  let server = await startAppServer(databaseUrl, dataDir, env);
  try {
    // In the middle of the second run: some copies of it have arrived, not all.
    const killAt = PACE_RATE + Math.max(1, Math.floor(Math.min(PACE_RATE, PACE_MEMBERS - PACE_RATE) / 2));
    await waitFor(() => copies.length >= Math.min(killAt, PACE_MEMBERS - 1), 5 * 60_000);
    await server.kill();
    const atKill = copies.length;
    const killedAfterMs = Date.now() - started;
    await db
      .update(newsletterDeliveries)
      .set({ claimedAt: sql`${newsletterDeliveries.claimedAt} - interval '11 minutes'` })
      .where(
        sql`${newsletterDeliveries.newsletterId} = ${draft!.id} and ${newsletterDeliveries.status} in ('claimed', 'sending')`,
      );
    server = await startAppServer(databaseUrl, dataDir, env);
    const minutes = Math.ceil(PACE_MEMBERS / PACE_RATE) + 3;
    await waitFor(async () => {
      const [row] = await db
        .select({ status: newsletters.status })
        .from(newsletters)
        .where(eq(newsletters.id, draft!.id));
      return row?.status === 'sent';
    }, minutes * 60_000);
    const final = await getNewsletterStats(db, draft!.id);
    const perRecipient = new Map<string, number>();
    for (const copy of copies) perRecipient.set(copy.to, (perRecipient.get(copy.to) ?? 0) + 1);
    const seconds = [...perRecipient.values()].filter((count) => count > 1).length;
    // Copies per clock minute (the job runs on the minute), and the pace over the whole send.
    const perMinute = new Map<number, number>();
    for (const copy of copies) {
      const minute = Math.floor(copy.at / 60_000);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    const first = copies[0]!.at;
    const last = copies.at(-1)!.at;
    console.info(
      `pace: ${queued.stats.recipients} recipients at MAIL_RATE_PER_MINUTE=${PACE_RATE}; copies per clock minute ${[...perMinute.values()].join(', ')} (never above the rate: ${Math.max(...perMinute.values()) <= PACE_RATE}); ${copies.length} copies in ${perMinute.size} minutes with sends, ${(copies.length / perMinute.size).toFixed(0)} a minute on average, ${((last - first) / 60_000).toFixed(1)} min from the first copy to the last`,
    );
    console.info(
      `restart: SIGKILL ${(killedAfterMs / 1000).toFixed(0)} s in, after ${atKill} copies (mid-run); after the restart ${copies.length - atKill} more; figures: sent ${final.sent}, failed ${final.failed} (interrupted in SMTP's hands), queued ${final.queued}; recipients with a second copy: ${seconds}; with none: ${PACE_MEMBERS - perRecipient.size}`,
    );
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function getNewsletterStats(db: Database, id: string) {
  const result = await db.execute<{ sent: number; failed: number; queued: number }>(sql`
    select (count(*) filter (where status = 'sent'))::int as sent,
           (count(*) filter (where status = 'failed'))::int as failed,
           (count(*) filter (where status in ('queued', 'claimed', 'sending')))::int as queued
    from ${newsletterDeliveries} where newsletter_id = ${id}`);
  return result.rows[0]!;
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up after ${timeoutMs / 1000} s`);
}
