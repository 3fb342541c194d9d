import { randomInt, randomUUID } from 'node:crypto';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import type { Forum, ForumInput } from '../../src/shared/schemas/community.ts';
import { type NewMember, newMember, signUpThroughForm } from './fixtures.ts';

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

/** A client address of its own (the server trusts x-forwarded-for), so rate limits hold per person. */
export function randomClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A word no other test data contains, so titles and slugs never collide between runs. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
}

/** An API client signed in as the admin: signs up the first time (422 once the account exists). */
export async function openAdminApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
  });
  const { email, password, firstName, lastName } = E2E_ADMIN;
  const signUp = await api.post('/api/auth/sign-up/email', {
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  if (signUp.status() === 422) {
    const signIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(signIn.ok(), `admin sign-in: ${signIn.status()} ${await signIn.text()}`).toBe(true);
  } else {
    expect(signUp.ok(), `admin sign-up: ${signUp.status()} ${await signUp.text()}`).toBe(true);
  }
  const me = await api.get('/api/auth/user');
  expect((await me.json()).isAdmin, 'the e2e admin is an admin').toBe(true);
  return api;
}

/** `POST /api/forums` as the admin; the slug comes from the title. */
export async function createForum(api: APIRequestContext, input: ForumInput): Promise<Forum> {
  const response = await api.post('/api/forums', { data: input });
  expect(response.status(), `create forum: ${await response.text()}`).toBe(201);
  return (await response.json()) as Forum;
}

/**
 * Console errors on a page, as the `test` fixture collects them for its own page: expected 4xx
 * answers (signed-out checks, premium refusals) are not bugs, anything else is.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Failed to load resource: the server responded with a status of 4(00|01|03|22|29)/.test(text)) return;
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

/** Signs a new member up through the form and waits for the member home. */
export async function signUpMember(page: Page, overrides: Partial<NewMember> = {}): Promise<NewMember> {
  const member = { ...newMember(), ...overrides };
  await page.goto('/sign-up');
  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  return member;
}

/** The post id from a /community/posts/{id} address. */
export function postIdFrom(page: Page): string {
  const match = /\/community\/posts\/([^/?#]+)/.exec(page.url());
  expect(match, `a post address: ${page.url()}`).not.toBeNull();
  return match![1]!;
}
