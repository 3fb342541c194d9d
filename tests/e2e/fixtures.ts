import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

export type NewMember = { firstName: string; lastName: string; email: string; password: string };

export function newMember(): NewMember {
  return {
    firstName: 'Juniper',
    lastName: 'Moss',
    email: `juniper-${randomUUID().slice(0, 8)}@example.test`,
    password: 'evening-tide-quiet-31',
  };
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
export async function signUpNewMember(page: Page): Promise<NewMember> {
  const member = newMember();
  await page.goto('/sign-up');
  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  return member;
}

/** Serious and critical axe violations on the current page (rules per WCAG 2.1 AA). */
export async function seriousAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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

/** Fails a test on any console error or uncaught page error (epic-stack's habit). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        // Expected 401s of the current-user query and deliberate failed sign-ins are not bugs.
        if (/Failed to load resource: the server responded with a status of 4(00|01|03|22|29)/.test(text))
          return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Each test is its own client address (the e2e server sets TRUST_PROXY), so the sign-up and
      // sign-in rate limits hold per person as in real use, not for the whole suite.
      await page.setExtraHTTPHeaders({
        'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      });
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
