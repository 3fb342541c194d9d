import {
  expect,
  newMember,
  seriousAccessibilityViolations,
  signUpNewMember,
  signUpThroughForm,
  test,
  withDatabase,
} from './fixtures.ts';

test('a new member confirms the e-mail address from the mailed link; the account page says thank you', async ({
  page,
  browser,
}) => {
  const member = await signUpNewMember(page);

  // Signing in never waits for the confirmation: the account page asks for it, calmly.
  await page.goto('/account');
  const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(notice).toBeVisible();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByText('A new link is on its way.')).toBeVisible();

  // No SMTP here: the e-mail is in the outbox.
  const links = await withDatabase(async (client) => {
    const { rows } = await client.query(
      'select text from outbox_emails where "to" = $1 order by created_at desc',
      [member.email],
    );
    return rows
      .map((row) => (row.text as string).match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0])
      .filter((link): link is string => Boolean(link));
  });
  expect(links).toHaveLength(2);

  await page.goto(links[0]!);
  await expect(page).toHaveURL(/\/account\?verified=1$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you, your e-mail address is confirmed.' }),
  ).toBeVisible();
  await expect(notice).toHaveCount(0);

  // A link with a broken token is refused and changes nothing.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const broken = links[1]!.replace(
    /token=([^&]+)/,
    (_match, token: string) => `token=${token.slice(0, -4)}abcd`,
  );
  const response = await other.request.get(broken, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/error=INVALID_TOKEN/);
  await stranger.close();
});

test('signing up with an address that has an account says "Check your e-mail" and mails its owner', async ({
  browser,
}) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const member = await signUpNewMember(ownerPage);
  await owner.close();

  // Someone else, in another browser, tries the same address with their own password.
  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto('/sign-up');
  await signUpThroughForm(page, { ...newMember(), email: member.email, password: 'a-stranger-guessing-77' });
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`We have sent a message to ${member.email}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const subjects = await withDatabase(async (client) => {
    const { rows } = await client.query('select subject from outbox_emails where "to" = $1', [member.email]);
    return rows.map((row) => row.subject as string);
  });
  expect(subjects).toContain('Someone tried to sign up to Stillpoint with your address');
  await stranger.close();
});
