import type { ContentItem } from '../../src/shared/schemas/content.ts';
import {
  createForum,
  expect,
  seriousAccessibilityViolations,
  signUpNewMember,
  test,
  uniqueWord,
  watchConsoleErrors,
} from './fixtures.ts';

test.describe('subscriptions (test-mode checkout)', () => {
  test('a member subscribes through the test checkout, opens premium, then cancels and premium closes', async ({
    adminApi: admin,
    page,
    context,
  }) => {
    const word = uniqueWord('tide');
    const forum = await createForum(admin, {
      title: `Inner Stillness ${word}`,
      description: 'Long sits and advanced practice.',
      category: 'advanced',
      isPremium: true,
    });
    const created = await admin.post('/api/videos', {
      data: {
        title: `Evening Letter ${word}`,
        description: `A letter for the end of the day. ${word}`,
        type: 'post',
        duration: 0,
        isPremium: true,
        tags: ['rest'],
      },
    });
    expect(created.status(), `create content: ${await created.text()}`).toBe(201);
    const item = (await created.json()) as ContentItem;

    const member = await signUpNewMember(page, { firstName: 'Ivy', lastName: 'Fernsby' });

    // Without premium: both the item and the forum explain what they need.
    await page.goto(`/video/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium Content' })).toBeVisible();
    await page.goto(`/community/${forum.slug}`);
    await expect(page.getByRole('heading', { name: 'A premium forum' })).toBeVisible();

    // Upgrade Now leads to the plan card.
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    const planCard = page.getByRole('region', { name: 'Stillpoint Monthly' });
    await expect(planCard.getByText('$12', { exact: true })).toBeVisible();
    await expect(planCard.getByText('30 days from purchase, cancel anytime')).toBeVisible();
    await expect(planCard.getByText('Test mode', { exact: true })).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on the plan card').toEqual([]);

    // Subscribe Now opens the hosted (test-mode) checkout in a new tab.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      planCard.getByRole('button', { name: 'Subscribe Now' }).click(),
    ]);
    const checkoutErrors = watchConsoleErrors(checkout);
    await expect(checkout).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
    await expect(
      checkout.getByRole('heading', { level: 1, name: 'Subscribe to Stillpoint Monthly' }),
    ).toBeVisible();
    await expect(page.getByText(/Checkout is open in a new tab/)).toBeVisible();
    await expect(checkout.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(checkout.getByLabel('Email')).toHaveValue(member.email);
    await expect(checkout.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(checkout.getByRole('banner')).toHaveCount(0); // no app header on a hosted checkout
    expect(await seriousAccessibilityViolations(checkout), 'axe on the test checkout').toEqual([]);

    // Paying returns to /subscribe?success=true: the sync confirms, and the member is taken home.
    await checkout.getByRole('button', { name: 'Pay $12.00' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    await expect(checkout).toHaveURL(/\/subscribe$/);
    await expect(checkout.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i, {
      timeout: 10_000,
    });
    expect(new URL(checkout.url()).pathname).toBe('/');

    // Premium is open now.
    await checkout.goto(`/video/${item.id}`);
    await expect(checkout.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await expect(checkout.getByText(`A letter for the end of the day. ${word}`)).toBeVisible();
    await expect(checkout.getByRole('heading', { name: 'Premium Content' })).toHaveCount(0);
    await checkout.goto(`/community/${forum.slug}`);
    await expect(checkout.getByRole('heading', { level: 1, name: forum.title })).toBeVisible();
    await expect(checkout.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    await expect(checkout.getByRole('heading', { name: 'A premium forum' })).toHaveCount(0);
    expect(checkoutErrors, 'console errors in the checkout tab').toEqual([]);
    await checkout.close();

    // Your Subscription, then cancel (test mode ends it at once).
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Subscription' })).toBeVisible();
    const subscription = page.getByRole('region', { name: 'Stillpoint Monthly' });
    await expect(subscription.getByText('Status: Active', { exact: true })).toBeVisible();
    await expect(subscription.getByText(/^Access until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on Your Subscription').toEqual([]);
    await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page.getByText('Subscription cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
    await expect(page.getByText(/Your subscription has ended/)).toBeVisible();

    // Premium is closed again.
    await page.goto(`/video/${item.id}`);
    await expect(page.getByRole('heading', { name: 'Premium Content' })).toBeVisible();
    await page.goto(`/community/${forum.slug}`);
    await expect(page.getByRole('heading', { name: 'A premium forum' })).toBeVisible();
  });
});
