import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  closeToast,
  createContent,
  expect,
  seriousAccessibilityViolations,
  test,
  uniqueWord,
} from './fixtures.ts';

const MEDIA = path.resolve('tests/fixtures/media');

/** The table's row headers (the titles), top to bottom. */
function titlesInTable(page: Page) {
  return page.getByRole('table').getByRole('rowheader').allInnerTexts();
}

test.describe('the admin content table (issue 36)', () => {
  test('an admin sorts and filters the table, unpublishes two items at once, and uploads recordings as drafts', async ({
    adminApi,
    adminPage: page,
    baseURL,
  }) => {
    const word = uniqueWord('grove');
    const [alder, birch] = await Promise.all(
      ['Alder', 'Birch', 'Cedar'].map((tree, index) =>
        createContent(adminApi, baseURL!, {
          title: `${tree} ${word}`,
          description: `A walk among the ${tree.toLowerCase()} trees.`,
          type: 'audio',
          isPremium: index === 2,
        }),
      ),
    );

    await page.goto('/admin/content');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByRole('searchbox', { name: 'Search content' }).fill(word);
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    // Sort by title, A to Z, then Z to A: the column header on a wide screen, the Sort by
    // select on a phone (where the rows are cards and the headers are hidden).
    const titleHeader = table.getByRole('columnheader', { name: /Title/ });
    const isPhone = page.viewportSize()!.width < 768;
    const sortBy = page.getByLabel('Sort by');
    if (isPhone) {
      await expect(titleHeader).toBeHidden();
      await sortBy.selectOption('title:asc');
    } else {
      await expect(sortBy).toBeHidden();
      await titleHeader.getByRole('button').click();
      await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    }
    await expect.poll(() => titlesInTable(page)).toEqual([`Alder ${word}`, `Birch ${word}`, `Cedar ${word}`]);
    if (isPhone) {
      await sortBy.selectOption('title:desc');
    } else {
      await titleHeader.getByRole('button').click();
      await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    }
    await expect.poll(() => titlesInTable(page)).toEqual([`Cedar ${word}`, `Birch ${word}`, `Alder ${word}`]);

    // Filter: premium only, then all again.
    await page.getByLabel('Access').selectOption('premium');
    await expect.poll(() => titlesInTable(page)).toEqual([`Cedar ${word}`]);
    await page.getByLabel('Access').selectOption('all');
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    // The choice of view is remembered.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('searchbox', { name: 'Search content' }).fill(word);
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    // Select two and unpublish them, with one confirmation.
    await page.getByRole('checkbox', { name: `Select ${alder!.title}` }).check();
    await page.getByRole('checkbox', { name: `Select ${birch!.title}` }).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Unpublish 2 items?');
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect(confirm).toBeHidden();
    // The bar left with the selection: focus waits on "Select all on this page".
    await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeFocused();
    await closeToast(page, 'Content Updated');
    for (const item of [alder!, birch!]) {
      await expect(table.getByRole('row', { name: new RegExp(item.title) })).toContainText('Draft');
      const saved = await (await adminApi.get(`/api/videos/${item.id}`)).json();
      expect(saved.isPublished).toBe(false);
    }
    await page.getByLabel('Status').selectOption('draft');
    // Newest change first; the two changed in the same instant, so either may lead.
    await expect
      .poll(async () => (await titlesInTable(page)).sort())
      .toEqual([`Alder ${word}`, `Birch ${word}`]);
    await page.getByLabel('Status').selectOption('all');
    await expect(table.getByRole('rowheader')).toHaveCount(3);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    fs.mkdirSync('.tmp', { recursive: true });
    await page.screenshot({
      path: `.tmp/content-table-filtered-${page.viewportSize()!.width}.png`,
      fullPage: true,
    });

    // Bulk upload: three real recordings become drafts with their lengths read on the server.
    await page.getByRole('button', { name: 'Upload files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles(
      [
        ['bell-7s.mp3', 'audio/mpeg'],
        ['bell-5s.m4a', 'audio/mp4'],
        ['bell-6s.ogg', 'audio/ogg'],
      ].map(([file, mimeType]) => ({
        name: `${word}_${file}`,
        mimeType: mimeType!,
        buffer: fs.readFileSync(path.join(MEDIA, file!)),
      })),
    );
    await expect(dialog.getByRole('progressbar')).toHaveCount(3);
    await expect(dialog.getByText('Draft saved')).toHaveCount(3, { timeout: 30_000 });
    await expect(dialog.getByRole('progressbar', { name: `${word}_bell-7s.mp3 upload` })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: 'Upload files' })).toBeFocused();
    await closeToast(page, 'Drafts created');

    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('searchbox', { name: 'Search content' }).fill(`${word} bell`);
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    for (const [name, clock] of [
      ['bell 7s', '0:07'],
      ['bell 5s', '0:05'],
      ['bell 6s', '0:06'],
    ]) {
      const row = table.getByRole('row', { name: new RegExp(`${name}$`) });
      await expect(row).toContainText('Draft');
      await expect(row).toContainText(clock!);
    }

    // At 390 px the table reads as a list, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table.getByRole('rowheader')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/content-table-390.png', fullPage: true });
  });
});
