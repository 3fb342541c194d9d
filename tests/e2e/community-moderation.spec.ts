import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import {
  createForum,
  expect,
  openBrowserAs,
  postIdFrom,
  randomClientAddress,
  seriousAccessibilityViolations,
  signUpNewMember,
  signUpThroughApi,
  test,
  uniqueWord,
  withDatabase,
} from './fixtures.ts';

/**
 * Only established members' flags hide a post (verified e-mail; NEW_ACCOUNT_HOURS is 0 here):
 * the journey's flaggers confirm their addresses, as the mailed link would.
 */
async function confirmEmail(email: string) {
  await withDatabase((client) =>
    client.query('update users set email_verified = true where email = $1', [email]),
  );
}

/** A member signed up through the API, for the flags the journey does not type by hand. */
async function memberApi(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
  });
  const member = await signUpThroughApi(api, baseURL);
  await confirmEmail(member.email);
  return api;
}

async function userIdOf(api: APIRequestContext) {
  return (await (await api.get('/api/auth/user')).json()).id as string;
}

/** Screenshots for docs/screenshots, only when asked (SCREENSHOTS=1), so runs leave the tree alone. */
const shouldSaveScreenshots = process.env.SCREENSHOTS === '1';

test.describe('community moderation', () => {
  test('a member edits their post, others flag it until it is hidden, a moderator restores it and mutes', async ({
    adminApi: admin,
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    const forum = await createForum(admin, {
      title: `Evening Circle ${uniqueWord('care')}`,
      description: 'Winding down together.',
      category: 'support',
    });

    // Both projects share one database: the post's title is this run's own.
    const walk = uniqueWord('walk');
    const title = `Evening walk ${walk}`;

    // Wren writes a post, then fixes a typo in it.
    await signUpNewMember(page, { firstName: 'Wren', lastName: 'Alder' });
    await page.goto(`/community/${forum.slug}/new-post`);
    await page.getByLabel('Post Title').fill(`Evenign walk ${walk}`);
    await page.getByLabel('Content').fill('Twenty minutes under the trees without my phone.');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/community\/posts\/[0-9a-f-]{36}$/);
    const postId = postIdFrom(page);
    await page.getByRole('button', { name: 'Edit' }).click();
    const editForm = page.getByRole('form', { name: 'Edit post' });
    await editForm.getByLabel('Post Title').fill(title);
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('edited', { exact: true })).toBeVisible();
    // Nobody flags their own post.
    await expect(page.getByRole('button', { name: 'Flag post' })).toHaveCount(0);

    // Sol flags it as "someone may be at risk" and sees support at once.
    const sol = await openBrowserAs(browser);
    const solMember = await signUpNewMember(sol.page, { firstName: 'Sol', lastName: 'Rivers' });
    await confirmEmail(solMember.email);
    await sol.page.goto(`/community/posts/${postId}`);
    await sol.page.getByRole('button', { name: 'Flag post' }).click();
    const dialog = sol.page.getByRole('dialog', { name: 'Flag this post' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: /Someone may be at risk/ }).check();
    await dialog.getByLabel(/^Note/).fill('They sounded very low in another thread.');
    expect(await seriousAccessibilityViolations(sol.page)).toEqual([]);
    if (shouldSaveScreenshots) await sol.page.screenshot({ path: 'docs/screenshots/flag-dialog-phone.png' });
    await dialog.getByRole('button', { name: 'Send flag' }).click();
    const support = sol.page.getByRole('dialog', { name: 'Thank you for looking out for someone' });
    await expect(support).toBeVisible();
    await expect(support.getByRole('link', { name: /helpline/i })).toBeVisible();
    expect(await seriousAccessibilityViolations(sol.page)).toEqual([]);
    await support.getByRole('button', { name: 'Close', exact: true }).first().click();
    // A second flag by the same member is refused kindly.
    await sol.page.getByRole('button', { name: 'Flag post' }).click();
    await sol.page.getByRole('radio', { name: /Spam/ }).check();
    await sol.page.getByRole('button', { name: 'Send flag' }).click();
    await expect(
      sol.page.getByText('You have flagged this before. Thank you.', { exact: true }),
    ).toBeVisible();

    // Sol leaves a kind word; Wren replies to that comment, quoting it.
    await sol.page.getByLabel('Add a comment').fill('Lovely idea, I will try it tonight.');
    await sol.page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(sol.page.getByRole('article', { name: 'Sol Rivers' })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Reply to Sol Rivers' }).click();
    await expect(page.getByText('Replying to Sol Rivers')).toBeVisible();
    await page.getByLabel('Add a comment').fill('Tell me how it goes.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    const wrenReply = page.getByRole('article', { name: 'Wren Alder' });
    await expect(wrenReply.getByText('Sol Rivers wrote:')).toBeVisible();
    await expect(wrenReply.getByText('Lovely idea, I will try it tonight.')).toBeVisible();

    // Two more members flag it: three distinct flaggers hide it pending review.
    for (const reason of ['unkind', 'spam']) {
      const api = await memberApi(playwright, baseURL!);
      const flagged = await api.post(`/api/posts/${postId}/flag`, { data: { reason } });
      expect(flagged.status(), await flagged.text()).toBe(201);
    }
    await sol.page.goto(`/community/posts/${postId}`);
    await expect(sol.page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await page.reload();
    await expect(page.getByText(/This post is hidden while a moderator takes a look/)).toBeVisible();

    // The admin makes Sol a moderator; Sol works through the queue.
    const solId = await userIdOf(sol.page.request);
    const grant = await admin.put(`/api/admin/users/${solId}`, { data: { isModerator: true } });
    expect(grant.status()).toBe(200);
    await sol.page.goto('/admin/moderation');
    await expect(sol.page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    const item = sol.page.getByRole('article', { name: title });
    await expect(item).toBeVisible();
    await expect(item.getByText('3 members flagged this')).toBeVisible();
    // Who flagged, and how new their accounts are.
    await expect(item.getByRole('list', { name: 'Who flagged' })).toContainText('Sol Rivers');
    await expect(item.getByRole('list', { name: 'Who flagged' })).toContainText(
      'joined less than an hour ago',
    );
    await expect(item.getByText('Someone may be at risk', { exact: true })).toBeVisible();
    await expect(item.getByText('Hidden')).toBeVisible();
    expect(await seriousAccessibilityViolations(sol.page)).toEqual([]);
    if (shouldSaveScreenshots) {
      await sol.page.screenshot({ path: 'docs/screenshots/moderation-queue-phone.png', fullPage: true });
    }
    // Moderators do not see the other admin screens.
    await sol.page.goto('/admin/users');
    await expect(sol.page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await sol.page.goto('/admin/moderation');

    await item.getByRole('button', { name: 'Restore' }).click();
    const restore = sol.page.getByRole('dialog', { name: 'Restore this item?' });
    await restore.getByRole('button', { name: 'Restore' }).click();
    // The dialog closes only once the server has restored it; while it is open the queue behind it
    // is hidden from the accessibility tree, so the item's absence alone proves nothing.
    await expect(restore).toBeHidden({ timeout: 15_000 });
    await expect(item).toHaveCount(0);
    // Moderators read what the post said before Wren's edit.
    await sol.page.goto(`/community/posts/${postId}`);
    await sol.page.getByRole('button', { name: 'Earlier versions of this post' }).click();
    await expect(
      sol.page.getByRole('dialog', { name: 'Earlier versions' }).getByText(`Evenign walk ${walk}`),
    ).toBeVisible();
    await sol.page.keyboard.press('Escape');
    await sol.page.goto('/admin/moderation');

    // A new flag brings it back to the queue, where Sol mutes the author for a day.
    const late = await memberApi(playwright, baseURL!);
    expect((await late.post(`/api/posts/${postId}/flag`, { data: { reason: 'unkind' } })).status()).toBe(201);
    await sol.page.reload();
    await sol.page
      .getByRole('article', { name: title })
      .getByRole('button', { name: 'Mute Wren Alder' })
      .click();
    const mute = sol.page.getByRole('dialog', { name: 'Mute the author?' });
    await mute.getByLabel('How long').selectOption('1');
    await mute.getByLabel(/Reason/).fill('Please take a short pause; a few replies were sharp.');
    await mute.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(mute).toBeHidden();

    // Wren can still read, and is told kindly why writing is paused.
    await page.goto(`/community/posts/${postId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Your posting is paused until/)).toBeVisible();
    await expect(page.getByLabel('Add a comment')).toHaveCount(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The refused second flag (409) and the hidden post (404) were expected answers; nothing else.
    const unexpected = sol.errors.filter(
      (error) => !/Failed to load resource: the server responded with a status of 40(4|9)/.test(error),
    );
    expect(unexpected).toEqual([]);
    await sol.context.close();
  });
});
