// Every e-mail a member receives is written in their language (docs/translating.md): their own
// (users.locale), else the site's default. Each e-mail is sent here to a German (or Spanish)
// member through a local SMTP server, as the mailer's and the newsletters' tests do, and read as
// it arrived; an English member's copy keeps today's words.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { sendWeeklyDigests } from '../../src/server/features/digest/digest.service.ts';
import { runNewsletterSends } from '../../src/server/features/newsletters/newsletters.service.ts';
import { deliverNotifications } from '../../src/server/features/notifications/delivery.service.ts';
import { updateSiteSettings } from '../../src/server/features/site/site.service.ts';
import { newComment, newForum, newPost } from '../setup/community.ts';
import { type SmtpSink, startSmtpSink } from '../setup/smtp-sink.ts';
import { type Actor, createActor, setUpActors, setUpTestApp, uniqueEmail } from '../setup/test-app.ts';

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(() => smtp.close());

// Many writes by few members within seconds: past the production write limits on purpose.
const t = setUpTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100' }));
const [moderator, admin] = setUpActors(t, 'moderator', 'admin');

// --- Reading a message as it arrived (RFC 2047 words, quoted-printable or base64 parts) -------

const decodeWords = (header: string) =>
  header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_match, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(soft[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded) and body of one MIME entity. */
function splitEntity(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  return { header, body };
}

/** The subject and the plain-text part of a message, decoded. */
function readMessage(raw: string): { subject: string; text: string } {
  const message = splitEntity(raw);
  const subject = decodeWords(message.header('Subject'));
  let entity = message;
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header('Content-Type'))?.[1];
  if (boundary) {
    const parts = message.body.split(`--${boundary}`).map((part) => splitEntity(part.replace(/^\r?\n/, '')));
    entity = parts.find((part) => /text\/plain/i.test(part.header('Content-Type'))) ?? message;
  }
  const encoding = entity.header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(entity.body)
        : entity.body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

/** Sends what the outbox holds, then the newest message an address received, decoded. */
async function arrivedAt(email: string, matching: (subject: string) => boolean = () => true) {
  await t.app.mailer.deliverDue();
  const messages = smtp.received
    .filter((message) => message.to.includes(email))
    .map((message) => readMessage(message.data))
    .filter((message) => matching(message.subject));
  const last = messages.at(-1);
  if (!last) throw new Error(`no message arrived at ${email}`);
  return last;
}

// --- Members in a language ---------------------------------------------------------------------

async function memberIn(locale: 'en' | 'es' | 'de' | null, role: 'member' | 'premium' = 'member') {
  const actor = await createActor(t.app, role);
  await t.app.database.db
    .update(users)
    .set({ locale, firstName: 'Lena', emailVerified: true })
    .where(eq(users.id, actor.userId!));
  // Their sign-up's confirmation goes out now, so the next message they receive is the one tested.
  await t.app.mailer.deliverDue();
  return actor;
}

const settings = (actor: Actor, payload: Record<string, unknown>) =>
  actor.request({ method: 'PUT', url: '/api/practice/settings', payload });

const newSupportForum = () =>
  newForum(admin, {
    title: `Stille ${randomUUID().slice(0, 6)}`,
    description: 'Gentle.',
    category: 'support',
  });

describe('moderation e-mails in the member’s language', () => {
  it('a removed post: German for a German author, English unchanged', async () => {
    const forum = await newSupportForum();
    for (const [locale, subject, body] of [
      [
        'de',
        `Wir haben deinen Beitrag in ${forum.title} entfernt`,
        `Eine Moderatorin oder ein Moderator hat deinen Beitrag „Abendsitzen“ in ${forum.title} entfernt.\n\nDer angegebene Grund: Werbung`,
      ],
      [
        'en',
        `We removed your post in ${forum.title}`,
        `A moderator removed your post "Abendsitzen" in ${forum.title}.\n\nThe reason they gave: Werbung\n\nYou are welcome to keep taking part.`,
      ],
    ] as const) {
      const author = await memberIn(locale);
      const post = await newPost(author, forum.slug, { title: 'Abendsitzen', content: 'Zwanzig Minuten.' });
      const removed = await moderator.request({
        method: 'POST',
        url: `/api/admin/moderation/posts/${post.id}/remove`,
        payload: { reason: 'Werbung' },
      });
      expect(removed.statusCode, removed.body).toBe(204);
      const mail = await arrivedAt(author.email!);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(body);
    }
  });

  it('a mute: Spanish, with the end date in Spanish in the member’s time zone', async () => {
    const member = await memberIn('es');
    expect((await settings(member, { timeZone: 'America/Mexico_City' })).statusCode).toBe(200);
    const response = await moderator.request({
      method: 'POST',
      url: `/api/admin/users/${member.userId}/mute`,
      payload: { days: 7, reason: 'Respuestas poco amables' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const until = new Date(response.json().mutedUntil);
    const expected = new Intl.DateTimeFormat('es', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: 'America/Mexico_City',
    }).format(until);
    const mail = await arrivedAt(member.email!);
    expect(mail.subject).toBe('Una pausa en tus publicaciones de la comunidad');
    expect(mail.text).toContain(
      `La moderación ha pausado tus publicaciones en la comunidad hasta el ${expected}.\n\nEl motivo que dieron: Respuestas poco amables`,
    );
    expect(mail.text).not.toMatch(/moderator|reason/i);
  });

  it('a suspension: German for a German member; an English member reads today’s words', async () => {
    const german = await memberIn('de');
    const suspended = await admin.request({
      method: 'POST',
      url: `/api/admin/users/${german.userId}/suspend`,
      payload: { days: null, reason: 'Spam' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const mail = await arrivedAt(german.email!);
    expect(mail.subject).toBe('Dein Konto bei Stillpoint ist pausiert');
    expect(mail.text).toBe(
      [
        'Stillpoint',
        '',
        'Ein Administrator hat dein Konto bei Stillpoint bis auf Weiteres pausiert.',
        '',
        'Der angegebene Grund: Spam',
        '',
        'Wenn du denkst, dass das ein Irrtum ist, antworte bitte auf diese E-Mail.',
      ].join('\n') + (mail.text.endsWith('\n') ? '\n' : ''),
    );

    const english = await memberIn(null);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: `/api/admin/users/${english.userId}/suspend`,
          payload: { days: 7, reason: 'Spam' },
        })
      ).statusCode,
    ).toBe(200);
    const englishMail = await arrivedAt(english.email!);
    expect(englishMail.subject).toBe('Your Stillpoint account is paused');
    expect(englishMail.text).toMatch(
      /^Stillpoint\n\nAn administrator has paused your Stillpoint account until \w{3}, \d{2} \w{3} \d{4}\.\n\nThe reason they gave: Spam\n\nIf you think this is a mistake, please reply to this e-mail\./,
    );
  });

  it('"someone may be at risk": a German moderator reads the alert in German', async () => {
    await t.app.database.db.update(users).set({ locale: 'de' }).where(eq(users.id, moderator.userId!));
    try {
      const forum = await newSupportForum();
      const author = await memberIn(null);
      const post = await newPost(author, forum.slug, { title: 'Schwere Woche', content: 'Müde.' });
      const flagger = await memberIn(null);
      const flagged = await flagger.request({
        method: 'POST',
        url: `/api/posts/${post.id}/flag`,
        payload: { reason: 'at_risk', note: 'Bitte nachfragen' },
      });
      expect(flagged.statusCode, flagged.body).toBe(201);
      const mail = await arrivedAt(moderator.email!, (subject) => subject.includes('Gefahr'));
      expect(mail.subject).toBe('Jemand in der Gemeinschaft ist vielleicht in Gefahr');
      expect(mail.text).toContain(`Forum: ${forum.title}\nBeitrag: Schwere Woche`);
      expect(mail.text).toContain('Ihre Notiz: Bitte nachfragen');
      expect(mail.text).toContain(
        `Bitte sieh es dir bald in der Moderationsliste an (${t.app.publicUrl}/api/login?returnTo=%2Fadmin%2Fmoderation).`,
      );
    } finally {
      await t.app.database.db.update(users).set({ locale: null }).where(eq(users.id, moderator.userId!));
    }
  });
});

describe('notifications, the digest, newsletters and invitations in the member’s language', () => {
  const delivery = () => ({ mailer: t.app.mailer, push: t.app.push, publicUrl: t.app.publicUrl });

  it('a reply e-mail: German for a German author (names and titles as written), English unchanged', async () => {
    const forum = await newForum(admin, {
      title: `Sitzen ${randomUUID().slice(0, 6)}`,
      description: 'Calm.',
      category: 'practice',
    });
    for (const [locale, expected] of [
      ['de', 'Robin Vale hat auf deinen Beitrag „Morgenlicht“ geantwortet'],
      ['en', 'Robin Vale replied to your post “Morgenlicht”'],
    ] as const) {
      const author = await memberIn(locale);
      expect((await settings(author, { emailReplies: true })).statusCode).toBe(200);
      const post = await newPost(author, forum.slug, { title: 'Morgenlicht', content: 'Früh.' });
      const replier = await memberIn(null);
      await t.app.database.db
        .update(users)
        .set({ firstName: 'Robin', lastName: 'Vale' })
        .where(eq(users.id, replier.userId!));
      await newComment(replier, post.id, { content: 'Schön.' });
      await deliverNotifications(t.app.database.db, delivery());
      const mail = await arrivedAt(author.email!);
      expect(mail.subject).toBe(expected);
      expect(mail.text).toContain(
        locale === 'de'
          ? `Stillpoint öffnen: ${t.app.publicUrl}/api/login?returnTo=%2Fcommunity%2Fposts%2F${post.id}`
          : `Open Stillpoint: ${t.app.publicUrl}/api/login?returnTo=%2Fcommunity%2Fposts%2F${post.id}`,
      );
      expect(mail.text).toContain(
        locale === 'de'
          ? 'Das kannst du in den Einstellungen ändern:'
          : 'You receive this because you asked for these e-mails. Change that in Settings:',
      );
    }
  });

  it('the weekly digest: its frame in German; an English member’s reads as before', async () => {
    const german = await memberIn('de');
    const english = await memberIn('en');
    for (const member of [german, english]) {
      expect((await settings(member, { digestEmail: true })).statusCode).toBe(200);
    }
    await sendWeeklyDigests({ db: t.app.database.db, mailer: t.app.mailer, ...t.app.digest });
    const mail = await arrivedAt(german.email!);
    expect(mail.subject).toBe('Deine Woche bei Stillpoint');
    expect(mail.text).toContain('HALLO LENA,');
    expect(mail.text).toContain('DEINE WOCHE');
    expect(mail.text).toContain('Eine ruhige Woche: Wann immer du bereit bist');
    expect(mail.text).toContain(
      'Du bekommst diesen Wochenrückblick, weil du ihn in deinen Einstellungen eingeschaltet hast.',
    );
    expect(mail.text).toMatch(/Abbestellen \S+ oder Einstellungen ändern/);
    expect(mail.text).not.toMatch(/Your week|Unsubscribe/);

    const englishMail = await arrivedAt(english.email!);
    expect(englishMail.subject).toBe('Your week at Stillpoint');
    expect(englishMail.text).toContain('HELLO LENA,');
    expect(englishMail.text).toContain(
      'A quiet week: whenever you are ready, a few minutes are waiting for you.',
    );
    expect(englishMail.text).toMatch(/Unsubscribe \S+ or change your settings/);
  });

  it('a newsletter: the teacher’s words as written, the footer in the member’s language', async () => {
    const spanish = await memberIn('es');
    const english = await memberIn(null);
    for (const member of [spanish, english]) {
      expect((await settings(member, { newsletters: true })).statusCode).toBe(200);
    }
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/newsletters',
      payload: { subject: `Winter ${randomUUID().slice(0, 6)}`, body: 'Hello **friends**.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, subject } = created.json() as { id: string; subject: string };
    expect(
      (await admin.request({ method: 'POST', url: `/api/admin/newsletters/${id}/send` })).statusCode,
    ).toBe(200);
    for (let run = 0; run < 20; run += 1) {
      const result = await runNewsletterSends({
        db: t.app.database.db,
        mailer: t.app.mailer,
        sending: { ...t.app.newsletters, ratePerMinute: 1000 },
      });
      if (result.sent + result.failed + result.retrying === 0) break;
    }
    const mail = await arrivedAt(spanish.email!, (arrived) => arrived === subject);
    expect(mail.text).toContain('Hello friends.');
    expect(mail.text).toContain(
      'Recibes este boletín de Stillpoint porque elegiste recibir boletines en tus ajustes.',
    );
    expect(mail.text).toMatch(/Darte de baja \S+ o cambiar tus ajustes/);
    const englishMail = await arrivedAt(english.email!, (arrived) => arrived === subject);
    expect(englishMail.text).toContain(
      'You receive this newsletter from Stillpoint because you chose newsletters in your settings. No opens or clicks are tracked.',
    );
  });

  it('an import invitation: a new member has no language yet, so the site’s default (German) is used', async () => {
    await updateSiteSettings(t.app.database.db, { defaultLocale: 'de' });
    try {
      const email = uniqueEmail('imported');
      const imported = await admin.request({
        method: 'POST',
        url: '/api/admin/members/import',
        payload: { csv: `email,name\n${email},Lena Vogel\n`, dryRun: false, sendInvites: true },
      });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json().invited).toBe(1);
      const mail = await arrivedAt(email);
      expect(mail.subject).toBe('Du bist zu Stillpoint eingeladen');
      expect(mail.text).toMatch(
        /^Stillpoint\n\nHallo Lena,\n\nDeine Mitgliedschaft ist zu Stillpoint umgezogen\./,
      );
      expect(mail.text).toContain(
        'Danach schickt dir „Passwort vergessen“ auf der Anmeldeseite einen neuen.',
      );
    } finally {
      await updateSiteSettings(t.app.database.db, { defaultLocale: 'en' });
    }
    const email = uniqueEmail('imported');
    await admin.request({
      method: 'POST',
      url: '/api/admin/members/import',
      payload: { csv: `email,name\n${email},Sam Ortiz\n`, dryRun: false, sendInvites: true },
    });
    const mail = await arrivedAt(email);
    expect(mail.subject).toBe('You are invited to Stillpoint');
    expect(mail.text).toMatch(/^Stillpoint\n\nHello Sam,\n\nYour membership has moved to Stillpoint\./);
  });
});
