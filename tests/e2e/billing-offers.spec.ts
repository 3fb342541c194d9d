import {
  expect,
  seriousAccessibilityViolations,
  signUpNewMember,
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
});
