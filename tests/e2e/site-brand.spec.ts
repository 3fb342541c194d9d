import sharp from 'sharp';
import { DEFAULT_SITE_SETTINGS } from '../../src/shared/schemas/site.ts';
import {
  expect,
  seriousAccessibilityViolations,
  test,
  uniqueWord,
  waitForApp,
  watchConsoleErrors,
} from './fixtures.ts';

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

  test("the admin uploads a logo and the teacher's photo; the installed app's icons, the favicon and the landing page follow", async ({
    adminPage,
    browser,
    baseURL,
  }) => {
    const name = `Still Waters ${uniqueWord('')}`.trim();
    const manifestIcons = async () =>
      ((await (await adminPage.request.get('/manifest.webmanifest')).json()) as { icons: { src: string }[] })
        .icons;
    const builtIcons = await manifestIcons();
    expect(builtIcons.map((icon) => icon.src)).toContain('pwa-512x512.png');

    await adminPage.goto('/admin/settings');
    const site = adminPage.getByRole('region', { name: 'Site' });
    // A wave-like mark: a dark disc with a light band, on a transparent square.
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><circle cx="320" cy="320" r="300" fill="#1f4e6b"/><path d="M60 340 Q190 250 320 340 T580 340" stroke="#f4efe6" stroke-width="48" fill="none" stroke-linecap="round"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await site
      .getByLabel('Logo file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(site.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#c9b79c' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><circle cx="400" cy="330" r="150" fill="#8a6f55"/><ellipse cx="400" cy="760" rx="280" ry="260" fill="#6d5743"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    await site
      .getByLabel("The teacher's photo file")
      .setInputFiles({ name: 'ana.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(site.getByRole('progressbar').last()).toHaveAttribute('aria-valuenow', '100');
    await site.getByLabel('Site name', { exact: true }).fill(name);
    await site.getByLabel('Short name', { exact: true }).fill('Waters');
    await site.getByLabel('Accent colour', { exact: true }).fill('#8a3b12');
    await site
      .getByLabel('About the teacher', { exact: true })
      .fill('Ana has taught meditation by the sea for twenty years.');
    await site.getByRole('button', { name: 'Save site settings' }).click();
    await expect(site.getByRole('status')).toHaveText('Saved.');

    // The manifest points at the icons made from the logo, each a PNG of the size it claims.
    const icons = await manifestIcons();
    expect(icons).not.toEqual(builtIcons);
    expect(icons.map((icon) => icon.src)).toEqual([
      expect.stringMatching(/^\/objects\/site-icons\/[0-9a-f-]{36}\/icon-192\.png$/),
      expect.stringMatching(/\/icon-512\.png$/),
      expect.stringMatching(/\/maskable-512\.png$/),
    ]);
    for (const icon of icons as { src: string; sizes: string }[]) {
      const image = await (await adminPage.request.get(icon.src)).body();
      const { width, height, format } = await sharp(image).metadata();
      expect(`${format} ${width}x${height}`).toBe(`png ${icon.sizes}`);
    }

    // A visitor's first paint already has the favicon, the name and the photo.
    for (const width of [390, 1280]) {
      const visitor = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const page = await visitor.newPage();
      // The server-rendered page with the logo and the photo hydrates without a mismatch.
      const errors = watchConsoleErrors(page);
      await page.goto('/');
      await expect(page).toHaveTitle(name);
      await expect(page.locator('link[rel="icon"][type="image/png"]')).toHaveAttribute(
        'href',
        /\/favicon-32\.png$/,
      );
      await expect(page.locator('link[rel="icon"][href$="/favicon.ico"]')).toHaveAttribute(
        'sizes',
        '16x16 32x32 48x48',
      );
      const mark = page.getByRole('banner').locator('img[src$="/icon-192.png"]');
      await expect(mark).toBeVisible();
      const about = page.getByRole('region', { name: 'About the teacher' });
      // The browser's own scroll: Playwright's scrollIntoViewIfNeeded waits for the box to stop
      // moving, and once in CI it threw "not attached" here while the page's fonts and images
      // settled (a known flake, microsoft/playwright#34837; not reproduced in ten runs, none of
      // which logged a hydration error). A remount by a mismatch still fails the errors check below.
      await about.evaluate((section) => section.scrollIntoView({ block: 'center' }));
      // The scroll is the visitor's first move: the app starts and takes the page over.
      await waitForApp(page);
      await expect(about.locator('img')).toBeVisible();
      await expect
        .poll(() => about.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `.tmp/site-brand/landing-${width}.png`, fullPage: true });
      expect(errors, `console errors at ${width} px`).toEqual([]);
      await visitor.close();
    }
    await adminPage.screenshot({ path: '.tmp/site-brand/admin-site.png', fullPage: true });
  });
});
