import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  createContent,
  expect,
  openBrowserAs,
  seriousAccessibilityViolations,
  test,
  uniqueWord,
  withDatabase,
} from './fixtures.ts';

/** The section as one still: the viewport made as tall as the page, so no sticky bar lies over it. */
async function screenshot(page: Page, section: Locator, path: string) {
  const width = page.viewportSize()!.width;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await section.screenshot({ path });
  await page.setViewportSize({ width, height: 844 });
}

/**
 * The teacher's Content figures (issue 35): a member's plays, sent as the player sends them, show
 * on /admin/analytics in the top items, with charts whose tables are one click away.
 */
test.describe('admin: content analytics', () => {
  test('plays a member made show in the Content section, at both widths, without serious axe findings', async ({
    adminApi,
    baseURL,
    browser,
    member,
    page,
  }) => {
    const word = uniqueWord('cedar');
    const title = `Cedar breath ${word}`;
    const item = await createContent(adminApi, baseURL!, {
      title,
      description: `Ten minutes with the breath. ${word}`,
      type: 'audio',
      duration: 600,
      isPremium: false,
      tags: [],
    });
    // Two plays as the player sends them: one heard to the end, one stopped after two minutes.
    const headers = { origin: new URL(baseURL!).origin };
    for (const seconds of [600, 120]) {
      const response = await page.request.post('/api/practice/sessions', {
        headers,
        data: { id: randomUUID(), kind: 'content', contentId: item.id, seconds },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }
    // And fifty earlier full plays by the same member, seeded, so the item leads the week's list
    // whatever else the suite has played.
    await withDatabase((client) =>
      client.query(
        `insert into practice_sessions (id, user_id, kind, content_id, seconds, ended_at)
         select gen_random_uuid(), u.id, 'content', $1, 600, now() - make_interval(hours => g)
           from users u, generate_series(1, 50) g where u.email = $2`,
        [item.id, member.email],
      ),
    );
    // The figures are stored answers a job refreshes every 10 minutes (decision 098): a journey
    // before this one may have stored them before these plays. Dropping them makes the page
    // compute them now, as it does for a zone nobody has read yet.
    await withDatabase((client) => client.query('delete from content_analytics_snapshots'));

    const admin = await openBrowserAs(browser, { storageState: await adminApi.storageState() });
    const adminPage = admin.page;
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto('/admin/analytics');
    const section = adminPage.getByRole('region', { name: 'Content', exact: true });
    // The admin figures are kept for 10 s (ADMIN_FIGURES_CACHE_MS): a journey just before this one
    // may have read them before these plays, so the page is read again until they show.
    await expect(async () => {
      await adminPage.reload();
      await expect(section.getByRole('table', { name: 'Most played, last 30 days' })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 30_000 });
    await section.getByRole('button', { name: '7 days' }).click();
    const top = section.getByRole('table', { name: 'Most played, last 7 days' });
    // 52 plays, 51 heard to 90%: 98.1%; (51 × 600 + 120) s = 512 minutes; one member.
    await expect(top.getByRole('row', { name: new RegExp(title) })).toHaveText(`${title}5251298.1%1`);
    await expect(section.getByRole('img', { name: /Weekly active members/ })).toBeVisible();
    await section.getByText('Show weekly active members as a table').click();
    await expect(section.getByRole('table', { name: 'Weekly active members' })).toBeVisible();
    await section.getByText('Show 4-week retention as a table').click();
    await expect(section.getByRole('table', { name: '4-week retention' })).toBeVisible();
    // SPEC's figures are still there.
    await expect(adminPage.getByRole('region', { name: 'User Metrics' })).toBeVisible();
    expect(await seriousAccessibilityViolations(adminPage), 'axe on /admin/analytics at 1280').toEqual([]);
    await screenshot(adminPage, section, '.tmp/shots/analytics-content-1280.png');

    await adminPage.setViewportSize({ width: 390, height: 844 });
    await expect(top.getByRole('row', { name: new RegExp(title) })).toBeVisible();
    expect(await seriousAccessibilityViolations(adminPage), 'axe on /admin/analytics at 390').toEqual([]);
    await screenshot(adminPage, section, '.tmp/shots/analytics-content-390.png');
    expect(admin.errors, 'console errors on the admin page').toEqual([]);
    await admin.context.close();
  });
});
