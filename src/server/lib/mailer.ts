import { escapeHtml } from '@shared/escape-html.ts';
import { PRODUCT_NAME, siteIconUrl } from '@shared/site-brand.ts';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database, Transaction } from '../db/client.ts';
import { outboxEmails, undeliverableAddresses } from '../db/schema/index.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, such as List-Unsubscribe; kept with the message in the outbox. */
  headers?: Record<string, string>;
};
/** How one message handed straight to SMTP ended (`deliverNow`). */
export type DeliveryResult =
  | { status: 'sent' }
  /** `permanent`: the server refused it for good (5xx); the address is then marked undeliverable. */
  | { status: 'failed'; permanent: boolean; error: string };

export type Mailer = {
  /**
   * Writes the message to the outbox (in the caller's request); never sends, never fails on SMTP.
   * Given the caller's transaction, the row is written in it: no message for a write rolled back.
   */
  send: (email: OutgoingEmail, tx?: Transaction) => Promise<void>;
  /** Sends the due messages (the `send-email` job); resolves to what happened. */
  deliverDue: (options?: { limit?: number; now?: Date }) => Promise<{ sent: number; failed: number }>;
  /**
   * Sends one message now, outside the outbox, for senders that keep their own queue and pace
   * (newsletters: one row per recipient, sent at MAIL_RATE_PER_MINUTE). A permanent refusal (an
   * SMTP 5xx) marks the address undeliverable. Without SMTP the outbox row is the delivery, as for
   * `send`.
   */
  deliverNow: (email: OutgoingEmail) => Promise<DeliveryResult>;
  /** Called after each `send` with SMTP, so a queue can run `deliverDue` at once (server.ts). */
  onQueued: (listener: () => void) => void;
  readonly sendsMail: boolean;
};

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export const SEND_EMAIL_JOB = 'send-email';
/** Attempts before a message is given up (its error stays in the outbox). */
export const MAX_SEND_ATTEMPTS = 8;
/** Messages older than this are not sent any more (a reset link lives one hour). */
const SEND_WINDOW = '24 hours';

/** Default of OUTBOX_RETENTION_DAYS: how long sent mail (with its one-time links) is kept. */
export const DEFAULT_OUTBOX_RETENTION_DAYS = 30;
export const PURGE_OUTBOX_JOB = { name: 'purge-outbox', cron: '23 4 * * *' } as const;

/**
 * The HTML e-mail frame's (features/digest, EmailFrame) marks for `brandEmail`: the link colour
 * it writes, replaced by the site's accent, and the id of its header's site name, before which the
 * site's logo goes. Writers render the product's defaults and know nothing of the site.
 */
export const EMAIL_LINK_COLOR = '#2f6f5e';
export const EMAIL_SITE_NAME_ID = 'email-site-name';
/** The site's accent colour when the operator never chose one (site-defaults.ts): links keep EMAIL_LINK_COLOR. */
const DEFAULT_ACCENT = '#3f6f62';

/** The look of the site's HTML e-mails, beyond its name: from the site settings (features/site). */
export type EmailLook = {
  /** The accent colour (#rrggbb), checked for contrast against the light backgrounds when saved. */
  accent: string;
  /** The logo as an absolute URL (PUBLIC_URL and a PNG icon made from it), or null without one. */
  logoUrl: string | null;
};

/** The site's look for its e-mails from its settings: the logo as its 192 px PNG, absolute. */
export function emailLookOf(
  site: { accentColor: string; logo: string | null },
  publicUrl: string,
): EmailLook {
  // A PNG made from the logo (mail readers show PNG; not all show the uploaded WebP).
  const icon = siteIconUrl(site.logo, 'icon192');
  return { accent: site.accentColor, logoUrl: icon ? `${publicUrl}${icon}` : null };
}

/**
 * The e-mail with the site's name (features/site) wherever it says the product's: subject, text,
 * HTML (escaped there); the site's name as the first line of the plain text; and, given the site's
 * look, its logo in the frame's header and its accent as the links' colour. Every e-mail the app
 * writes (sign-up, reset, digest, notifications, invitations…) is branded through here, so a
 * writer needs nothing of its own.
 */
export function brandEmail(email: OutgoingEmail, siteName: string, look?: EmailLook): OutgoingEmail {
  const named =
    siteName === PRODUCT_NAME
      ? email
      : {
          ...email,
          subject: email.subject.replaceAll(PRODUCT_NAME, siteName),
          text: email.text.replaceAll(PRODUCT_NAME, siteName),
          ...(email.html ? { html: email.html.replaceAll(PRODUCT_NAME, escapeHtml(siteName)) } : {}),
        };
  // Every plain-text part opens with the site's name, as the HTML part's header does. The HTML
  // frame (EmailFrame) leaves its own header out of the text it renders, so this is the one place.
  const headed = { ...named, text: `${siteName}\n\n${named.text}` };
  if (!headed.html || !look) return headed;
  let html = headed.html;
  if (look.accent.toLowerCase() !== DEFAULT_ACCENT && /^#[0-9a-f]{6}$/i.test(look.accent)) {
    html = html.replaceAll(EMAIL_LINK_COLOR, look.accent.toLowerCase());
  }
  if (look.logoUrl) {
    const logo = `<img src="${escapeHtml(look.logoUrl)}" alt="" width="48" height="48" style="display:block;margin:0 0 8px;border-radius:8px">`;
    html = html.replace(new RegExp(`<p\\b[^>]*\\bid="${EMAIL_SITE_NAME_ID}"`), (header) => logo + header);
  }
  return { ...headed, html };
}

/**
 * MAIL_FROM with the site's name as the sender's display name when it carries the product's
 * (the default, `Stillpoint <no-reply@…>`); an operator's own display name is kept.
 */
export function senderWithSiteName(from: string, siteName: string): string {
  const match = /^\s*"?Stillpoint"?\s*<([^>]+)>\s*$/.exec(from);
  if (!match || siteName === PRODUCT_NAME) return from;
  // Quoted, so a name with a comma or a dot stays one display name.
  return `"${siteName.replace(/["\\]/g, '')}" <${match[1]}>`;
}

/** 30 s after the first failure, doubling, at most an hour: about an hour of tries in all. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * The outbox pattern: the request only writes the row; the `send-email` job (pg-boss, every
 * minute and right after each message) claims due rows with SKIP LOCKED, so instances never send
 * one twice, and a failure is recorded and tried again later with a growing delay. Without
 * SMTP_URL the outbox plus a log line is the delivery (development, tests, offline installs).
 * Messages written while SMTP was off or down (within a day) are sent once it works.
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  logLinks: boolean;
  /** The site's name (features/site), read when a message is written and when it is sent. */
  siteName?: () => Promise<string>;
  /** The site's accent and logo (features/site), read with its name; none: the frame's defaults. */
  siteLook?: () => Promise<EmailLook>;
}): Mailer {
  const siteName = options.siteName ?? (async () => PRODUCT_NAME);
  const siteLook = options.siteLook ?? (async () => undefined);
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const listeners: Array<() => void> = [];
  return {
    sendsMail: transport !== undefined,
    onQueued: (listener) => listeners.push(listener),
    async send(unbranded, tx) {
      const email = brandEmail(unbranded, await siteName(), await siteLook());
      const [row] = await (tx ?? options.db)
        .insert(outboxEmails)
        .values({
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: email.headers ?? null,
          nextAttemptAt: transport ? new Date() : null,
        })
        .returning({ id: outboxEmails.id });
      if (!transport) {
        // The body carries a one-time link: print it only where an operator reads the dev console.
        options.logger.info(
          options.logLinks ? { to: email.to, text: email.text } : { to: email.to, outboxId: row!.id },
          `e-mail '${email.subject}' written to the outbox (no SMTP_URL set)`,
        );
        return;
      }
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          options.logger.error({ err: error }, 'could not queue the e-mail job; the next run sends it');
        }
      }
    },
    async deliverNow(unbranded) {
      // Newsletters send here directly (their own paced queue): branded like every other message.
      const name = await siteName();
      const email = brandEmail(unbranded, name, await siteLook());
      if (!transport) {
        await options.db.insert(outboxEmails).values({
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: email.headers ?? null,
          nextAttemptAt: null,
        });
        return { status: 'sent' };
      }
      try {
        await transport.sendMail({
          from: senderWithSiteName(options.from, name),
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
        });
        return { status: 'sent' };
      } catch (error) {
        const permanent = isPermanentFailure(error);
        if (permanent) {
          await options.db
            .insert(undeliverableAddresses)
            .values({ email: email.to.toLowerCase(), reason: String(error).slice(0, 500) })
            .onConflictDoNothing();
        }
        return { status: 'failed', permanent, error: String(error).slice(0, 500) };
      }
    },
    async deliverDue({ limit = 20, now = new Date() } = {}) {
      if (!transport) return { sent: 0, failed: 0 };
      // Claim: the rows get a lease (5 minutes) and one more attempt, in one statement.
      const claimed = await options.db.execute<{
        id: string;
        to: string;
        subject: string;
        text: string;
        html: string | null;
        headers: Record<string, string> | null;
        attempts: number;
      }>(sql`
        update ${outboxEmails} set attempts = attempts + 1,
          next_attempt_at = ${now}::timestamptz + interval '5 minutes', updated_at = ${now}
        where id in (
          select id from ${outboxEmails}
          where sent_at is null and attempts < ${MAX_SEND_ATTEMPTS}
            and created_at > ${now}::timestamptz - interval '${sql.raw(SEND_WINDOW)}'
            and (next_attempt_at <= ${now} or (next_attempt_at is null and attempts = 0))
          order by created_at
          limit ${limit}
          for update skip locked)
        returning id, "to", subject, text, html, headers, attempts`);
      let sent = 0;
      let failed = 0;
      const from =
        claimed.rows.length > 0 ? senderWithSiteName(options.from, await siteName()) : options.from;
      for (const message of claimed.rows) {
        try {
          await transport.sendMail({
            from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
          });
          await options.db.execute(
            sql`update ${outboxEmails} set sent_at = now(), error = null, next_attempt_at = null, updated_at = now() where id = ${message.id}`,
          );
          sent += 1;
        } catch (error) {
          failed += 1;
          const givingUp = message.attempts >= MAX_SEND_ATTEMPTS;
          const next = givingUp ? null : new Date(now.getTime() + nextAttemptDelayMs(message.attempts));
          options.logger.error(
            { err: error, outboxId: message.id, attempts: message.attempts, nextAttemptAt: next },
            givingUp ? 'sending e-mail failed; giving up' : 'sending e-mail failed; will try again',
          );
          await options.db.execute(
            sql`update ${outboxEmails} set error = ${String(error)}, next_attempt_at = ${next}, updated_at = now() where id = ${message.id}`,
          );
        }
      }
      return { sent, failed };
    },
  };
}

/** An SMTP 5xx answer (nodemailer's `responseCode`): the server will never take this message. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Deletes the outbox's messages older than `retentionDays` (counted from sending, or from writing
 * for one never sent): their bodies hold sign-in, reset and verification links, kept only for an
 * operator's look at what went out. A message still waiting to be sent is kept; none older than
 * the sending window (a day) is ever sent, so with the minimum of one day this only spares the
 * day's queue. The daily `purge-outbox` job (jobs.ts) runs it.
 */
export async function purgeOutbox(
  db: Database,
  { retentionDays, now = new Date() }: { retentionDays: number; now?: Date },
): Promise<{ deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60_000);
  const result = await db.execute(sql`
    delete from ${outboxEmails}
    where coalesce(sent_at, created_at) < ${cutoff}
      and (next_attempt_at is null
        or created_at < ${now}::timestamptz - interval '${sql.raw(SEND_WINDOW)}')`);
  return { deleted: result.rowCount ?? 0 };
}
