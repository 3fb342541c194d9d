import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import {
  REFRESH_CONTENT_ANALYTICS_JOB,
  refreshContentAnalytics,
} from './features/admin/content-snapshots.ts';
import { publishScheduledAnnouncements } from './features/announcements/index.ts';
import { BACKUP_JOB_NAME, runScheduledBackup } from './features/backup/scheduled-backup.ts';
import { sendWeeklyDigests, WEEKLY_DIGEST_JOB } from './features/digest/digest.service.ts';
import { SEND_EVENT_REMINDERS_JOB, sendEventReminders } from './features/events/event-reminders.ts';
import { publishScheduledContent } from './features/library/index.ts';
import { cleanupUploads } from './features/media/uploads.service.ts';
import { runNewsletterSends, SEND_NEWSLETTERS_JOB } from './features/newsletters/index.ts';
import {
  ANNOUNCE_JOURNEY_MONTH_JOB,
  DELIVER_NOTIFICATIONS_JOB,
  deliverNotifications,
  SEND_REMINDERS_JOB,
  sendReminders,
} from './features/notifications/delivery.service.ts';
import { announceJourneyMonth } from './features/notifications/notifications.service.ts';
import { RECONCILE_JOB, reconcileSubscriptions } from './features/subscriptions/reconcile.ts';
import type { JobDefinition } from './lib/jobs.ts';
import {
  DEFAULT_OUTBOX_RETENTION_DAYS,
  PURGE_OUTBOX_JOB,
  purgeOutbox,
  SEND_EMAIL_JOB,
} from './lib/mailer.ts';
import { PUBLISH_SCHEDULED_JOB } from './lib/scheduled-publishing.ts';
import { createS3Storage } from './lib/storage/s3-storage.ts';

export const CLEANUP_UPLOADS_JOB = { name: 'cleanup-uploads', cron: '41 * * * *' } as const;

/**
 * Every background job of the product, run by lib/jobs.ts in each instance (pg-boss shares the work).
 * The scheduled backup is added when the operator set BACKUP_SCHEDULE (off by default).
 */
export function productJobs(
  app: FastifyInstance,
  site: { config?: Config; databaseUrl?: string } = {},
): JobDefinition[] {
  const delivery = {
    mailer: app.mailer,
    push: app.push,
    publicUrl: app.publicUrl,
    siteName: async () => (await app.site.get()).name,
  };
  const jobs: JobDefinition[] = [
    { ...RECONCILE_JOB, run: () => reconcileSubscriptions(app.billing) },
    { ...CLEANUP_UPLOADS_JOB, run: () => cleanupUploads({ db: app.database.db, storage: app.storage }) },
    { ...DELIVER_NOTIFICATIONS_JOB, run: () => deliverNotifications(app.database.db, delivery) },
    { ...SEND_REMINDERS_JOB, run: () => sendReminders(app.database.db, delivery) },
    // Every minute: members going to an event hear of it before it starts (features/events).
    { ...SEND_EVENT_REMINDERS_JOB, run: () => sendEventReminders(app.database.db, delivery) },
    { ...ANNOUNCE_JOURNEY_MONTH_JOB, run: () => announceJourneyMonth(app.database.db) },
    // Mondays 08:00 UTC: the digest of the week just ended, once per member (features/digest).
    {
      ...WEEKLY_DIGEST_JOB,
      run: () => sendWeeklyDigests({ db: app.database.db, mailer: app.mailer, ...app.digest }),
    },
    // Every minute: scheduled content items and announcements go live (decision 092).
    {
      ...PUBLISH_SCHEDULED_JOB,
      run: async () => ({
        content: (await publishScheduledContent(app.database.db)).length,
        announcements: (await publishScheduledAnnouncements(app.database.db)).length,
      }),
    },
    // Every minute: scheduled newsletters start, and up to MAIL_RATE_PER_MINUTE copies go out.
    {
      ...SEND_NEWSLETTERS_JOB,
      run: () => runNewsletterSends({ db: app.database.db, mailer: app.mailer, sending: app.newsletters }),
    },
    // Every 10 minutes: the admin's content figures that admins read, computed ahead (decision 098).
    { ...REFRESH_CONTENT_ANALYTICS_JOB, run: () => refreshContentAnalytics(app.database.db) },
  ];
  // Daily: sent mail (one-time links in it) older than OUTBOX_RETENTION_DAYS goes.
  const retentionDays = site.config?.outboxRetentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS;
  jobs.push({ ...PURGE_OUTBOX_JOB, run: () => purgeOutbox(app.database.db, { retentionDays }) });
  // E-mail over SMTP: every minute, and at once after each message (server.ts).
  if (app.mailer.sendsMail)
    jobs.push({
      name: SEND_EMAIL_JOB,
      cron: '* * * * *',
      run: async () => {
        const result = await app.mailer.deliverDue();
        app.metrics.recordEmails(result);
        return result;
      },
    });
  const backups = site.config?.backups;
  const databaseUrl = site.databaseUrl;
  if (backups?.schedule && databaseUrl) {
    jobs.push({
      name: BACKUP_JOB_NAME,
      cron: backups.schedule,
      run: async () => {
        const { file, bytes, milliseconds, removed } = await runScheduledBackup({
          databaseUrl,
          storage: app.storage,
          dir: backups.dir,
          keep: backups.keep,
          bucket: backups.s3 ? createS3Storage(backups.s3) : undefined,
        });
        app.metrics.recordBackup({ bytes });
        return { file, bytes, milliseconds, removed };
      },
    });
  }
  return jobs;
}
