import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { outboxEmails } from '../db/schema/index.ts';

export type OutgoingEmail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (email: OutgoingEmail) => Promise<void> };

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Every message is first written to the outbox table. With SMTP_URL it is then sent and marked;
 * without, the outbox plus a log line is the delivery (development, tests, offline installs).
 */
export function createMailer(options: {
  db: Database;
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  logLinks: boolean;
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  return {
    async send(email) {
      const [row] = await options.db
        .insert(outboxEmails)
        .values({ to: email.to, subject: email.subject, text: email.text, html: email.html })
        .returning({ id: outboxEmails.id });
      const outboxId = row!.id;
      if (!transport) {
        // The body carries a one-time link: print it only where an operator reads the dev console.
        options.logger.info(
          options.logLinks ? { to: email.to, text: email.text } : { to: email.to, outboxId },
          `e-mail '${email.subject}' written to the outbox (no SMTP_URL set)`,
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...email });
        await options.db
          .update(outboxEmails)
          .set({ sentAt: new Date() })
          .where(eq(outboxEmails.id, outboxId));
      } catch (error) {
        options.logger.error({ err: error, outboxId }, 'sending e-mail failed');
        await options.db
          .update(outboxEmails)
          .set({ error: String(error) })
          .where(eq(outboxEmails.id, outboxId));
        throw error;
      }
    },
  };
}
