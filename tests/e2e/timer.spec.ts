import type { Page } from '@playwright/test';
import { expect, newMember, seriousAccessibilityViolations, signUpThroughForm, test } from './fixtures.ts';

async function expectAccessibleAtBothWidths(page: Page) {
  const viewport = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: viewport.height });
    expect(await seriousAccessibilityViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(viewport);
}

test.describe('the meditation timer', () => {
  test('a member sets up a 2-minute sit with bells, an interval and rain, saves it, and sits full screen', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/sign-up');
    await signUpThroughForm(page, newMember());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Stillpoint, Juniper');
    await page.goto('/timer');
    await expect(page.getByRole('heading', { level: 1, name: 'Meditation timer' })).toBeVisible();

    // Out of range is refused, saying what is allowed.
    const duration = page.getByLabel('Duration in minutes');
    await duration.fill('181');
    await expect(page.getByText('Choose a whole number of minutes from 1 to 180.')).toBeVisible();
    await expect(duration).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Begin' })).toBeDisabled();
    await duration.fill('2');

    // Bells: a gong to begin and end, a wood block between; each can be heard first.
    await page.getByLabel('Start and end bell', { exact: true }).selectOption({ label: 'Temple gong' });
    await page.getByRole('button', { name: 'Preview start and end bell: Temple gong' }).click();
    await page.getByLabel('Interval bell', { exact: true }).selectOption({ label: 'Wood block' });
    await page.getByRole('button', { name: 'Preview interval bell: Wood block' }).click();
    const interval = page.getByLabel('Interval bell every (minutes)');
    await interval.fill('3');
    await expect(
      page.getByText('Choose an interval bell of a whole number of minutes from 1 to 2, or none.'),
    ).toBeVisible();
    await interval.fill('1');
    await page.getByLabel('Ambient sound', { exact: true }).selectOption({ label: 'Rain' });
    await page.getByLabel('Ambient volume').fill('60');

    // Saved, and still there the next time the timer opens.
    await page.getByRole('button', { name: 'Save as preset' }).click();
    const preset = page.getByRole('button', { name: '2 minutes, bell every 1 minute, rain', exact: true });
    await expect(preset).toBeVisible();
    await page.reload();
    await expect(preset).toBeVisible();
    await expect(page.getByLabel('Duration in minutes')).toHaveValue('10');
    await preset.click();
    await expect(page.getByLabel('Duration in minutes')).toHaveValue('2');
    await expect(page.getByLabel('Interval bell', { exact: true })).toHaveValue('wood');
    await expect(page.getByLabel('Ambient sound', { exact: true })).toHaveValue('rain');
    await expectAccessibleAtBothWidths(page);

    // The calm full-screen view: the time left, large, and the way out. The page's clock stands
    // still from here and moves only when told, so the time left can be read exactly.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const opener = page.getByRole('button', { name: 'Full screen', exact: true });
    await opener.click();
    const calm = page.getByRole('dialog', { name: 'Meditation timer, full screen' });
    await expect(calm).toBeVisible();
    await calm.getByRole('button', { name: 'Begin' }).click();
    await expect(calm.getByRole('timer')).toHaveText('2:00 remaining');
    await page.clock.fastForward('00:30');
    await expect(calm.getByRole('timer')).toHaveText('1:30 remaining');
    await expect(calm.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await expect(calm.getByRole('button', { name: 'Pause' })).toBeVisible();
    // axe waits on timers of its own: the page's clock runs again.
    await page.clock.resume();
    await expectAccessibleAtBothWidths(page);
    await page.screenshot({ path: '.tmp/timer-full-screen.png' });

    await page.keyboard.press('Escape');
    await expect(calm).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    // The sit carries on outside the full-screen view.
    await expect(page.getByRole('timer')).toHaveText(/^1:[0-3]\d remaining$/);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

    // The sit runs its time: a calm end in the timer's place, with the time sat and a journal line.
    await page.clock.fastForward('02:00');
    const end = page.getByRole('region', { name: 'Sit complete' });
    await expect(end.getByRole('heading', { name: 'Sit complete' })).toBeFocused();
    await expect(end).toContainText('You sat for 2 minutes.');
    await expect(end.getByText('Added to your practice.')).toBeVisible();
    await expect(end.getByRole('link', { name: 'Back to your practice' })).toHaveAttribute(
      'href',
      '/practice',
    );
    await expectAccessibleAtBothWidths(page);
    await page.setViewportSize({ width: 390, height: page.viewportSize()!.height });
    await end.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/timer-end-of-sit-390.png' });
    await end.getByLabel('A note for your journal (optional)').fill('Rain on the window, a quiet mind');
    await end.getByRole('button', { name: 'Save note' }).click();
    await expect(end.getByText('Saved to your journal.')).toBeFocused();

    // Close hands the screen back to the timer, on its Start button.
    await end.getByRole('button', { name: 'Close' }).click();
    await expect(end).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sit again' })).toBeFocused();
  });
});
