import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpTestApp, uniqueEmail } from '../../../tests/setup/test-app.ts';
import { loadConfig } from '../config.ts';
import { outboxEmails } from '../db/schema/index.ts';
import { productJobs } from '../jobs.ts';
import { PURGE_OUTBOX_JOB, purgeOutbox } from './mailer.ts';

const t = setUpTestApp();
const DAY = 24 * 60 * 60_000;

describe('outbox retention', () => {
  it('the daily purge deletes sent mail older than the retention and keeps recent and waiting mail', async () => {
    const { db } = t.app.database;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const message = (label: string, fields: Partial<typeof outboxEmails.$inferInsert>) => ({
      to: uniqueEmail(label),
      subject: 'Reset your password',
      text: 'https://stillpoint.test/reset?token=one-time',
      ...fields,
    });
    const rows = await db
      .insert(outboxEmails)
      .values([
        message('old-sent', { createdAt: ago(41), sentAt: ago(40) }),
        message('old-no-smtp', { createdAt: ago(40) }),
        message('old-given-up', { createdAt: ago(35), attempts: 8, error: 'refused' }),
        message('recent-sent', { createdAt: ago(29), sentAt: ago(29) }),
        message('waiting', { createdAt: ago(0.1), nextAttemptAt: now }),
      ])
      .returning({ id: outboxEmails.id, to: outboxEmails.to });

    // The job as the app schedules it, with OUTBOX_RETENTION_DAYS=30 (the default).
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.outboxRetentionDays).toBe(30);
    const job = productJobs(t.app, { config }).find((each) => each.name === PURGE_OUTBOX_JOB.name);
    expect(job?.cron).toBe(PURGE_OUTBOX_JOB.cron);
    expect(await job!.run()).toEqual({ deleted: 3 });

    const left = await db
      .select({ to: outboxEmails.to })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.to.split('-')[0]).sort()).toEqual(['recent', 'waiting']);

    // A shorter retention reaches the recent one too, never the message still waiting to be sent.
    expect(await purgeOutbox(db, { retentionDays: 1 })).toEqual({ deleted: 1 });
    const waiting = await db
      .select({ to: outboxEmails.to })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          rows.map((row) => row.id),
        ),
      );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.to).toMatch(/^waiting/);
  });

  it('OUTBOX_RETENTION_DAYS is read and checked', () => {
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).outboxRetentionDays).toBe(7);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(
      /OUTBOX_RETENTION_DAYS must be at least 1/,
    );
  });
});
