import { expect, newMember, signUpThroughForm, test, withDatabase } from './fixtures.ts';

test('a member who forgot the password resets it from the e-mailed link and signs in', async ({
  page,
  browser,
}) => {
  const member = newMember();
  await page.goto('/sign-up');
  await signUpThroughForm(page, member);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  await page.goto('/api/logout');

  await page.goto('/sign-in');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/if an account exists/i)).toBeVisible();

  // No SMTP here: the e-mail is in the outbox.
  const link = await withDatabase(async (client) => {
    const { rows } = await client.query(
      'select text from outbox_emails where "to" = $1 order by created_at desc limit 1',
      [member.email],
    );
    return rows[0]?.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0] as string | undefined;
  });
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('morning-fog-lifts-8');
  await page.getByLabel(/confirm/i).fill('morning-fog-lifts-8');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('morning-fog-lifts-8');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);

  // The same link does not work twice: opened again by a signed-out browser, it is refused.
  const stranger = await browser.newContext();
  const again = await stranger.newPage();
  await again.goto(link!);
  await expect(again).toHaveURL(/\/reset-password\?.*error=INVALID_TOKEN/);
  await expect(again.getByText(/expired|invalid/i).first()).toBeVisible();
  await stranger.close();
});
