import { DEFAULT_SITE_SETTINGS } from '../../src/shared/schemas/site.ts';
import { expect, seriousAccessibilityViolations, test, uniqueWord } from './fixtures.ts';

/**
 * The site is the teacher's (issue 35): the admin renames and re-colours it in Settings, and a
 * visitor's landing page, the tab title and the installed app's manifest follow without a restart.
 * The settings go back to the product's own at the end, for the journeys that run after this one.
 */
test.describe('site settings', () => {
  test.afterEach(async ({ adminApi }) => {
    const response = await adminApi.put('/api/admin/site', { data: DEFAULT_SITE_SETTINGS });
    expect(response.status(), await response.text()).toBe(200);
  });

  test('the admin renames and re-colours the site; the landing page and the manifest follow', async ({
    adminPage,
    browser,
    baseURL,
  }) => {
    const name = `Quiet Harbour ${uniqueWord('')}`.trim();
    await adminPage.goto('/admin/settings');
    const site = adminPage.getByRole('region', { name: 'Site' });
    await expect(site.getByLabel('Site name', { exact: true })).toHaveValue(DEFAULT_SITE_SETTINGS.name);

    // A pale colour is refused before anything is sent, with the reason.
    await site.getByLabel('Accent colour', { exact: true }).fill('#8cc3b1');
    await expect(site.getByText(/has a contrast of only 1\.69:1/)).toBeVisible();

    await site.getByLabel('Site name', { exact: true }).fill(name);
    await site.getByLabel('Short name', { exact: true }).fill('Harbour');
    await site.getByLabel('Accent colour', { exact: true }).fill('#1f5b8a');
    await expect(site.getByRole('img', { name: 'Preview' })).toContainText(name);
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);
    await site.getByRole('button', { name: 'Save site settings' }).click();
    await expect(site.getByRole('status')).toHaveText('Saved.');
    // The admin's own header follows at once.
    await expect(adminPage.getByRole('banner').getByRole('link', { name })).toBeVisible();

    // A visitor: the server-rendered landing page already carries the name and the colour.
    const visitor = await browser.newContext({ baseURL });
    const page = await visitor.newPage();
    const html = await (await page.request.get('/')).text();
    expect(html).toContain(name);
    expect(html).not.toContain('Stillpoint');
    expect(html).toContain('--primary:#1f5b8a');
    await page.goto('/');
    await expect(page).toHaveTitle(name);
    await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#1f5b8a');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name, short_name: 'Harbour', theme_color: '#1f5b8a' });
    await visitor.close();
  });
});
