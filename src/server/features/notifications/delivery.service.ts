import { signInLink } from '@shared/schemas/auth.ts';
import type { NotificationKind } from '@shared/schemas/notifications.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notifications, pushSubscriptions, reminderDeliveries, users } from '../../db/schema/index.ts';
import { recipientLocaleSql, serverI18n } from '../../lib/i18n.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { localDaySql, zoneOrFallback } from '../practice/index.ts';
import { memberPreferencesAs } from '../settings/index.ts';
import type { PushSender } from './push.service.ts';

export const DELIVER_NOTIFICATIONS_JOB = { name: 'deliver-notifications', cron: '* * * * *' } as const;
export const SEND_REMINDERS_JOB = { name: 'send-reminders', cron: '*/5 * * * *' } as const;
export const ANNOUNCE_JOURNEY_MONTH_JOB = { name: 'announce-journey-month', cron: '15 5 * * *' } as const;

/** Notices older than this are not pushed or e-mailed any more (the bell still shows them). */
const DELIVERY_WINDOW = '1 hour';
/**
 * Mention e-mails one member receives in an hour, from everyone together; later mentions reach
 * the bell and push only, so many accounts naming one member cannot fill their inbox.
 */
export const MENTION_EMAILS_PER_HOUR = 10;
/** A reminder whose time passed longer ago than this (the jobs were down) waits for tomorrow. */
const REMINDER_LATE_WINDOW = '2 hours';

type Delivery = {
  mailer: Mailer;
  push: PushSender;
  publicUrl: string;
  /** The site's name (features/site), the title of its push messages. */
  siteName?: () => Promise<string>;
};

/**
 * The `deliver-notifications` job: claims the notices not yet delivered (SKIP LOCKED, so two
 * instances never take the same one), each author's in turn, and sends each as a push to the member's browsers, and as an
 * e-mail when their settings ask for that kind.
 */
export async function deliverNotifications(
  db: Database,
  delivery: Delivery,
  { limit = 100, now = new Date() }: { limit?: number; now?: Date } = {},
) {
  const claimed = await db.execute<{
    kind: NotificationKind;
    recipient_id: string;
    link: string;
    subject: string | null;
    email: string;
    wants_email: boolean;
    has_push: boolean;
    actor_first_name: string | null;
    actor_last_name: string | null;
    actor_id: string | null;
    locale: string | null;
  }>(sql`
    with claimed as (
      update ${notifications} set delivered_at = ${now}
      where id in (
        select id from ${notifications}
        where id in (
          -- Fair turns: each author's (or, for notices without one, each member's) oldest notice
          -- first, then their second, and so on, so a flood from one account never delays others.
          select id from (
            select id, created_at,
              row_number() over (partition by coalesce(actor_id, recipient_id) order by created_at) as turn
            from ${notifications}
            where delivered_at is null
              and created_at > ${now}::timestamptz - interval '${sql.raw(DELIVERY_WINDOW)}') due
          order by turn, created_at
          limit ${limit})
        for update skip locked)
      returning kind, recipient_id, actor_id, link, subject, created_at),
    mention_emails as (
      -- Mention e-mails already sent to each member this hour (this statement's claims not yet among them).
      select recipient_id, count(*)::int as sent from ${notifications}
      where kind = 'mention' and delivered_at > ${now}::timestamptz - interval '1 hour'
        and recipient_id in (select recipient_id from claimed where kind = 'mention')
      group by recipient_id)
    select c.kind, c.recipient_id, c.link, c.subject, r.email,
      ${recipientLocaleSql(sql`r.locale`)} as locale,
      -- Replies and mentions follow their e-mail settings; other kinds are never e-mailed. Mentions
      -- stop being e-mailed past MENTION_EMAILS_PER_HOUR a member.
      coalesce(case c.kind
        when 'post_reply' then s.email_replies when 'thread_reply' then s.email_replies
        when 'mention' then s.email_mentions
          and coalesce(m.sent, 0)
            + row_number() over (partition by c.recipient_id, c.kind order by c.created_at)
            <= ${MENTION_EMAILS_PER_HOUR}
        else false end, false) as wants_email,
      exists (select 1 from ${pushSubscriptions} p where p.user_id = c.recipient_id) as has_push,
      a.id as actor_id, a.first_name as actor_first_name, a.last_name as actor_last_name
    from claimed c
    join ${users} r on r.id = c.recipient_id
    left join ${memberPreferencesAs('s')} on s.user_id = c.recipient_id
    left join mention_emails m on m.recipient_id = c.recipient_id
    left join ${users} a on a.id = c.actor_id`);
  let pushed = 0;
  let emailed = 0;
  for (const row of claimed.rows) {
    // In the recipient's language (push and e-mail alike); names and titles stay as written.
    const i18n = serverI18n(row.locale);
    const who =
      [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ') ||
      i18n._('email.notification.someone');
    const text = describeNotification(i18n, row.kind, who, row.subject);
    const sent = await sendBy(db, delivery, {
      i18n,
      userId: row.recipient_id,
      email: row.wants_email ? row.email : null,
      push: row.has_push,
      title: (await delivery.siteName?.()) ?? PRODUCT_NAME,
      subject: text,
      body: text,
      link: row.link,
      why: i18n._('email.notification.why', { url: signInLink(delivery.publicUrl, '/settings') }),
    });
    pushed += sent.pushed;
    emailed += sent.emailed;
  }
  return { claimed: claimed.rows.length, pushed, emailed };
}

/**
 * How a notice reads in a push or an e-mail, in the recipient's language: the same words the bell
 * shows from the client's catalogue (features/notifications, `notifications.notice.*`).
 */
function describeNotification(
  i18n: ReturnType<typeof serverI18n>,
  kind: NotificationKind,
  who: string,
  subject: string | null,
): string {
  const words = { who, subject: subject ?? '', hasSubject: subject ? 'yes' : 'no' };
  switch (kind) {
    case 'post_reply':
      return i18n._('email.notification.postReply', words);
    case 'thread_reply':
      return i18n._('email.notification.threadReply', words);
    case 'mention':
      return i18n._('email.notification.mention', words);
    case 'at_risk_flag':
      return i18n._('email.notification.atRisk', words);
    case 'journey_month':
      return i18n._('email.notification.journeyMonth', words);
    case 'playlist_item':
      // The subject reads "<playlist>: <item title>".
      return i18n._('email.notification.playlistItem', words);
  }
}

/**
 * The `send-reminders` job (every five minutes, on every instance through pg-boss). A member is
 * due when their reminder time has passed on their local day (their zone and late-night offset,
 * the practice feature's own day arithmetic), the weekday is one they chose, and they have not
 * practised that day. Each is claimed by inserting (member, local date) with ON CONFLICT DO
 * NOTHING in the same statement, so two runs at once, on two instances, send one reminder.
 */
export async function sendReminders(
  db: Database,
  delivery: Delivery,
  { now = new Date() }: { now?: Date } = {},
) {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const zone = zoneOrFallback(sql`s.time_zone`);
  const due = await db.execute<{
    user_id: string;
    email: string;
    locale: string | null;
    reminder_push: boolean;
    reminder_email: boolean;
    local_date: string;
  }>(sql`
    with candidates as (
      select s.user_id, s.reminder_push, s.reminder_email, s.reminder_days, u.email,
        ${recipientLocaleSql(sql`u.locale`)} as locale,
        ${zone} as zone, s.day_start_hour,
        ${localDaySql(nowSql, zone, sql`s.day_start_hour`)} as local_date,
        s.reminder_time::time as reminder_time
      from ${memberPreferencesAs('s')}
      join ${users} u on u.id = s.user_id
      where s.reminder_time is not null and (s.reminder_push or s.reminder_email)
    ),
    timed as (
      -- The reminder's moment on the member's local day; a time before the late-night offset
      -- belongs to the small hours after the calendar date.
      select c.*, ((c.local_date + c.reminder_time
          + case when c.reminder_time < make_time(c.day_start_hour, 0, 0) then interval '1 day' else interval '0' end)
          at time zone c.zone) as moment
      from candidates c
      where extract(isodow from c.local_date)::int = any(c.reminder_days)
    ),
    due as (
      select t.* from timed t
      where t.moment <= ${nowSql} and t.moment > ${nowSql} - interval '${sql.raw(REMINDER_LATE_WINDOW)}'
        and not exists (
          select 1 from practice_sessions p
          where p.user_id = t.user_id
            and p.ended_at >= t.moment - interval '1 day 4 hours'
            and ${localDaySql(sql`p.ended_at`, sql`t.zone`, sql`t.day_start_hour`)} = t.local_date)
    ),
    claimed as (
      insert into ${reminderDeliveries} (user_id, local_date)
      select user_id, local_date from due
      on conflict do nothing
      returning user_id, local_date
    )
    select d.user_id, d.email, d.locale, d.reminder_push, d.reminder_email, d.local_date::text as local_date
    from due d join claimed c on c.user_id = d.user_id and c.local_date = d.local_date`);
  let pushed = 0;
  let emailed = 0;
  for (const member of due.rows) {
    // An invitation, never a reproach, in the member's language.
    const i18n = serverI18n(member.locale);
    const sent = await sendBy(db, delivery, {
      i18n,
      userId: member.user_id,
      email: member.reminder_email ? member.email : null,
      push: member.reminder_push,
      title: i18n._('email.reminder.title'),
      subject: i18n._('email.reminder.title'),
      body: i18n._('email.reminder.body'),
      link: '/',
      why: i18n._('email.reminder.why', { url: signInLink(delivery.publicUrl, '/settings') }),
    });
    pushed += sent.pushed;
    emailed += sent.emailed;
  }
  return { reminded: due.rows.length, pushed, emailed };
}

/** One message by push (to every browser of the member) and, when `email` is given, by e-mail. */
async function sendBy(
  db: Database,
  delivery: Delivery,
  message: {
    i18n: ReturnType<typeof serverI18n>;
    userId: string;
    email: string | null;
    push: boolean;
    title: string;
    subject: string;
    body: string;
    link: string;
    /** The e-mail's last line: why it came and where to change that (with the link). */
    why: string;
  },
) {
  let pushed = 0;
  if (message.push) {
    const payload = { title: message.title, body: message.body, link: message.link };
    pushed = (await delivery.push.sendToMember(db, message.userId, payload)).sent;
  }
  if (message.email) {
    await delivery.mailer.send({
      to: message.email,
      subject: message.subject,
      text: [
        message.body,
        '',
        message.i18n._('email.notification.open', {
          site: PRODUCT_NAME,
          url: signInLink(delivery.publicUrl, message.link),
        }),
        '',
        message.why,
      ].join('\n'),
    });
  }
  return { pushed, emailed: message.email ? 1 : 0 };
}
