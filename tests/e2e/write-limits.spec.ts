import { expect, newMember, signUpThroughForm, test } from './fixtures.ts';

/**
 * Write limits as a member meets them: far above what a person does, so the journey first spends
 * the profile limit through the API (as a script would), then saves the profile on the screen.
 * The production figures are in src/server/edge/write-limits.ts (20 profile saves a minute).
 */
const PROFILE_SAVES_PER_MINUTE = 20;

test('a member who writes faster than the limit is told kindly, with a toast', async ({ page, baseURL }) => {
  const member = newMember();
  await page.goto('/sign-up');
  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

  const origin = new URL(baseURL!).origin;
  // Spend what is left of the minute's profile writes (the home screen may already have stored the
  // browser's time zone, which counts as one): the limit answers within the figure, never after it.
  const statuses: number[] = [];
  while (statuses.length <= PROFILE_SAVES_PER_MINUTE && statuses.at(-1) !== 429) {
    const response = await page.request.put('/api/user/profile', {
      headers: { origin },
      data: { firstName: member.firstName, lastName: member.lastName },
    });
    statuses.push(response.status());
  }
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('First name').fill('Juno');
  const saving = page.waitForResponse((response) => response.url().endsWith('/api/user/profile'));
  await form.getByRole('button', { name: 'Save profile' }).click();
  const limited = await saving;
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);

  const toast = page.locator('ol > li[data-radix-collection-item]', { hasText: 'A short pause, please' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(
    /You have done this many times in a short while\. Please try again in \d+ seconds?\./,
  );
  // Nothing was saved: the name is still the old one.
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Moss' })).toBeVisible();
});
