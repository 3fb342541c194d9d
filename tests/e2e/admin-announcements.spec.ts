import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  closeToast,
  expect,
  openBrowserAs,
  seriousAccessibilityViolations,
  signUpNewMember,
  test,
  uniqueWord,
} from './fixtures.ts';

const APP_VERSION: string = JSON.parse(
  fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

/** The first announcement card in the home page's What's New. */
function firstWhatsNewCard(page: Page) {
  return page.getByRole('region', { name: "What's New" }).getByRole('article').first();
}

test.describe('admin: announcements, dashboard, users and analytics', () => {
  test('an admin creates a pinned announcement, a member sees it first, the admin edits and deletes it', async ({
    adminApi,
    page,
    browser,
  }) => {
    // Two browsers, three dialogs and two axe scans: past a minute on a busy 2-core machine.
    test.setTimeout(150_000);
    const word = uniqueWord('moon');
    const title = `Full moon sit ${word}`;
    const admin = await openBrowserAs(browser, { storageState: await adminApi.storageState() });
    const adminPage = admin.page;

    await adminPage.goto('/admin/announcements');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
    await expect(adminPage.getByText('Manage home page announcements and updates')).toBeVisible();
    await adminPage.getByRole('button', { name: 'Create Announcement' }).first().click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create New Announcement' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Add a new announcement to display on the home page')).toBeVisible();

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Type').selectOption('event');
    const content = `We sit together under the full moon.\nBring a blanket. ${word}`;
    await dialog.getByLabel('Content').fill(content);
    await expect(dialog.getByText(`${content.length}/1000 characters`)).toBeVisible();
    await expect(dialog.getByLabel('Link Text')).toHaveCount(0);
    await dialog.getByLabel('Link URL').fill('https://example.com/full-moon');
    await expect(dialog.getByLabel('Link Text')).toHaveAttribute(
      'placeholder',
      'Read More, Listen Now, etc.',
    );
    await dialog.getByLabel('Link Text').fill('Save your spot');
    await dialog.getByRole('switch', { name: 'Pin to Top' }).click();
    await expect(dialog.getByRole('switch', { name: 'Pin to Top' })).toHaveAttribute('aria-checked', 'true');
    expect(await seriousAccessibilityViolations(adminPage), 'axe on the announcement form').toEqual([]);
    await dialog.getByRole('button', { name: 'Create Announcement' }).click();
    await expect(dialog).toBeHidden();
    await closeToast(adminPage, 'Announcement Created');

    const card = adminPage.getByRole('article', { name: title });
    await expect(card.getByText('Pinned')).toBeVisible();
    await expect(card.getByText('Event', { exact: true })).toBeVisible();
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /Save your spot/ })).toHaveAttribute(
      'href',
      'https://example.com/full-moon',
    );
    expect(await seriousAccessibilityViolations(adminPage), 'axe on /admin/announcements').toEqual([]);

    // A member's home shows it first, pinned, with its link opening in a new tab.
    await signUpNewMember(page);
    const first = firstWhatsNewCard(page);
    await expect(first).toHaveAccessibleName(title);
    await expect(first.getByText('Pinned')).toBeAttached();
    await expect(first.getByText('Event', { exact: true })).toBeVisible();
    await expect(first.getByText('Less than an hour ago')).toBeVisible();
    await expect(first.getByText(/We sit together under the full moon\.\s+Bring a blanket\./)).toBeVisible();
    const link = first.getByRole('link', { name: /Save your spot/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', 'https://example.com/full-moon');

    // The admin edits it: the new title reaches the member's home.
    const newTitle = `Full moon sit, moved ${word}`;
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const editDialog = adminPage.getByRole('dialog', { name: 'Edit Announcement' });
    await expect(editDialog.getByLabel('Title')).toHaveValue(title);
    await editDialog.getByLabel('Title').fill(newTitle);
    await editDialog.getByRole('button', { name: 'Update Announcement' }).click();
    await expect(editDialog).toBeHidden();
    await closeToast(adminPage, 'Announcement Updated');
    await expect(adminPage.getByRole('article', { name: newTitle })).toBeVisible();
    await page.reload();
    await expect(firstWhatsNewCard(page)).toHaveAccessibleName(newTitle);

    // The admin deletes it, after the confirmation: it is gone from both screens.
    await adminPage
      .getByRole('article', { name: newTitle })
      .getByRole('button', { name: `Delete ${newTitle}` })
      .click();
    const confirm = adminPage.getByRole('alertdialog', { name: 'Delete Announcement' });
    await expect(confirm).toContainText(
      `Are you sure you want to delete "${newTitle}"? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await closeToast(adminPage, 'Announcement Deleted');
    await expect(adminPage.getByRole('article', { name: newTitle })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: "What's New" })).toBeVisible();
    await expect(page.getByRole('article', { name: newTitle })).toHaveCount(0);

    expect(admin.errors, 'console errors for the admin').toEqual([]);
    await admin.context.close();
  });

  test('a member opening /admin sees Access Denied', async ({ page }) => {
    await signUpNewMember(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
  });

  test('the admin sees the dashboard with real counts and activity, the users list and analytics', async ({
    adminApi,
    page,
    browser,
  }) => {
    // A member joins first, so there is something recent to see.
    const firstName = uniqueWord('Wren');
    const joiner = await openBrowserAs(browser);
    const member = await signUpNewMember(joiner.page, { firstName, lastName: 'Alder' });
    await joiner.context.close();

    await page.context().addCookies((await adminApi.storageState()).cookies);
    const stats = await (await adminApi.get('/api/admin/stats')).json();
    const analytics = await (await adminApi.get('/api/admin/analytics')).json();

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const overview = page.getByRole('region', { name: 'Overview' });
    // A stat card: its heading sits in the card's top row.
    const figure = (label: string) => overview.getByRole('heading', { name: label }).locator('xpath=../..');
    await expect(overview.getByRole('heading', { name: 'Total Users' })).toBeVisible();
    await expect(figure('Total Users')).toContainText(String(stats.totalUsers));
    await expect(figure('Total Videos')).toContainText(String(stats.totalVideos));
    await expect(figure('Total Forums')).toContainText(String(stats.totalForums));
    await expect(figure('Announcements')).toContainText(`${stats.activeAnnouncements} active`);
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const joined = activity.getByRole('link', { name: new RegExp(`${firstName} A\\. joined`) });
    await expect(joined).toContainText('Less than an hour ago');
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page), 'axe on /admin').toEqual([]);

    // The sign-up links to the users list.
    await joined.click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${stats.totalUsers} registered users?$`))).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users by e-mail' }).fill(member.email);
    await expect(page.getByText(`1 registered user matches "${member.email}"`)).toBeVisible();
    const userCard = page.getByRole('article', { name: member.email });
    await expect(userCard.getByText('free', { exact: true })).toBeVisible();
    await expect(userCard.getByText(/^Joined [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on /admin/users').toEqual([]);

    // Complimentary premium, granted then ended, each after a confirmation.
    await userCard.getByRole('button', { name: `Grant complimentary premium for ${member.email}` }).click();
    const grant = page.getByRole('alertdialog', { name: `Grant complimentary premium to ${member.email}?` });
    await grant.getByRole('button', { name: 'Grant premium' }).click();
    await expect(grant).toBeHidden();
    await closeToast(page, 'Complimentary premium granted');
    await expect(userCard.getByText('Complimentary', { exact: true })).toBeVisible();
    await expect(userCard.getByText('active', { exact: true })).toBeVisible();
    await userCard.getByRole('button', { name: `End complimentary premium for ${member.email}` }).click();
    await page
      .getByRole('alertdialog', { name: `End complimentary premium for ${member.email}?` })
      .getByRole('button', { name: 'End premium' })
      .click();
    await closeToast(page, 'Complimentary premium ended');
    await expect(userCard.getByText('Complimentary', { exact: true })).toHaveCount(0);

    // Analytics, from the dashboard.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page
      .getByRole('region', { name: 'Manage' })
      .getByRole('link', { name: /Analytics/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
    const users = page.getByRole('region', { name: 'User Metrics' });
    await expect(users).toContainText(`Total Users${analytics.userMetrics.totalUsers}`);
    await expect(users).toContainText(
      `${analytics.subscriptionMetrics.conversionRate.toFixed(1)}% conversion rate`,
    );
    await expect(users).toContainText('vs last month');
    await expect(page.getByRole('region', { name: 'Content Metrics' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Community Metrics' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on /admin/analytics').toEqual([]);

    // Settings: read only, the built-in setup of the e2e server.
    await page.goto('/admin/settings');
    await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Test mode');
    await expect(page.getByRole('region', { name: 'Storage' })).toContainText('Local disk');
    await expect(page.getByRole('region', { name: 'E-mail' })).toContainText('Outbox');
    await expect(page.getByRole('region', { name: 'Database' })).toContainText('Embedded');
    // The release's version and the database's newest migration (npm run admin -- version).
    await expect(page.getByRole('region', { name: 'Server' })).toContainText(`Version${APP_VERSION}`);
    await expect(page.getByRole('region', { name: 'Server' })).toContainText(/Database schema\d{4}_\w+/);
    expect(await seriousAccessibilityViolations(page), 'axe on /admin/settings').toEqual([]);
  });
});
