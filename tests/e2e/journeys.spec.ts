import {
  createContent,
  expect,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpThroughApi,
  test,
  uniqueWord,
} from './fixtures.ts';

const monthName = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

/**
 * A monthly journey repeats without retyping (issue 36): the admin builds it once as day 1 and
 * day 2 and schedules it every month from this month; a member finds day 1 next month too.
 */
test.describe('monthly journeys', () => {
  test('an admin schedules a journey every month and a member finds it next month', async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord('tide');
    const title = `Thirty days of ${word}`;
    const origin = { origin: new URL(baseURL!).origin };
    await signInAdminThroughApi(page, baseURL!);
    const days = [];
    for (const name of [`Arriving ${word}`, `Settling ${word}`]) {
      days.push(
        await createContent(page, baseURL!, {
          title: name,
          description: 'A short sit.',
          type: 'audio',
          duration: 300,
          isPremium: false,
          tags: [],
        }),
      );
    }
    const created = await page.request.post('/api/admin/playlists', {
      headers: origin,
      data: { title, isCalendar: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const journey = (await created.json()) as { id: string };
    const items = await page.request.put(`/api/admin/playlists/${journey.id}/items`, {
      headers: origin,
      data: {
        items: days.map((item, index) => ({ videoId: item.id, orderIndex: index, dayIndex: index + 1 })),
      },
    });
    expect(items.status(), await items.text()).toBe(200);

    // The admin schedules it from this month on, every month, after reading the preview.
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/playlists?edit=${journey.id}`);
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await expect(
      schedule.getByText('Not scheduled yet: members do not see it on the calendar.'),
    ).toBeVisible();
    await schedule.getByRole('checkbox', { name: 'Every month from then' }).check();
    await expect(schedule.getByRole('region', { name: monthName(next) })).toContainText('Day 1:');
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(
      schedule
        .getByRole('list', { name: 'Scheduled months' })
        .getByText(`Every month from ${monthName(now)}`),
    ).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '.tmp/shots/journey-schedule-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(schedule.getByRole('region', { name: monthName(next) })).toContainText('Day 2:');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await schedule.screenshot({ path: '.tmp/shots/journey-schedule-390.png' });
    await signOutOfApi(page);

    // A member opens the calendar and goes to next month: day 1 is there, untyped.
    await signUpThroughApi(page.request, baseURL!);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/calendar');
      await page.getByRole('button', { name: 'Next month' }).click();
      await expect(page.getByRole('heading', { name: monthName(next) })).toBeVisible();
      const firstDay = next.toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
      await page.getByRole('button', { name: new RegExp(`^${firstDay}`) }).click();
      const panel = page.getByRole('region', { name: firstDay.replace(/, \d{4}$/, '') });
      await expect(panel.getByText(`Day 1 of ${title}`)).toBeVisible();
      await expect(panel.getByRole('link', { name: `Arriving ${word}` })).toBeVisible();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.screenshot({ path: '.tmp/shots/journey-next-month-1280.png', fullPage: true });
  });
});
