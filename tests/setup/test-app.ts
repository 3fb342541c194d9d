import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { outboxEmails, users } from '../../src/server/db/schema/index.ts';
import { withDatabase } from './global-database.ts';

export const TEST_ORIGIN = 'http://localhost:5000';
export const TEST_PASSWORD = 'calm-river-stone-42';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  databaseUrl: string;
  close: () => Promise<void>;
};

/** A fresh database cloned from the migrated template, and the app built on it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { adminUrl, templateName } = inject('testDatabase');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateName}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Every test account is minutes old: the new-account rules (lower limits, links held for
    // review) are off unless a test turns them on (new-accounts.test.ts).
    NEW_ACCOUNT_HOURS: '0',
    ...env,
  });
  const app = await buildApp({ config, databaseUrl, authSecret: 'test-secret-test-secret-test-secret-123' });
  await app.ready();
  return {
    app,
    config,
    databaseUrl,
    close: async () => {
      await app.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app for the tests around the call (a file or a describe block): built on a fresh database
 * before they run, closed after. The object is filled in by that hook, so read it inside tests
 * and hooks, never at module level. `env` may be a function when it depends on something an
 * earlier hook starts (a fake Stripe, an S3 server).
 */
export function setUpTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof env === 'function' ? env() : env));
  });
  afterAll(async () => t.close?.());
  return t;
}

/**
 * One actor per role named, signed up on `t` before the tests around the call run (call it after
 * setUpTestApp, whose hook runs first). Filled in by that hook, like setUpTestApp's object.
 */
export function setUpActors<const R extends readonly Role[]>(
  t: TestApp,
  ...roles: R
): { [K in keyof R]: Actor } {
  const actors = roles.map(() => ({}) as Actor);
  beforeAll(async () => {
    const made = await Promise.all(roles.map((role) => createActor(t.app, role)));
    for (const [i, actor] of made.entries()) Object.assign(actors[i]!, actor);
  });
  return actors as { [K in keyof R]: Actor };
}

/**
 * The app again, now also serving a built client: `files` (path → content) written to a temporary
 * folder as the build would write dist/client (`../render/…` lands beside it, as dist/render does),
 * on `t`'s database and config. Built before the tests around the call (after setUpTestApp's
 * hook), closed with its folder after; filled in by those hooks.
 */
export function setUpClientApp(
  t: TestApp,
  files: () => Record<string, string>,
): { app: FastifyInstance; clientDir: string } {
  const client = {} as { app: FastifyInstance; clientDir: string };
  let distDir: string | undefined;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-dist-'));
    const clientDir = path.join(distDir, 'client');
    client.clientDir = clientDir;
    for (const [file, content] of Object.entries(files())) {
      const target = path.join(clientDir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
    }
    client.app = await buildApp({
      config: t.config,
      databaseUrl: t.databaseUrl,
      authSecret: 'x'.repeat(40),
      clientDir,
    });
  });
  afterAll(async () => {
    await client.app?.close();
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  });
  return client;
}

/** Each call a different client address, so tests do not share rate-limit buckets by accident. */
export function randomClientAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

export type Role = 'visitor' | 'member' | 'premium' | 'moderator' | 'admin';

export type Actor = {
  role: Role;
  userId: string | undefined;
  email: string | undefined;
  cookie: string | undefined;
  /** app.inject with this actor's cookie, our Origin and its own client address. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A sign-up through the form's route, then the sign-in the form does after it (`cookie`). */
export async function signUp(
  app: FastifyInstance,
  input: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    /** More fields for the body, sent as they are (what a hand-made request would add). */
    extra?: Record<string, unknown>;
  } = {},
  remoteAddress = randomClientAddress(),
) {
  const body = {
    email: input.email ?? uniqueEmail(),
    password: input.password ?? TEST_PASSWORD,
    firstName: input.firstName ?? 'Robin',
    lastName: input.lastName ?? 'Vale',
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: { ...body, name: `${body.firstName} ${body.lastName}`, ...input.extra },
  });
  // Sign-up opens no session (its answer must not tell a new address from a taken one): the member
  // signs in next, as the form does. `cookie` is empty when that sign-in fails.
  const cookie =
    response.statusCode === 200 ? cookieHeader(await signIn(app, body.email, body.password)) : '';
  return { response, cookie, email: body.email, password: body.password };
}

/** A sign-in through better-auth's e-mail sign-in route, with our Origin and (unless given) a fresh client address. */
export function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  remoteAddress = randomClientAddress(),
  origin = TEST_ORIGIN,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    remoteAddress,
    payload: { email, password },
  });
}

/** The newest email the outbox holds for this address, if any. */
export async function latestEmailTo(app: FastifyInstance, email: string) {
  const [mail] = await app.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  return mail;
}

/** A signed-in (or visitor) actor for each role of the authorization matrix. */
export async function createActor(app: FastifyInstance, role: Role): Promise<Actor> {
  const remoteAddress = randomClientAddress();
  let cookie: string | undefined;
  let userId: string | undefined;
  let email: string | undefined;
  if (role !== 'visitor') {
    const signedUp = await signUp(app, { email: uniqueEmail(role) }, remoteAddress);
    if (signedUp.response.statusCode !== 200) {
      throw new Error(`sign-up failed: ${signedUp.response.statusCode} ${signedUp.response.body}`);
    }
    cookie = signedUp.cookie;
    email = signedUp.email;
    const [user] = await app.database.db
      .update(users)
      .set({
        isAdmin: role === 'admin',
        isModerator: role === 'moderator',
        subscriptionStatus: role === 'premium' ? 'active' : null,
      })
      .where(eq(users.email, signedUp.email))
      .returning({ id: users.id });
    userId = user?.id;
  }
  return {
    role,
    userId,
    email,
    cookie,
    request: (options) =>
      app.inject({
        ...options,
        remoteAddress,
        headers: {
          origin: TEST_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(options.headers ?? {}),
        },
      }),
  };
}
