import {
  expect,
  newMember,
  randomClientAddress,
  seriousAccessibilityViolations,
  signUpNewMember,
  signUpThroughForm,
  test,
  uniqueWord,
  watchConsoleErrors,
} from './fixtures.ts';

/**
 * Plans and offers (issue 34): the e2e server sells an annual plan beside the monthly one
 * (PLAN_ANNUAL_AMOUNT=10000 in playwright.config.ts). A member follows an offer link on a phone,
 * chooses the annual plan, and pays the discounted first year through the test checkout.
 */
test.describe('plans and offers', () => {
  test('a member follows an offer link, picks annual, and pays the discounted year', async ({
    adminApi: admin,
    page,
    context,
  }) => {
    const code = uniqueWord('YEAR')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const made = await admin.post('/api/admin/offers', {
      data: { code, percentOff: 20, duration: 'once', planId: 'price_stillpoint_annual_test' },
    });
    expect(made.status(), `create offer: ${await made.text()}`).toBe(200);

    await signUpNewMember(page, { firstName: 'Rowan', lastName: 'Ashdown' });
    const errors = watchConsoleErrors(page);
    await page.goto(`/subscribe?offer=${code.toLowerCase()}`);

    // The offer is for the annual plan: the link chooses it; on the monthly plan it says so.
    const choice = page.getByRole('group', { name: 'Billing period' });
    await expect(choice.getByText('Save 30%')).toBeVisible();
    await expect(choice.getByText('Annual costs $44 less a year than paying monthly.')).toBeVisible();
    await expect(page.getByLabel('Offer code (optional)')).toHaveValue(code);
    await expect(choice.getByRole('radio', { name: /Annual/ })).toBeChecked();
    await choice.getByRole('radio', { name: /Monthly/ }).check();
    await expect(page.getByRole('alert')).toHaveText(
      'This offer is for the annual plan: choose it to use the offer.',
    );
    await choice.getByRole('radio', { name: /Annual/ }).check();
    const card = page.getByRole('region', { name: 'Stillpoint Annual' });
    await expect(card.getByText('$100', { exact: true })).toBeVisible();
    await expect(card.getByText('per year', { exact: true })).toBeVisible();
    await expect(card.getByText('365 days from purchase, cancel anytime')).toBeVisible();
    await expect(card.getByRole('status')).toContainText(
      `${code}: 20% off on the first payment. Your first payment is $80.00 instead of $100.00.`,
    );
    expect(await seriousAccessibilityViolations(page), 'axe on the plan choice with an offer').toEqual([]);
    await page.screenshot({ path: '.tmp/billing-subscribe-annual-offer.png', fullPage: true });

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Subscribe Now' }).click(),
    ]);
    const checkoutErrors = watchConsoleErrors(checkout);
    await expect(
      checkout.getByRole('heading', { level: 1, name: 'Subscribe to Stillpoint Annual' }),
    ).toBeVisible();
    await expect(checkout.getByText(`Offer ${code} (on the first payment)`)).toBeVisible();
    await expect(checkout.getByText('−$20.00')).toBeVisible();
    expect(await seriousAccessibilityViolations(checkout), 'axe on the discounted checkout').toEqual([]);
    await checkout.getByRole('button', { name: 'Pay $80.00' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await checkout.waitForURL((url) => url.pathname === '/');
    await checkout.close();

    // A year of premium, and the redemption counted on the admin's list.
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Subscription' })).toBeVisible();
    const offers = await admin.get('/api/admin/offers');
    const offer = ((await offers.json()) as Array<{ code: string; redemptions: number }>).find(
      (candidate) => candidate.code === code,
    );
    expect(offer?.redemptions).toBe(1);
    expect(errors, 'console errors on the subscribe page').toEqual([]);
    expect(checkoutErrors, 'console errors in the checkout tab').toEqual([]);
  });
  test('the admin makes an offer on the offers screen, and a member redeems it by its link', async ({
    adminPage: admin,
    browser,
    baseURL,
  }) => {
    const code = uniqueWord('CALM')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');

    // The admin fills the form on /admin/offers (not the API): 15% off for 3 months, five uses.
    await admin.goto('/admin/offers');
    await expect(admin.getByRole('heading', { level: 1, name: 'Offers' })).toBeVisible();
    const form = admin.getByRole('form', { name: 'New offer' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByRole('radio', { name: 'Percent off' }).check();
    await form.getByLabel('Percent', { exact: true }).fill('15');
    await form.getByLabel('Applies to').selectOption({ label: 'A number of months' });
    await form.getByLabel('Months').fill('3');
    await form.getByLabel('Most redemptions (optional)').fill('5');
    await form.getByRole('button', { name: 'Create Offer' }).click();
    await expect(admin.getByText(`Members can now use ${code}.`, { exact: true })).toBeVisible();
    await expect(form.getByLabel('Code', { exact: true })).toHaveValue('');

    // It is listed under Live offers, saying what it gives and that nobody has used it yet.
    const live = admin.getByRole('region', { name: 'Live offers' });
    const listed = live.getByRole('heading', { level: 3, name: code }).locator('../..');
    await expect(listed.getByText('15% off for 3 months')).toBeVisible();
    await expect(listed.getByText('Used 0 times (of 5)')).toBeVisible();
    expect(await seriousAccessibilityViolations(admin), 'axe on /admin/offers with an offer').toEqual([]);

    // A new member follows the offer's link in a browser of their own and pays the discounted month.
    const memberContext = await browser.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': randomClientAddress() },
    });
    const page = await memberContext.newPage();
    const errors = watchConsoleErrors(page);
    await signUpNewMember(page, { firstName: 'Ines', lastName: 'Calder' });
    await page.goto(`/subscribe?offer=${code}`);
    await expect(page.getByLabel('Offer code (optional)')).toHaveValue(code);
    const choice = page.getByRole('group', { name: 'Billing period' });
    await expect(choice.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    const card = page.getByRole('region', { name: 'Stillpoint Monthly' });
    await expect(card.getByRole('status')).toContainText(
      `${code}: 15% off for 3 months. Your first payment is $10.20 instead of $12.00.`,
    );
    const [checkout] = await Promise.all([
      memberContext.waitForEvent('page'),
      card.getByRole('button', { name: 'Subscribe Now' }).click(),
    ]);
    await expect(checkout.getByText(`Offer ${code} (for 3 months)`)).toBeVisible();
    await checkout.getByRole('button', { name: 'Pay $10.20' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await checkout.close();
    expect(errors, 'console errors on the member’s subscribe page').toEqual([]);
    await memberContext.close();

    // Back on the admin's screen, the redemption is counted.
    await admin.reload();
    await expect(
      admin
        .getByRole('region', { name: 'Live offers' })
        .getByRole('heading', { level: 3, name: code })
        .locator('../..')
        .getByText('Used 1 time (of 5)'),
    ).toBeVisible();
  });
  test('a visitor chooses Annual on the landing card, creates an account and arrives with Annual chosen', async ({
    page,
  }) => {
    await page.goto('/');
    // The visitor scrolls down to the plan: the app starts and asks which plans are sold.
    await page.getByRole('heading', { name: 'Monthly Subscription' }).scrollIntoViewIfNeeded();
    const choice = page.getByRole('navigation', { name: 'Choose how to pay' });
    await expect(choice.getByRole('link', { name: /Monthly\s*\$12 per month/ })).toBeVisible();
    const annual = choice.getByRole('link', { name: /Annual\s*\$100 per year\s*Save 30%/ });
    // SPEC's card is still there around the choice.
    await expect(page.getByRole('link', { name: 'Start Now for Free' })).toBeVisible();
    expect(
      await seriousAccessibilityViolations(page),
      'axe on the landing page with the plan choice',
    ).toEqual([]);

    await annual.click();
    await expect(page).toHaveURL(/\/sign-up\?returnTo=/);
    await expect(page.getByText('Welcome back')).toHaveCount(0);
    await signUpThroughForm(page, newMember({ firstName: 'Tamsin', lastName: 'Reed' }));
    await expect(page).toHaveURL(/\/subscribe\?plan=year$/);
    await expect(
      page.getByRole('group', { name: 'Billing period' }).getByRole('radio', { name: /Annual/ }),
    ).toBeChecked();
    await expect(page.getByRole('region', { name: 'Stillpoint Annual' })).toBeVisible();
  });
});
