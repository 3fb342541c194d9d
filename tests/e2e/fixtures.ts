import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import pg from 'pg';
import type { Forum, ForumInput } from '../../src/shared/schemas/community.ts';
import type { ContentInput, ContentItem } from '../../src/shared/schemas/content.ts';

/**
 * The one set of helpers and fixtures of the Playwright journeys. Specs import `test` and
 * `expect` from here; the fixtures below give a journey an admin, a new member, a premium member,
 * a forum or a content item without writing the steps again.
 */

export type NewMember = { firstName: string; lastName: string; email: string; password: string };

/**
 * The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts). The password
 * is the one every journey uses, so whichever journey signs the admin up first, the rest sign in.
 */
export const E2E_ADMIN = {
  email: 'e2e-admin@example.test',
  password: 'still-water-admin-58',
  firstName: 'Ada',
  lastName: 'Admin',
};

export function newMember(overrides: Partial<NewMember> = {}): NewMember {
  return {
    firstName: 'Juniper',
    lastName: 'Moss',
    email: `juniper-${randomUUID().slice(0, 8)}@example.test`,
    password: 'evening-tide-quiet-31',
    ...overrides,
  };
}

/** A client address of its own (the server trusts x-forwarded-for), so rate limits hold per person. */
export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A word no other test data contains, so titles, slugs and searches never collide between runs. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
}

/** Today as `YYYY-MM-DD` in this machine's time zone, which is also the browser's. */
export function todayKey(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Fills and submits the sign-up form the way a person would. */
export async function signUpThroughForm(page: Page, member: NewMember) {
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs a new member up through the form and waits for the member home page. */
export async function signUpNewMember(page: Page, overrides: Partial<NewMember> = {}): Promise<NewMember> {
  const member = newMember(overrides);
  await page.goto('/sign-up');
  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  return member;
}

/**
 * Signs a new member up through the API in `request`'s cookie jar (a page's `page.request` shares
 * the page's cookies), from an address of its own.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  baseURL: string,
  overrides: Partial<NewMember> = {},
): Promise<NewMember> {
  const member = newMember(overrides);
  const response = await request.post('/api/auth/sign-up/email', {
    headers: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
    data: { ...member, name: `${member.firstName} ${member.lastName}` },
  });
  expect(response.ok(), `sign-up: ${await response.text()}`).toBe(true);
  // Sign-up opens no session (issue 32): sign in as the form does.
  const signIn = await request.post('/api/auth/sign-in/email', {
    headers: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
    data: { email: member.email, password: member.password },
  });
  expect(signIn.ok(), `sign-in: ${await signIn.text()}`).toBe(true);
  return member;
}

/** Subscribes the signed-in member through the test-mode checkout (docs/architecture.md). */
export async function subscribeThroughTestCheckout(request: APIRequestContext, baseURL: string) {
  const headers = { origin: new URL(baseURL).origin };
  const session = await request.post('/api/create-checkout-session', { headers, data: {} });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId = new URL((await session.json()).url, baseURL).pathname.split('/').pop();
  const complete = await request.post(`/api/checkout/test/${sessionId}/complete`, { headers });
  expect(complete.ok(), await complete.text()).toBe(true);
}

/** Signs the admin in through `request` (signing up the first time); checks the account is an admin. */
export async function signInAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  // An address of its own for each sign-in, as signUpThroughApi does: the admin signs in for most
  // journeys, and a request context without the page's headers would otherwise spend the whole
  // suite's sign-in allowance from one address (10 a minute).
  const headers = { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() };
  const { email, password, firstName, lastName } = E2E_ADMIN;
  // The first time this creates the admin; later it answers the same and changes nothing (issue 32).
  await request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  const signIn = await request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.ok(), `admin sign-in: ${signIn.status()} ${await signIn.text()}`).toBe(true);
  const me = await request.get('/api/auth/user');
  expect((await me.json()).isAdmin, 'the e2e admin is an admin').toBe(true);
}

/**
 * Signs the admin in through the API, in this page's cookie jar.
 * Call `signOutOfApi` before the member's part of the story.
 */
export async function signInAdminThroughApi(page: Page, baseURL: string): Promise<void> {
  await signInAdmin(page.request, baseURL);
}

export async function signOutOfApi(page: Page): Promise<void> {
  await page.context().clearCookies();
}

/** An API client of its own signed in as the admin (dispose it when done). */
export async function openAdminApi(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
  });
  await signInAdmin(api, baseURL);
  return api;
}

/** `POST /api/forums` as the admin; the slug comes from the title. */
export async function createForum(api: APIRequestContext, input: ForumInput): Promise<Forum> {
  const response = await api.post('/api/forums', { data: input });
  expect(response.status(), `create forum: ${await response.text()}`).toBe(201);
  return (await response.json()) as Forum;
}

/** `POST /api/videos` as the admin signed in on `page` (or an admin API client). */
export async function createContent(
  client: Page | APIRequestContext,
  baseURL: string,
  input: ContentInput,
): Promise<ContentItem> {
  const request = 'request' in client ? client.request : client;
  const response = await request.post('/api/videos', {
    headers: { origin: new URL(baseURL).origin },
    data: input,
  });
  expect(response.status(), `create content: ${await response.text()}`).toBe(201);
  return (await response.json()) as ContentItem;
}

/**
 * The serious and critical axe violations on the page (WCAG 2.1 A and AA rules). `singlePageRunner`
 * runs axe in the page itself (legacy mode): a page holding a sandboxed frame (the newsletter
 * editor's e-mail preview) made the default runner's extra blank tab, where it merges the frames'
 * results, fail to open in this Chromium; the frame is still checked.
 */
export async function seriousAccessibilityViolations(
  page: Page,
  { singlePageRunner = false }: { singlePageRunner?: boolean } = {},
) {
  // Scan the settled page, not a colour caught halfway through a transition: a panel fading in
  // has see-through text, which axe measures as low contrast. Endless animations (the breathing
  // circle, spinners) never settle and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(singlePageRunner)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

/**
 * Saves the whole page as one tall viewport (so a sticky header, the fixed tab bar and the
 * mini-player sit where a person sees them) to docs/screenshots/<name>.png, for the docs.
 */
export async function saveWholePageScreenshot(page: Page, name: string) {
  const file = path.resolve('docs/screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const viewport = page.viewportSize()!;
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

/**
 * Closes a toast by its own close button, once it has been read, so the next one is not hidden
 * behind it. A modal dialog hides the rest of the page from the accessibility tree, and Radix
 * gives the toast's <li> no role: find it by markup.
 */
export function toastNamed(page: Page, title: string) {
  return page.locator('li[data-state="open"]', { hasText: title });
}

export async function closeToast(page: Page, title: string) {
  const toast = toastNamed(page, title);
  await expect(toast).toBeVisible();
  await toast.getByLabel('Close').click();
  // Closed is not gone: the toast fades out for a moment, and an axe scan during the fade reads
  // its half-transparent text as too little contrast. Wait until it has left the page.
  await expect(page.locator('li[data-state]', { hasText: title })).toHaveCount(0);
}

/** The e2e server's database (its DATA_DIR is written by scripts/e2e-server.mjs). */
export async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = fs.readFileSync(path.resolve('.tmp/e2e-data-dir'), 'utf8').trim();
  const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(dataDir, 'runtime.json'), 'utf8'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The landing page and a member's library and item pages run the app only at the visitor's first
 * move (public/start.js, decisions 103 and 104): resolves once the app has taken the page over
 * (src/client/main.tsx marks #root), after whatever move the test made (a pointer, a scroll, a key).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('#root[data-started]').waitFor({ state: 'attached' });
}

/**
 * Console errors on a page: expected 4xx answers (signed-out checks, premium refusals, deliberate
 * failed sign-ins) are not bugs, anything else is.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4(00|01|03|22|29)/.test(text)) return;
    // The newsletter editor shows the e-mail in a sandboxed frame with no scripts allowed (its HTML
    // has none: newsletters.test.ts). Chromium logs this when something injects one there anyway,
    // such as Playwright's trace snapshots; the sandbox doing its job is not an error of ours.
    if (
      text.startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed")
    )
      return;
    errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export type Person = { context: BrowserContext; page: Page; errors: string[] };

/** A second (or third) person at their own browser, from their own address. */
export async function openBrowserAs(
  browser: Browser,
  options: { storageState?: Awaited<ReturnType<APIRequestContext['storageState']>> } = {},
): Promise<Person> {
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': randomClientAddress() },
  });
  const page = await context.newPage();
  return { context, page, errors: watchConsoleErrors(page) };
}

/** The post id from a /community/posts/{id} address. */
export function postIdFrom(page: Page): string {
  const match = /\/community\/posts\/([^/?#]+)/.exec(page.url());
  expect(match, `a post address: ${page.url()}`).not.toBeNull();
  return match![1]!;
}

/**
 * A playable audio file in the e2e server's storage, returned as its object path. Local storage
 * keeps `/objects/<key>` at `DATA_DIR/objects/<key>`. Uses a demo MP3 when the seed has one,
 * else writes a soft sine tone as a WAV (20 s: long enough to still be playing after a few clicks).
 */
export function installAudioObject(): string {
  const dataDir = fs.readFileSync(path.resolve('.tmp/e2e-data-dir'), 'utf8').trim();
  const demoDir = path.resolve('src/server/seed/demo-media');
  const demoMp3 = fs.existsSync(demoDir)
    ? fs.readdirSync(demoDir).find((name) => name.endsWith('.mp3'))
    : undefined;
  const name = demoMp3 ? 'e2e/session.mp3' : 'e2e/session.wav';
  const target = path.join(dataDir, 'objects', name);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (demoMp3) fs.copyFileSync(path.join(demoDir, demoMp3), target);
    else fs.writeFileSync(target, toneWav(20));
  }
  return `/objects/${name}`;
}

/** 16-bit mono PCM: a quiet 220 Hz tone with soft edges. */
function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const samples = seconds * sampleRate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    const edge = Math.min(1, index / sampleRate, (samples - index) / sampleRate);
    const value = Math.sin((2 * Math.PI * 220 * index) / sampleRate) * 0.2 * edge;
    buffer.writeInt16LE(Math.round(value * 32_767), 44 + index * 2);
  }
  return buffer;
}

/** The app's one audio element (the player host's), read in the page. */
export async function readAudio(page: Page): Promise<{ currentTime: number; paused: boolean; src: string }> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    return {
      currentTime: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
      src: audio?.currentSrc ?? '',
    };
  });
}

type Fixtures = {
  /** Fails a test on any console error or uncaught page error (epic-stack's habit). */
  consoleErrors: string[];
  /** An API client signed in as the admin, of its own (the page stays signed out). */
  adminApi: APIRequestContext;
  /** The page signed in as the admin. */
  adminPage: Page;
  /** A new free member, signed up through the API; the page is signed in as them. */
  member: NewMember;
  /** A new member with premium (test-mode checkout); the page is signed in as them. */
  premiumMember: NewMember;
  /** A free, active forum the admin made for this test. */
  forum: Forum;
  /** A free, published post-type content item the admin made for this test. */
  contentItem: ContentItem;
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsoleErrors(page);
      // Each test is its own client address (the e2e server sets TRUST_PROXY), so the sign-up and
      // sign-in rate limits hold per person as in real use, not for the whole suite.
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomClientAddress() });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  adminApi: async ({ playwright, baseURL }, use) => {
    const api = await openAdminApi(playwright, baseURL!);
    await use(api);
    await api.dispose();
  },
  adminPage: async ({ page, baseURL }, use) => {
    await signInAdmin(page.request, baseURL!);
    await use(page);
  },
  member: async ({ page, baseURL }, use) => {
    await use(await signUpThroughApi(page.request, baseURL!));
  },
  premiumMember: async ({ page, baseURL }, use) => {
    const member = await signUpThroughApi(page.request, baseURL!);
    await subscribeThroughTestCheckout(page.request, baseURL!);
    await use(member);
  },
  forum: async ({ adminApi }, use) => {
    const word = uniqueWord('grove');
    await use(
      await createForum(adminApi, {
        title: `Quiet Grove ${word}`,
        description: `A place to share what the practice brings. ${word}`,
        category: 'general',
      }),
    );
  },
  contentItem: async ({ adminApi, baseURL }, use) => {
    const word = uniqueWord('lantern');
    await use(
      await createContent(adminApi, baseURL!, {
        title: `Evening Lantern ${word}`,
        description: `A short letter for the end of the day. ${word}`,
        type: 'post',
        duration: 0,
        isPremium: false,
        tags: ['rest'],
      }),
    );
  },
});

export { expect };
