import type { Page, TestInfo } from '@playwright/test';
import {
  createForum,
  expect,
  newMember,
  openAdminApi,
  randomClientAddress,
  saveWholePageScreenshot,
  seriousAccessibilityViolations,
  signUpNewMember,
  test,
  uniqueWord,
} from './fixtures.ts';

/** With NOTIFY_SCREENSHOTS=1 the bell's screen and Settings are saved, per width, for docs/screenshots/. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.NOTIFY_SCREENSHOTS) await saveWholePageScreenshot(page, `${name}-${testInfo.project.name}`);
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

test.describe('notifications', () => {
  test('a reply shows on the bell, is read and marked read; Settings keep reminders, e-mails and a dark theme', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    // Two people, two axe scans and a reload on two shared cores: more than the default minute.
    test.slow();
    const admin = await openAdminApi(playwright, baseURL!);
    const forum = await createForum(admin, {
      title: `Quiet Hours ${uniqueWord('bell')}`,
      description: 'Small notes between sits.',
      category: 'practice',
    });
    const origin = { origin: new URL(baseURL!).origin };

    // Wren writes a post.
    await signUpNewMember(page, { firstName: 'Wren', lastName: 'Alder' });
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    const title = `Rain on the window ${uniqueWord('rain')}`;
    const post = await page.request.post(`/api/forums/${forum.slug}/posts`, {
      headers: origin,
      data: { title, content: 'Ten minutes of listening to it.' },
    });
    expect(post.status(), await post.text()).toBe(201);
    const postId = (await post.json()).id as string;

    // Sol, elsewhere, replies (through the API: this journey is Wren's).
    const sol = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { ...origin, 'x-forwarded-for': randomClientAddress() },
    });
    const { email, password } = newMember();
    const signedUp = await sol.post('/api/auth/sign-up/email', {
      data: { email, password, name: 'Sol Rivers', firstName: 'Sol', lastName: 'Rivers' },
    });
    expect(signedUp.ok(), await signedUp.text()).toBe(true);
    // Sign-up opens no session (issue 32): sign in as the form does.
    const signedIn = await sol.post('/api/auth/sign-in/email', { data: { email, password } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const reply = await sol.post(`/api/posts/${postId}/comments`, {
      data: { content: 'I love that sound too.' },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    await sol.dispose();

    // Wren's bell counts it.
    await page.goto('/');
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const notice = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`Sol Rivers replied to your post “${title}”`) });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Less than an hour ago');
    await expectAccessible(page);
    await screenshot(page, testInfo, 'notifications');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All caught up')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await notice.click();
    await expect(page).toHaveURL(new RegExp(`/community/posts/${postId}$`));
    await expect(page.getByText('I love that sound too.')).toBeVisible();

    // Settings: a reminder at 07:30 on weekdays by e-mail, reply e-mails, and the dark theme.
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Daily reminder' }).click();
    await page.getByLabel('Remind me at').fill('07:30');
    await page.getByRole('checkbox', { name: 'Saturday' }).uncheck();
    await page.getByRole('checkbox', { name: 'Sunday' }).uncheck();
    await page.getByRole('switch', { name: 'E-mail', exact: true }).click();
    await page.getByRole('switch', { name: 'Replies' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, testInfo, 'settings-reminders');

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect
      .poll(async () => (await (await page.request.get('/api/practice/settings')).json()).theme)
      .toBe('dark');
    await expectAccessible(page);
    await screenshot(page, testInfo, 'settings-dark');

    const saved = await (await page.request.get('/api/practice/settings')).json();
    expect(saved).toMatchObject({
      reminderTime: '07:30',
      reminderDays: [1, 2, 3, 4, 5],
      reminderEmail: true,
      reminderPush: false,
      emailReplies: true,
      theme: 'dark',
    });

    // The theme is there before the app's code runs on the next visit.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('switch', { name: 'Daily reminder' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
