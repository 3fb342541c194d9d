import { expect, newMember, seriousAccessibilityViolations, signUpThroughForm, test } from './fixtures.ts';

/** The member screens of the library, community, questionnaire and subscription, scanned with axe (WCAG 2.1 AA). */
test('member screens have no serious accessibility violations', async ({ page }) => {
  await page.goto('/sign-up');
  await signUpThroughForm(page, newMember());
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  const screens: Array<[string, RegExp]> = [
    ['/', /welcome (back|to stillpoint)/i],
    ['/library', /Content Library/],
    ['/calendar', /Monthly Journey/],
    ['/community', /Community/],
    ['/assessment', /.+/],
    ['/questionnaire', /.+/],
    ['/subscribe', /Go deeper with premium/],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading);
    // Let loading skeletons settle before scanning.
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page), path).toEqual([]);
  }
});
