import type { Page } from '@playwright/test';
import { DEFAULT_SITE_PAGES } from '../../src/server/features/site/page-templates.ts';
import {
  expect,
  openBrowserAs,
  seriousAccessibilityViolations,
  signInAdmin,
  signOutOfApi,
  signUpThroughApi,
  test,
} from './fixtures.ts';

/**
 * The pages a business needs (issue 35): a visitor opens the privacy policy from the landing
 * page's footer, signed out, without leaving /; the admin sets a helpline and a contact address in
 * Settings; a member finds the FAQ and that helpline in Help from Account. Axe at 390 and 1280 px.
 * The pages go back to their templates at the end, for the journeys that run after this one.
 */
const WIDTHS = [390, 1280] as const;
const SAMARITANS = { country: 'GB', name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org' };

async function atEachWidth(page: Page, shot: string, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await check();
    expect(await seriousAccessibilityViolations(page), `${shot} at ${width}`).toEqual([]);
    await page.screenshot({ path: `.tmp/shots/pages-${shot}-${width}.png` });
  }
}

test.describe('pages and help', () => {
  test.afterEach(async ({ adminApi }) => {
    const response = await adminApi.put('/api/admin/site/pages', { data: DEFAULT_SITE_PAGES });
    expect(response.status(), await response.text()).toBe(200);
  });

  test('a visitor reads the privacy policy from the footer; a member finds the FAQ and the helpline in Help', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Three people and axe at two widths: longer than one screen's journey on a two-core machine.
    test.setTimeout(180_000);
    // Signed out: the footer opens the privacy policy over the landing page.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Privacy policy' })
      .click();
    const privacy = page.getByRole('dialog', { name: 'Privacy policy' });
    await expect(privacy.getByRole('heading', { name: 'What we store' })).toBeVisible();
    await expect(privacy).toContainText('No tracking pixels and no open or click tracking');
    expect(new URL(page.url()).pathname).toBe('/');
    await atEachWidth(page, 'privacy', async () => {
      await expect(privacy).toBeVisible();
    });
    await privacy.getByRole('button', { name: 'Close' }).click();
    // Its address opens it too (a link in an e-mail, a new tab).
    await page.goto('/?page=terms');
    await expect(
      page.getByRole('dialog', { name: 'Terms' }).getByRole('heading', { name: 'Subscriptions' }),
    ).toBeVisible();

    // The admin adds a helpline and a contact address in Settings.
    const admin = await openBrowserAs(browser);
    await signInAdmin(admin.page.request, baseURL!);
    await admin.page.setViewportSize({ width: 1280, height: 800 });
    await admin.page.goto('/admin/settings');
    const editor = admin.page.getByRole('region', { name: 'Pages and help' });
    await editor.getByLabel('Contact e-mail').fill('hello@example.test');
    await editor.getByRole('button', { name: 'Add helpline' }).click();
    const row = editor.getByRole('group', { name: 'Helpline 1' });
    await row.getByLabel('Country').fill(SAMARITANS.country);
    await row.getByLabel('Name').fill(SAMARITANS.name);
    await row.getByLabel('Phone').fill(SAMARITANS.phone);
    await row.getByLabel('Website').fill(SAMARITANS.url);
    await editor.getByRole('button', { name: 'Save pages and help' }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved.');
    await expect(
      editor.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'What we store' }),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(admin.page)).toEqual([]);
    await editor.screenshot({ path: '.tmp/shots/pages-admin-editor-1280.png' });
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // A member: Help from Account.
    await signOutOfApi(page);
    await signUpThroughApi(page.request, baseURL!);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByRole('dialog', { name: 'Help' });
    await expect(help.getByRole('heading', { name: 'How do I cancel my subscription?' })).toBeVisible();
    await expect(help.getByRole('link', { name: 'hello@example.test' })).toHaveAttribute(
      'href',
      'mailto:hello@example.test',
    );
    const helplines = help.getByRole('list', { name: 'Helplines' });
    await expect(helplines).toContainText('Samaritans');
    await expect(helplines.getByRole('link', { name: 'Call Samaritans, 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    await atEachWidth(page, 'help', async () => {
      // The shot shows the helpline, at the foot of the dialog.
      await helplines.scrollIntoViewIfNeeded();
      await expect(helplines).toBeVisible();
    });
  });
});
