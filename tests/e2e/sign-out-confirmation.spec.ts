import { expect, newMember, seriousAccessibilityViolations, signUpThroughForm, test } from './fixtures.ts';

/**
 * A sign-out link on another site (issue 13): the browser says so (Sec-Fetch-Site: cross-site), so
 * Stillpoint asks instead of ending the session. (The menu's own Log out, a same-origin
 * navigation, is visitor-journey.spec.ts.)
 */
const OTHER_SITE = 'http://elsewhere.example';

test.describe('sign-out links from other sites', () => {
  test('ask first, keep the session when the member stays, and sign out from our own button', async ({
    page,
    baseURL,
  }) => {
    // A page on another site that links to our sign-out address.
    await page.route(`${OTHER_SITE}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Elsewhere</title><a href="${baseURL}/api/logout">Leave Stillpoint</a>`,
      }),
    );
    const member = newMember();
    await page.goto('/sign-up');
    await signUpThroughForm(page, member);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

    await page.goto(OTHER_SITE);
    await page.getByRole('link', { name: 'Leave Stillpoint' }).click();
    await expect(page).toHaveURL(/\/sign-out$/);
    await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Staying keeps the session.
    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

    // Asked again, the member signs out with our own button.
    await page.goto(OTHER_SITE);
    await page.getByRole('link', { name: 'Leave Stillpoint' }).click();
    await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Start Now for Free' })).toBeVisible();

    // Signed out, the confirmation has nothing to end.
    await page.goto('/sign-out');
    await expect(page.getByRole('heading', { name: "You're signed out" })).toBeVisible();
  });
});
