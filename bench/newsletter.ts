import { connectDatabase } from '../src/server/db/client.ts';
import { newsletters } from '../src/server/db/schema/index.ts';
import { createUnsubscribeSigner } from '../src/server/features/digest/unsubscribe-token.ts';
import {
  runNewsletterSends,
  sendNewsletter,
} from '../src/server/features/newsletters/newsletters.service.ts';
import { createMailer } from '../src/server/lib/mailer.ts';
import { buildUsers } from './dataset.ts';
import { startBenchDatabase } from './lib.ts';

/**
 * `node --import tsx bench/newsletter.ts`: "send now" of a newsletter to 50,000 members who chose
 * newsletters (BENCH_NEWSLETTER_MEMBERS), timed as the admin's request runs it — the audience
 * query and one INSERT … SELECT of a delivery row per member (decision 086) — then one run of
 * the `send-newsletters` job at the default MAIL_RATE_PER_MINUTE (300), without SMTP (the copies
 * go to the outbox table), to show a batch's cost. Prints the times; writes no results file.
 */

const MEMBERS = Number(process.env.BENCH_NEWSLETTER_MEMBERS ?? 50_000);
const RATE = 300;

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
} finally {
  await handle.close();
  await database.stop();
}
