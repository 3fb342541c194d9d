import fs from 'node:fs';
import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import {
  createForum,
  expect,
  newMember,
  openAdminApi,
  postIdFrom,
  randomClientAddress,
  seriousAccessibilityViolations,
  signUpNewMember,
  test,
  uniqueWord,
  withDatabase,
} from './fixtures.ts';

/** Writing well: Markdown, mentions and edits (docs/product.md, Community). */

/** A member signed up through the API, who may already have written in the forum. */
async function memberApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  names: { firstName: string; lastName: string },
) {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL).origin, 'x-forwarded-for': randomClientAddress() },
  });
  const member = { ...newMember(), ...names };
  const response = await api.post('/api/auth/sign-up/email', {
    data: { ...member, name: `${member.firstName} ${member.lastName}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  // Sign-up opens no session (issue 32): sign in as the form does.
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: member.email, password: member.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return { api, member };
}

/** Screenshots to look at, only when asked (SCREENSHOTS=1), outside the tree. */
const screenshotDir = process.env.SCREENSHOTS === '1' ? '.tmp/screenshots' : null;
async function screenshot(page: Page, name: string, projectName: string) {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}-${projectName}.png` });
}

/** Each focusable element in Tab order sits below, or on the same line and right of, the one before. */
async function expectTabOrderFollowsScreen(page: Page, first: string, count: number) {
  await page.getByLabel(first).focus();
  const boxes: { name: string; x: number; y: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    boxes.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const box = element.getBoundingClientRect();
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id,
          x: box.x,
          y: box.y + window.scrollY,
        };
      }),
    );
    await page.keyboard.press('Tab');
  }
  for (let index = 1; index < boxes.length; index += 1) {
    const [before, after] = [boxes[index - 1]!, boxes[index]!];
    const isBelow = after.y > before.y + 4;
    const isRightOnSameLine = Math.abs(after.y - before.y) <= 4 && after.x > before.x;
    expect(
      isBelow || isRightOnSameLine,
      `Tab from "${before.name}" to "${after.name}" follows the screen`,
    ).toBe(true);
  }
}

test.describe('writing in the community', () => {
  test('a member writes a formatted post with a mention, sees it rendered, and edits it', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    const admin = await openAdminApi(playwright, baseURL!);
    const forum = await createForum(admin, {
      title: `Slow Mornings ${uniqueWord('write')}`,
      description: 'Starting the day gently.',
      category: 'practice',
    });
    // Linden has written in the forum before: the picker offers them.
    const linden = await memberApi(playwright, baseURL!, { firstName: 'Linden', lastName: 'Brook' });
    const earlier = await linden.api.post(`/api/forums/${forum.slug}/posts`, {
      data: { title: 'Tea first', content: 'A cup of tea before sitting.' },
    });
    expect(earlier.status()).toBe(201);

    await signUpNewMember(page, { firstName: 'Ivy', lastName: 'Hale' });
    await page.goto(`/community/${forum.slug}/new-post`);
    const title = `Five breaths ${uniqueWord('b')}`;
    await page.getByLabel('Post Title').fill(title);
    const content = page.getByLabel('Content');
    await content.fill(
      '**Five** slow breaths, *no hurry*.\n\n- in for four\n- out for six\n\n> Be where your feet are.\n\nMore in [the guide](https://example.org/breath), thanks to ',
    );
    await expect(page.getByText(/Formatting if you like: \*\*bold\*\*/)).toBeVisible();

    // Typing @ offers people; the keyboard chooses.
    await content.press('End');
    await content.pressSequentially('@Lin');
    const picker = page.getByRole('listbox', { name: 'People to mention' });
    await expect(picker.getByRole('option', { name: /Linden Brook/ })).toBeVisible();
    await expect(content).toHaveAttribute('aria-expanded', 'true');
    const activeId = await content.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute('aria-selected', 'true');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mention-picker', testInfo.project.name);
    await content.press('Enter');
    await expect(picker).toHaveCount(0);
    await expect(content).toHaveValue(/thanks to @\[Linden Brook\]\(user:[0-9a-f-]{36}\) $/);
    await content.pressSequentially('for the idea.');

    // Tab follows what is on screen (issue 14 found it did not at 390 px).
    await expectTabOrderFollowsScreen(page, 'Post Title', 4);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/community\/posts\/[0-9a-f-]{36}$/);
    const postId = postIdFrom(page);
    const body = page.locator('article .member-text').first();
    await expect(body.locator('strong')).toHaveText('Five');
    await expect(body.locator('em')).toHaveText('no hurry');
    await expect(body.locator('li')).toHaveText(['in for four', 'out for six']);
    await expect(body.locator('blockquote')).toContainText('Be where your feet are.');
    const link = body.getByRole('link', { name: 'the guide' });
    await expect(link).toHaveAttribute('href', 'https://example.org/breath');
    await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(body.locator('.mention')).toHaveText('@Linden Brook');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'formatted-post', testInfo.project.name);

    // Linden is told once, in the notification centre.
    const told = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `select count(*)::int as n from notifications n join users u on u.id = n.recipient_id
          where u.email = $1 and n.kind = 'mention' and n.post_id = $2`,
        [linden.member.email, postId],
      );
      return rows[0].n as number;
    });
    expect(told).toBe(1);

    // Ivy edits: the mention stays, and the new words show formatted.
    await page.getByRole('button', { name: 'Edit' }).click();
    const editForm = page.getByRole('form', { name: 'Edit post' });
    const editContent = editForm.getByLabel('Content');
    await expect(editContent).toHaveValue(/@\[Linden Brook\]\(user:/);
    await editContent.press('ControlOrMeta+End');
    await editContent.pressSequentially('\n\nAlso `4-7-8` at night.');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(editForm).toHaveCount(0);
    await expect(body.locator('code')).toHaveText('4-7-8');
    await expect(body.locator('.mention')).toHaveText('@Linden Brook');
    await expect(page.getByText('edited', { exact: true })).toBeVisible();
    const toldAfterEdit = await withDatabase(async (client) => {
      const { rows } = await client.query(
        `select count(*)::int as n from notifications n join users u on u.id = n.recipient_id
          where u.email = $1 and n.kind = 'mention'`,
        [linden.member.email],
      );
      return rows[0].n as number;
    });
    expect(toldAfterEdit).toBe(1);

    // The forum list shows a plain-text preview.
    await page.goto(`/community/${forum.slug}`);
    await expect(
      page.getByText(/^Five slow breaths, no hurry\. in for four out for six Be where your feet are\./),
    ).toBeVisible();
  });

  test('a post and a comment full of XSS payloads run no script', async ({ page, playwright, baseURL }) => {
    const admin = await openAdminApi(playwright, baseURL!);
    const forum = await createForum(admin, {
      title: `Open Door ${uniqueWord('xss')}`,
      description: 'Anything goes, safely.',
      category: 'general',
    });
    const payloads = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss = 2">',
      '<svg onload="window.__xss = 3"></svg>',
      '<iframe src="javascript:window.__xss = 4"></iframe>',
      '[click me](javascript:window.__xss=5)',
      '[click me too](JaVaScRiPt:window.__xss=6)',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<a href="javascript:window.__xss=7">raw link</a>',
      '![x](https://x.invalid/a.png"onerror="window.__xss=8)',
      '<details open ontoggle="window.__xss=9">',
      '@[<img src=x onerror=window.__xss=10>](user:00000000-0000-4000-8000-000000000000)',
      '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=11>',
      '"><body onload="alert(12)">',
    ];
    const author = await memberApi(playwright, baseURL!, { firstName: 'Mallory', lastName: 'Test' });
    const created = await author.api.post(`/api/forums/${forum.slug}/posts`, {
      data: { title: 'Payloads', content: payloads.join('\n\n') },
    });
    expect(created.status(), await created.text()).toBe(201);
    const postId = (await created.json()).id as string;
    const commented = await author.api.post(`/api/posts/${postId}/comments`, {
      data: { content: payloads.join(' ') },
    });
    expect(commented.status()).toBe(201);

    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await signUpNewMember(page, { firstName: 'Rue', lastName: 'Calder' });
    await page.goto(`/community/posts/${postId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payloads' })).toBeVisible();
    await expect(page.getByText('<script>window.__xss = 1</script>', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Mallory Test' })).toBeVisible();
    // Give anything that might fire (image errors, toggles) the time to.
    await page.waitForTimeout(500);
    for (const link of await page.locator('.member-text a').all()) await link.hover();
    const found = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: number }).__xss ?? null,
      scripts: document.querySelectorAll(
        '.member-text script, .member-text img, .member-text svg, .member-text iframe',
      ).length,
      handlers: [...document.querySelectorAll('.member-text *')].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
      ).length,
      badLinks: [...document.querySelectorAll('.member-text a')].filter(
        (a) => !/^(https?:|mailto:)/i.test(a.getAttribute('href') ?? 'https:'),
      ).length,
    }));
    expect(found).toEqual({ flag: null, scripts: 0, handlers: 0, badLinks: 0 });
    expect(dialogs).toBe(0);
    await page.goto(`/community/${forum.slug}`);
    await expect(page.getByText(/<script>window.__xss = 1<\/script>/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    expect(dialogs).toBe(0);
  });
});
