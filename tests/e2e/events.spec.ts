import fs from 'node:fs';
import {
  createContent,
  expect,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpNewMember,
  test,
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
