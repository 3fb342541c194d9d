import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { createContent, expect, seriousAccessibilityViolations, test, uniqueWord } from './fixtures.ts';

/** Registers a real picture through the upload flow as the admin API client; its object path. */
async function uploadPicture(api: APIRequestContext): Promise<string> {
  const png = await sharp({ create: { width: 960, height: 540, channels: 3, background: '#8cc3b1' } })
    .png()
    .toBuffer();
  const created = await api.post('/api/objects/upload', { data: { size: png.length } });
  expect(created.status(), await created.text()).toBe(200);
  const { uploadURL } = (await created.json()) as { uploadURL: string };
  const put = await api.put(uploadURL, { data: png, headers: { 'content-type': 'image/png' } });
  expect(put.status(), await put.text()).toBe(200);
  const registered = await api.put('/api/uploaded-images', { data: { imageURL: uploadURL.split('?')[0] } });
  expect(registered.status(), await registered.text()).toBe(200);
  return ((await registered.json()) as { objectPath: string }).objectPath;
}

test.describe('authoring (issue 36)', () => {
  test('an article written in Markdown reads with headings, lists, a link, a quote and our own picture', async ({
    adminApi,
    adminPage: page,
    baseURL,
  }, testInfo) => {
    const word = uniqueWord('harbour');
    const picture = await uploadPicture(adminApi);
    const item = await createContent(adminApi, baseURL!, {
      title: `A Harbour for the Mind ${word}`,
      type: 'post',
      description: [
        '# Coming to rest',
        'Some days the mind is a **busy harbour**. This practice is a way of *letting the boats settle*.',
        '## What you need',
        '- a chair or a cushion\n- ten quiet minutes\n- nothing to fix',
        '> Rest is not a reward for finishing. It is where we begin.',
        `![Still water at dawn](${picture})`,
        'Read more in [the breathing guide](https://example.org/breathing).',
        '<script>document.title = "injected"</script>',
      ].join('\n\n'),
    });

    await page.goto(`/video/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Coming to rest' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'What you need' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'ten quiet minutes' })).toBeVisible();
    await expect(page.getByText('busy harbour', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await expect(page.getByRole('link', { name: 'the breathing guide' })).toHaveAttribute(
      'href',
      'https://example.org/breathing',
    );
    const image = page.getByRole('img', { name: 'Still water at dawn' });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    // Raw HTML is text, never markup.
    await expect(page.getByText('<script>document.title = "injected"</script>')).toBeVisible();
    expect(await page.title()).not.toBe('injected');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Screenshots for a reviewer when asked for (SHOTS_DIR), the whole page in one tall viewport.
    const shotsDir = process.env.SHOTS_DIR;
    if (shotsDir) {
      fs.mkdirSync(shotsDir, { recursive: true });
      const viewport = page.viewportSize()!;
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: viewport.width, height });
      await page.screenshot({ path: path.join(shotsDir, `authoring-article-${testInfo.project.name}.png`) });
      await page.setViewportSize(viewport);
    }
  });
});
