import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type PushEndpoint, startPushEndpoint } from '../../../../tests/setup/push-endpoint.ts';
import { type Actor, createActor, createTestApp, setUpTestApp } from '../../../../tests/setup/test-app.ts';
import { buildApp } from '../../app.ts';
import { pushKeys, pushSubscriptions } from '../../db/schema/index.ts';
import { deliverNotifications } from './delivery.service.ts';
import { createPushSender } from './push.service.ts';

/**
 * Web Push end to end without a stand-in for web-push: it encrypts and posts to a real HTTPS
 * endpoint on this machine, which decrypts the message as a browser would (tests/setup/push-endpoint.ts).
 */

// The operator's list names this machine (as a test may), so pushes can be subscribed to the
// local endpoint; the send-time guard below still refuses to connect there.
const t = setUpTestApp({ PUSH_ALLOWED_HOSTS: '127.0.0.1,localhost,fcm.googleapis.com' });
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(async () => endpoint?.close());

async function replyTo(author: Actor, replier: Actor) {
  const admin = await createActor(t.app, 'admin');
  const forum = await admin.request({
    method: 'POST',
    url: '/api/forums',
    payload: { title: `Push ${Date.now()}`, description: 'Gentle.', category: 'support' },
  });
  const post = await author.request({
    method: 'POST',
    url: `/api/forums/${forum.json().slug}/posts`,
    payload: { title: 'Morning light', content: 'Sat by the window.' },
  });
  const comment = await replier.request({
    method: 'POST',
    url: `/api/posts/${post.json().id}/comments`,
    payload: { content: 'Lovely.' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  return post.json().id as string;
}

describe('sending pushes', () => {
  it('a notice reaches the browser encrypted, signed with the VAPID key; a gone subscription is deleted', async () => {
    const { db } = t.app.database;
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:care@example.test',
      agent: endpoint.agent,
    });
    const delivery = { mailer: t.app.mailer, push: sender, publicUrl: 'http://localhost:5000' };
    const [author, replier] = await Promise.all([createActor(t.app, 'member'), createActor(t.app, 'member')]);
    const browser = endpoint.newSubscription();
    const saved = await author.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
    });
    expect(saved.statusCode, saved.body).toBe(204);

    const postId = await replyTo(author, replier);
    const first = await deliverNotifications(db, delivery);
    expect(first.pushed).toBe(1);
    const message = endpoint.received.at(-1)!;
    expect(message.path).toBe(new URL(browser.endpoint).pathname);
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(String(message.headers.authorization)).toMatch(
      new RegExp(`^vapid t=.+, k=${await sender.getPublicKey()}$`),
    );
    expect(JSON.parse(browser.decrypt(message.body))).toEqual({
      title: 'Stillpoint',
      body: 'Robin Vale replied to your post “Morning light”',
      link: `/community/posts/${postId}`,
    });
    // Delivered once: a second run has nothing to send.
    expect((await deliverNotifications(db, delivery)).claimed).toBe(0);

    endpoint.answer(410);
    await replyTo(author, replier);
    const second = await deliverNotifications(db, delivery);
    expect(second.pushed).toBe(0);
    expect(
      await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, author.userId!)),
    ).toEqual([]);
    endpoint.answer(201);
  });
});

describe("the site's name", () => {
  it('titles a notice push with the name the admin gave the site', async () => {
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:care@example.test',
      agent: endpoint.agent,
    });
    const delivery = {
      mailer: t.app.mailer,
      push: sender,
      publicUrl: 'http://localhost:5000',
      siteName: async () => 'Quiet Harbour',
    };
    const [author, replier] = await Promise.all([createActor(t.app, 'member'), createActor(t.app, 'member')]);
    const browser = endpoint.newSubscription();
    await author.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
    });
    await replyTo(author, replier);
    expect((await deliverNotifications(t.app.database.db, delivery)).pushed).toBe(1);
    expect(JSON.parse(browser.decrypt(endpoint.received.at(-1)!.body)).title).toBe('Quiet Harbour');
  });
});

/** A TCP server on every local address (IPv4 and IPv6) that counts the connections it is offered. */
async function startConnectionCounter() {
  const server = net.createServer((socket) => socket.destroy());
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the send-time guard: pushes reach public addresses only', () => {
  it('never connects to an allowed host that resolves to this machine, nor to an address in the URL', async () => {
    const counter = await startConnectionCounter();
    try {
      const { db } = t.app.database;
      const member = await createActor(t.app, 'member');
      const keys = endpoint.newSubscription().keys;
      for (const host of ['localhost', '127.0.0.1']) {
        const saved = await member.request({
          method: 'POST',
          url: '/api/push/subscriptions',
          payload: { endpoint: `https://${host}:${counter.port}/push/${host}`, keys },
        });
        expect(saved.statusCode, saved.body).toBe(204);
      }
      // The app's own sender, as production builds it.
      const result = await t.app.push.sendToMember(db, member.userId!, { title: 'x', body: 'y', link: '/' });
      expect(result).toEqual({ sent: 0, removed: 0, failed: 2 });
      expect(counter.connections()).toBe(0);

      // The same subscriptions through an agent without the guard do reach the counter: the
      // zero above is the guard's doing, not a server that could not be reached.
      const unguarded = createPushSender({
        keys: webpush.generateVAPIDKeys(),
        subject: 'mailto:care@example.test',
        agent: new https.Agent({ rejectUnauthorized: false }),
      });
      await unguarded.sendToMember(db, member.userId!, { title: 'x', body: 'y', link: '/' });
      expect(counter.connections()).toBe(2);
    } finally {
      await counter.close();
    }
  });
});

describe('VAPID keys', () => {
  it('two instances on one database starting together agree on one pair, made once', async () => {
    const first = await createTestApp();
    const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-second-'));
    const second = await buildApp({
      config: { ...first.config, dataDir: otherDataDir },
      databaseUrl: first.databaseUrl,
      authSecret: 'test-secret-test-secret-test-secret-123',
    });
    try {
      const [a, b] = await Promise.all([
        first.app.inject({ method: 'GET', url: '/api/push/public-key' }),
        second.inject({ method: 'GET', url: '/api/push/public-key' }),
      ]);
      expect(a.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(b.json().publicKey).toBe(a.json().publicKey);
      const rows = await first.app.database.db.select().from(pushKeys);
      expect(rows.map((row) => row.publicKey)).toEqual([a.json().publicKey]);
      // Nothing secret is left in either DATA_DIR: the database is where the pair lives.
      expect(fs.existsSync(path.join(first.config.dataDir, 'vapid.json'))).toBe(false);
      expect(fs.existsSync(path.join(otherDataDir, 'vapid.json'))).toBe(false);
    } finally {
      await second.close();
      await first.close();
      fs.rmSync(otherDataDir, { recursive: true, force: true });
    }
  });

  it('an existing DATA_DIR/vapid.json is imported on the first start, so its subscriptions keep working', async () => {
    const existing = webpush.generateVAPIDKeys();
    const site = await createTestApp();
    try {
      fs.writeFileSync(path.join(site.config.dataDir, 'vapid.json'), JSON.stringify(existing), {
        mode: 0o600,
      });
      const response = await site.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(response.json()).toEqual({ publicKey: existing.publicKey });
      expect(await site.app.database.db.select().from(pushKeys)).toMatchObject([existing]);
    } finally {
      await site.close();
    }
  });

  it("the environment's pair wins, and nothing is stored", async () => {
    const keys = webpush.generateVAPIDKeys();
    const withEnv = await createTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const response = await withEnv.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(response.json()).toEqual({ publicKey: keys.publicKey });
      expect(await withEnv.app.database.db.select().from(pushKeys)).toEqual([]);
    } finally {
      await withEnv.close();
    }
  });
});
