import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import {
  closeToast,
  createContent,
  expect,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpNewMember,
  test,
  toastNamed,
  uniqueWord,
} from './fixtures.ts';

test.describe('live events', () => {
  test('a member RSVPs to a live sit, adds it to their calendar and sees the join link when it opens', async ({
    page,
    baseURL,
  }) => {
    // The admin schedules a sit starting in ten minutes (its join link opens 15 minutes before).
    const title = `Lunchtime sit ${uniqueWord('sit')}`;
    await signInAdminThroughApi(page, baseURL!);
    const item = await createContent(page, baseURL!, {
      title,
      description: 'A short live sit together.',
      type: 'event',
      isPremium: false,
    });
    const startsAt = new Date(Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000);
    const details = await page.request.put(`/api/admin/events/${item.id}`, {
      headers: { origin: new URL(baseURL!).origin },
      data: {
        startsAt: startsAt.toISOString(),
        timeZone: 'Europe/Berlin',
        durationMinutes: 30,
        joinUrl: 'https://meet.example/lunchtime-sit',
        capacity: 5,
        recurrence: 'FREQ=WEEKLY',
      },
    });
    expect(details.status(), await details.text()).toBe(200);
    await signOutOfApi(page);

    await signUpNewMember(page);
    await page.goto(`/video/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Next session' });
    await expect(panel.getByText('0 going of 5 places')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Join now' })).toHaveAttribute(
      'href',
      'https://meet.example/lunchtime-sit',
    );

    await panel.getByRole('button', { name: 'Going' }).click();
    await expect(panel.getByText('You are going.')).toBeVisible();
    await expect(panel.getByText('1 going of 5 places')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Add to calendar' }).click();
    const file = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(file).toContain('BEGIN:VCALENDAR');
    expect(file).toContain(`SUMMARY:${title}`);
    expect(file).not.toContain('meet.example');

    await panel.getByRole('button', { name: 'Not going' }).click();
    await expect(panel.getByText('0 going of 5 places')).toBeVisible();

    // The calendar shows the sit on the member's local day.
    await page.goto('/calendar');
    await page
      .getByRole('button', {
        name: new RegExp(
          `^${startsAt.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}`,
        ),
      })
      .click();
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

/**
 * The card alone, for a person to look at (in the test's output folder): the page is made as tall
 * as its content first, so the fixed tab bar does not cover the card's last row.
 */
async function shootCard(card: Locator, file: string) {
  const page = card.page();
  const viewport = page.viewportSize()!;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await card.screenshot({ path: file });
  await page.setViewportSize(viewport);
}

test.describe('personal calendar feed', () => {
  test('a member creates their calendar link in Settings, copies it, and stops it', async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await signUpNewMember(page);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await expect(card.getByRole('button', { name: 'Create my calendar link' })).toBeVisible();

    await card.getByRole('radio', { name: 'All events' }).check();
    await card.getByRole('button', { name: 'Create my calendar link' }).click();
    const webcal = card.getByLabel('Calendar link');
    await expect(webcal).toHaveValue(/^webcal:\/\/.+\/api\/calendar\/.+\.ics$/);
    const httpsUrl = await card.getByLabel('Web address of the link').inputValue();
    await expect(card.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      await webcal.inputValue(),
    );
    await card.getByRole('button', { name: 'Copy calendar link' }).click();
    await expect(toastNamed(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await webcal.inputValue());
    await closeToast(page, 'Link copied');
    await shootCard(card, testInfo.outputPath('calendar-feed-link.png'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The link works for a calendar app (no session: the token in the path is the credential).
    const path = new URL(httpsUrl).pathname;
    const feed = await page.request.get(path);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await card.getByRole('button', { name: 'Stop this link' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Stop your calendar link?' });
    await dialog.getByRole('button', { name: 'Stop the link' }).click();
    await expect(card.getByRole('status')).toHaveText('Your calendar link is stopped: it no longer works.');
    await expect(card.getByRole('button', { name: 'Create my calendar link' })).toBeFocused();
    expect((await page.request.get(path)).status()).toBe(404);
    await shootCard(card, testInfo.outputPath('calendar-feed-stopped.png'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
