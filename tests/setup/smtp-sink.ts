import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the local SMTP server received it: the envelope and the raw message. */
export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpSink = {
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or the mailer's `smtpUrl`. */
  url: string;
  close: () => Promise<void>;
};

/**
 * A local SMTP server that keeps what it receives: what really left the app, for the tests that
 * send mail (the mailer's, the welcome e-mail's, e-mail languages, the reliability and browser
 * journeys). `delayMs` holds each answer that long, as a slow relay does.
 */
export async function startSmtpSink(options: { delayMs?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk;
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
        });
        setTimeout(callback, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
