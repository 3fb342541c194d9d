import { expandOccurrences } from '@shared/event-occurrences.ts';
import { activeSuspension } from '@shared/roles.ts';
import { signInLink } from '@shared/schemas/auth.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentItems, eventDetails, eventRsvps, users } from '../../db/schema/index.ts';
import { recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { toViewerAccess } from '../../lib/viewer.ts';
import type { PushSender } from '../notifications/index.ts';
import { memberPreferencesAs } from '../settings/index.ts';

export const SEND_EVENT_REMINDERS_JOB = { name: 'send-event-reminders', cron: '* * * * *' } as const;

/** The longest a member may ask to be reminded ahead (a day): the scan never looks further. */
const LONGEST_LEAD = '1 day';

type Delivery = {
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  siteName: () => Promise<string>;
};

type Due = {
  event_id: string;
  occurrence_start: Date;
  user_id: string;
  email: string;
  locale: string | null;
  is_admin: boolean;
  is_moderator: boolean;
  subscription_status: string | null;
  premium_access_ends_at: Date | null;
  suspended_at: Date | null;
  suspended_until: Date | null;
  time_zone: string | null;
  wants_push: boolean;
  wants_email: boolean;
  title: string;
  is_premium: boolean;
  starts_at: Date;
  event_zone: string;
  duration_minutes: number;
  recurrence: string | null;
  exception_dates: string[];
};

/** "Sunday, November 29 at 7:00 PM GMT" in the member's zone (the organiser's until they set one). */
function startInZone(start: Date, zone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);
}

/**
 * The `send-event-reminders` job (every minute, on every instance). A member who said "going" to
 * an occurrence is reminded when its start is within their chosen lead (Settings; an hour unless
 * they changed it). Each RSVP is claimed by setting `reminded_at` where it is still null, in one
 * statement: a second instance running at the same moment waits on the row, sees it claimed and
 * skips it, so each member is reminded once. An occurrence the organiser has since removed (a new
 * time, an exception), an unpublished event, or a premium event the member is no longer entitled
 * to is claimed and not sent. The message links to the event's page, never to the join link.
 */
export async function sendEventReminders(
  db: Database,
  delivery: Delivery,
  { now = new Date() }: { now?: Date } = {},
) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const claimed = await db.execute<Due>(sql`
    with due as (
      select r.id
      from ${eventRsvps} r
      left join ${memberPreferencesAs('s')} on s.user_id = r.user_id
      where r.reminded_at is null and r.status = 'going'
        and r.occurrence_start > ${nowSql}
        and r.occurrence_start <= ${nowSql} + interval '${sql.raw(LONGEST_LEAD)}'
        and r.occurrence_start <= ${nowSql} + make_interval(mins => coalesce(s.event_reminder_minutes, 60))
        and coalesce(s.event_reminder_minutes, 60) > 0
    ),
    claimed as (
      update ${eventRsvps} r set reminded_at = ${nowSql}
      from due where r.id = due.id and r.reminded_at is null
      returning r.event_id, r.occurrence_start, r.user_id
    )
    select c.event_id, c.occurrence_start, c.user_id, u.email, ${recipientLocaleSql(sql`u.locale`)} as locale, s.time_zone,
      u.is_admin, u.is_moderator, u.subscription_status, u.premium_access_ends_at,
      u.suspended_at, u.suspended_until,
      coalesce(s.event_reminder_push, true) as wants_push,
      coalesce(s.event_reminder_email, true) as wants_email,
      i.title, i.is_premium, d.starts_at, d.time_zone as event_zone, d.duration_minutes,
      d.recurrence, d.exception_dates
    from claimed c
    join ${users} u on u.id = c.user_id
    join ${eventDetails} d on d.event_id = c.event_id
    join ${contentItems} i on i.id = c.event_id and i.is_published
    left join ${memberPreferencesAs('s')} on s.user_id = c.user_id`);

  const siteName = await delivery.siteName();
  let pushed = 0;
  let emailed = 0;
  for (const row of claimed.rows) {
    const start = new Date(row.occurrence_start);
    const stillOn = expandOccurrences(
      {
        startsAt: new Date(row.starts_at),
        timeZone: row.event_zone,
        durationMinutes: row.duration_minutes,
        recurrence: row.recurrence,
        exceptionDates: row.exception_dates,
      },
      start,
      new Date(start.getTime() + 1),
    ).some((candidate) => candidate.getTime() === start.getTime());
    if (!stillOn) continue;
    // The member's access from the row already read (no query per member): a suspended member
    // hears nothing, and a premium event only reaches those entitled now.
    const owner = {
      id: row.user_id,
      isAdmin: row.is_admin,
      isModerator: row.is_moderator,
      subscriptionStatus: row.subscription_status,
      premiumAccessEndsAt: row.premium_access_ends_at && new Date(row.premium_access_ends_at),
      suspendedAt: row.suspended_at && new Date(row.suspended_at),
      suspendedUntil: row.suspended_until && new Date(row.suspended_until),
    };
    if (activeSuspension(owner, now)) continue;
    if (row.is_premium && !toViewerAccess(owner, now).hasPremiumAccess) continue;

    // In the member's language (docs/translating.md), the time in their zone.
    const i18n = serverI18n(row.locale);
    const when = startInZone(start, row.time_zone ?? row.event_zone, i18n.locale);
    const link = `/video/${row.event_id}`;
    const body = i18n._('email.eventReminder.starts', { title: row.title, when });
    if (row.wants_push) {
      const payload = { title: i18n._('email.eventReminder.pushTitle', { title: row.title }), body, link };
      pushed += (await delivery.push.sendToMember(db, row.user_id, payload)).sent;
    }
    if (row.wants_email) {
      await delivery.mailer.send({
        to: row.email,
        subject: i18n._('email.eventReminder.subject', { title: row.title }),
        text: [
          i18n._('email.eventReminder.going', { starts: body }),
          '',
          i18n._('email.eventReminder.page', { url: signInLink(delivery.publicUrl, link) }),
          '',
          i18n._('email.eventReminder.settings', { url: signInLink(delivery.publicUrl, '/settings') }),
          '',
          siteName,
        ].join('\n'),
      });
      emailed += 1;
    }
  }
  return { claimed: claimed.rows.length, pushed, emailed };
}
