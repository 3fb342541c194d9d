import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../tests/setup/test-app.ts';
import { outboxEmails } from '../db/schema/index.ts';
import { createMailer } from './mailer.ts';

type Received = { from: string; to: string[]; data: string };

let t: TestApp;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  smtp = new SMTPServer({
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
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t?.close();
});

describe('mailer', () => {
  it('sends over SMTP when SMTP_URL is set and records the message as sent', async () => {
    const to = uniqueEmail('smtp');
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
    });
    await mailer.send({ to, subject: 'A calm hello', text: 'Breathe in, breathe out.' });
    const message = received.find((m) => m.to.includes(to));
    expect(message?.from).toBe('hello@stillpoint.test');
    expect(message?.data).toContain('Subject: A calm hello');
    expect(message?.data).toContain('Breathe in, breathe out.');
    const [row] = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });

  it('keeps the message in the outbox with the error when SMTP fails', async () => {
    const to = uniqueEmail('smtp-down');
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: silent,
      logLinks: false,
    });
    await expect(mailer.send({ to, subject: 'Lost?', text: 'Not lost.' })).rejects.toThrow();
    const [row] = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('without SMTP, writes to the outbox and logs a line', async () => {
    const to = uniqueEmail('outbox');
    const lines: string[] = [];
    const mailer = createMailer({
      db: t.app.database.db,
      smtpUrl: undefined,
      from: 'Stillpoint <hello@stillpoint.test>',
      logger: { info: (_obj, msg) => lines.push(msg), error: () => {} },
      logLinks: false,
    });
    await mailer.send({ to, subject: 'Offline', text: 'Stored.' });
    const [row] = await t.app.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    expect(row?.text).toBe('Stored.');
    expect(lines).toEqual(["e-mail 'Offline' written to the outbox (no SMTP_URL set)"]);
  });
});
