import { expect, seriousAccessibilityViolations, test, uniqueWord } from './fixtures.ts';

/**
 * Members in (issue 34): an admin previews a Ghost member export (a dry run: counts, the first
 * lines and the line that will fail), runs it with its progress shown, and finds the members in
 * the users list with their complimentary end date. axe at the project's width (390 and 1280).
 */
test('an admin previews a Ghost export, imports it and finds the members', async ({ adminPage: page }) => {
  const word = uniqueWord('import');
  const robin = `robin-${word}@example.test`;
  const ana = `ana-${word}@example.test`;
  const csv = [
    'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
    `g1,${robin},Robin Vale,"Met at the retreat\nPrefers evening sits",true,false,,2023-03-14T09:21:44.000Z,,,`,
    `g2,${ana},Ana Ruiz,,true,true,,2022-11-02T17:05:10.000Z,,vip,Premium`,
    'g3,not-an-address,Broken Row,,true,false,,2024-01-01T00:00:00.000Z,,,',
  ].join('\r\n');

  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export members (CSV)' })).toHaveAttribute(
    'href',
    '/api/admin/members/export',
  );
  await page.getByLabel('CSV file').setInputFiles({
    name: 'ghost-members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\ufeff${csv}\r\n`),
  });
  expect(await seriousAccessibilityViolations(page), 'axe on /admin/members').toEqual([]);
  await page.getByRole('button', { name: 'Preview import' }).click();

  const preview = page.getByRole('region', { name: "Preview: Ghost's member export" });
  await expect(preview).toBeVisible();
  // The button is disabled while the file is checked; the focus then goes to what it found.
  await expect(preview.getByRole('heading', { name: "Preview: Ghost's member export" })).toBeFocused();
  const table = preview.getByRole('table', { name: 'First lines' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(`${robin}.*New member`) })).toBeVisible();
  await expect(preview.getByText('Line 4:')).toBeVisible();
  expect(await seriousAccessibilityViolations(page), 'axe on the import preview').toEqual([]);
  await page.screenshot({
    path: `.tmp/shots/import-preview-${test.info().project.name}.png`,
    fullPage: true,
  });

  await page.getByRole('button', { name: 'Import 2 members' }).click();
  const done = page.getByRole('region', { name: 'Import finished' });
  await expect(done).toBeVisible();
  await expect(done.getByRole('heading', { name: 'Import finished' })).toBeFocused();
  await expect(done.getByText('Created', { exact: true }).locator('xpath=..')).toContainText('2');
  expect(await seriousAccessibilityViolations(page), 'axe after the import').toEqual([]);

  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users by e-mail' }).fill(ana);
  const card = page.getByRole('article', { name: ana });
  await expect(card.getByText('Complimentary', { exact: true })).toBeVisible();
});
