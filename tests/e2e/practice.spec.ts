import type { Page, TestInfo } from '@playwright/test';
import {
  createContent,
  expect,
  installAudioObject,
  newMember,
  readAudio,
  saveWholePageScreenshot,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpThroughForm,
  test,
  todayKey,
  uniqueWord,
} from './fixtures.ts';

/** At 390 px, with PRACTICE_SCREENSHOTS=1, the screens are saved for docs/screenshots/. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (testInfo.project.name !== 'phone' || !process.env.PRACTICE_SCREENSHOTS) return;
  await saveWholePageScreenshot(page, `${name}-phone`);
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

test.describe('the practice loop', () => {
  test("a new member starts today's session from Home, and Your week counts it", async ({
    page,
    baseURL,
  }, testInfo) => {
    const word = uniqueWord('shore');
    const title = `First Breath ${word}`;
    await signInAdminThroughApi(page, baseURL!);
    const item = await createContent(page, baseURL!, {
      title,
      description: `Three slow breaths by the ${word}.`,
      type: 'audio',
      duration: 20,
      isPremium: false,
      tags: ['breath'],
      calendarDates: [todayKey()],
      videoFileUrl: installAudioObject(),
    });
    await signOutOfApi(page);

    // No history yet: a first-visit welcome with one short session to start.
    await page.goto('/sign-up');
    await signUpThroughForm(page, newMember());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Stillpoint, Juniper');
    const start = page.getByRole('region', { name: 'Start here' });
    await expect(start.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's New" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'home-new');

    // Today -> play -> pause: the seconds heard are sent as one practice session.
    await start.getByRole('link', { name: /Begin/ }).click();
    await expect(page).toHaveURL(new RegExp(`/video/${item.id}$`));
    await page.getByRole('button', { name: `Play ${title}` }).click();
    // Past 4 s of media before pausing: the tracker counts whole seconds heard from its first
    // time update, so a pause just after 3 s may send 2; with a second of margin it sends at least 3.
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(4);
    const recorded = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/practice/sessions') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: `Pause ${title}` }).click();
    const session = await recorded;
    expect(session.status()).toBe(201);
    expect(session.request().postDataJSON()).toMatchObject({ kind: 'content', contentId: item.id });
    expect(session.request().postDataJSON().seconds).toBeGreaterThanOrEqual(3);

    // Home again: welcome back, and this week says so in words.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back to your journey');
    const week = page.getByRole('region', { name: 'Your week' });
    await expect(week.getByTestId('week-sentence')).toHaveText('Under a minute on 1 day this week.');
    await expect(week.getByText(/\(today\): practised/)).toBeAttached();
    await expect(
      page.getByRole('region', { name: 'Today' }).getByRole('heading', { name: title }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'home-returning');

    // The calendar marks today as practised.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await expect(page.locator('button[aria-current="date"]')).toHaveAccessibleName(/, practised$/);
  });

  test('the timer logs a sit at its end, a practice is logged by hand, and the Practice screen adds them up', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    await page.goto('/sign-up');
    await signUpThroughForm(page, newMember());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Stillpoint, Juniper');

    await page
      .getByRole('navigation', { name: 'Ways to practise' })
      .getByRole('link', { name: 'Meditation timer' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meditation timer' })).toBeVisible();
    await page.getByLabel('Duration in minutes').fill('1');
    await expectAccessible(page);
    await screenshot(page, testInfo, 'timer');
    await page.getByRole('button', { name: 'Begin' }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    const recorded = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/practice/sessions') && response.request().method() === 'POST',
    );
    // The minute passes (the display ticks on the page's clock).
    await page.clock.fastForward('01:05');
    const session = await recorded;
    expect(session.status()).toBe(201);
    expect(session.request().postDataJSON()).toMatchObject({ kind: 'timer', seconds: 60 });
    // The end of the sit: its own calm panel, with the time sat and where it went.
    await expect(page.getByRole('heading', { name: 'Sit complete' })).toBeFocused();
    await expect(page.getByText('You sat for 1 minute.', { exact: false })).toBeVisible();
    await expect(page.getByText('Added to your practice.', { exact: true })).toBeVisible();

    // Practice done away from the app.
    const log = page.getByRole('region', { name: 'Log a practice' });
    await log.getByLabel('Minutes').fill('15');
    await log.getByRole('button', { name: 'Log it' }).click();
    await expect(log.getByText('Added to your practice. Thank you for taking the time.')).toBeVisible();

    // Settings: streaks are off until asked for.
    await page.goto('/settings');
    const streaks = page.getByRole('switch', { name: 'Show streaks' });
    await expect(streaks).toHaveAttribute('aria-checked', 'false');
    await streaks.click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'settings');

    await page.goto('/practice');
    await expect(page.getByRole('heading', { level: 1, name: 'Your practice' })).toBeVisible();
    const figure = (label: string) =>
      page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect(figure('This week')).toHaveText('16 minutes');
    await expect(figure('Sessions')).toHaveText('2');
    await expect(figure('Days practised')).toHaveText('1');
    await expect(figure('Current run')).toHaveText('1 day');
    await expect(page.getByTestId('heatmap').locator('[data-practised]')).toHaveCount(1);
    await page.getByText('Days practised, as a table').click();
    await expect(page.getByRole('table').getByRole('cell', { name: '16' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'practice');
  });
});
