import {
  createForum,
  expect,
  openBrowserAs,
  postIdFrom,
  signUpNewMember,
  test,
  uniqueWord,
} from './fixtures.ts';

test.describe('the community', () => {
  test('one member posts, another comments and likes, both see the counts, the admin tidies up', async ({
    adminApi: admin,
    page,
    browser,
  }) => {
    const word = uniqueWord('dawn');
    const forum = await createForum(admin, {
      title: `Morning Practice ${word}`,
      description: 'Small rituals for the first hour of the day.',
      category: 'practice',
    });

    // Wren finds the forum under Practice & Techniques and writes the first post.
    await signUpNewMember(page, { firstName: 'Wren', lastName: 'Alder' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    const practice = page.getByRole('region', { name: 'Practice & Techniques' });
    await practice.getByRole('link', { name: new RegExp(forum.title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: forum.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    await page.getByRole('link', { name: 'New Post' }).click();

    const createButton = page.getByRole('button', { name: 'Create Post' });
    await expect(createButton).toBeDisabled();
    await page.getByLabel('Post Title').fill('  Quiet mornings  ');
    await expect(page.getByText('18/200')).toBeVisible();
    await expect(createButton).toBeDisabled();
    const content = '  Ten slow breaths before the kettle.\nThen a minute at the window.  ';
    await page.getByLabel('Content').fill(content);
    await expect(page.getByText(`${content.length}/2000`)).toBeVisible();
    await createButton.click();

    await expect(page).toHaveURL(/\/community\/posts\/[0-9a-f-]{36}$/);
    const postId = postIdFrom(page);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toBeVisible();
    expect(await title.textContent(), 'the title is trimmed').toBe('Quiet mornings');
    const saved = await (await page.request.get(`/api/posts/${postId}`)).json();
    expect(saved.title).toBe('Quiet mornings');
    expect(saved.content).toBe('Ten slow breaths before the kettle.\nThen a minute at the window.');
    await expect(page.getByText('Then a minute at the window.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like post, 0 likes' })).toBeVisible();

    // Sol, from another browser, comments and likes.
    const sol = await openBrowserAs(browser);
    await signUpNewMember(sol.page, { firstName: 'Sol', lastName: 'Rivers' });
    await sol.page.goto(`/community/posts/${postId}`);
    await expect(sol.page.getByRole('heading', { level: 1, name: 'Quiet mornings' })).toBeVisible();
    await expect(sol.page.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await sol.page.getByLabel('Add a comment').fill('  Thank you, Wren. Trying this tomorrow.  ');
    await sol.page.getByRole('button', { name: 'Post Comment' }).click();
    const solComment = sol.page.getByRole('article', { name: 'Sol Rivers' });
    await expect(solComment.getByText('Thank you, Wren. Trying this tomorrow.')).toBeVisible();
    await expect(sol.page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(sol.page.getByLabel('Add a comment')).toHaveValue('');
    const solLike = sol.page.getByRole('button', { name: /^Like post/ });
    await solLike.click();
    await expect(solLike).toHaveAccessibleName('Like post, 1 like');
    await expect(solLike).toHaveAttribute('aria-pressed', 'true');

    // Wren sees the comment and the like.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Like post, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByText('1 comment', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Sol Rivers' })).toBeVisible();
    await page.getByRole('link', { name: forum.title }).click();
    // The card is an article named by its title; its link is the title alone (stretched over the card).
    await expect(page.getByRole('link', { name: 'Quiet mornings' })).toHaveText('Quiet mornings');
    const row = page.getByRole('article', { name: 'Quiet mornings' });
    await expect(row).toContainText('1 like');
    await expect(row).toContainText('1 comment');
    await expect(row).toContainText('Wren Alder');
    await expect(page.getByText('1 post', { exact: true })).toBeVisible();
    // The whole card still opens the post: a click on the author's avatar, far from the title.
    await row.click({ position: { x: 8, y: 8 } });
    await expect(page).toHaveURL(new RegExp(`/community/posts/${postId}$`));

    // The admin removes the comment, then the post, each with a reason the author receives.
    const moderator = await openBrowserAs(browser, { storageState: await admin.storageState() });
    await moderator.page.goto(`/community/posts/${postId}`);
    await moderator.page.getByRole('button', { name: 'Remove comment by Sol Rivers' }).click();
    const commentDialog = moderator.page.getByRole('dialog', { name: 'Remove this comment?' });
    await expect(commentDialog).toContainText('The author receives your reason by e-mail');
    await commentDialog.getByLabel(/Reason/).fill('Off topic for this thread');
    await commentDialog.getByRole('button', { name: 'Remove comment' }).click();
    await expect(moderator.page.getByRole('article', { name: 'Sol Rivers' })).toHaveCount(0);
    await expect(moderator.page.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

    await moderator.page.getByRole('button', { name: 'Remove post' }).click();
    const postDialog = moderator.page.getByRole('dialog', { name: 'Remove this post?' });
    await postDialog.getByLabel(/Reason/).fill('Posted twice');
    await postDialog.getByRole('button', { name: 'Remove post' }).click();
    await expect(moderator.page).toHaveURL(new RegExp(`/community/${forum.slug}$`));
    await expect(moderator.page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    expect((await page.request.get(`/api/posts/${postId}`)).status()).toBe(404);

    expect(sol.errors, 'console errors for Sol').toEqual([]);
    expect(moderator.errors, 'console errors for the admin').toEqual([]);
    await sol.context.close();
    await moderator.context.close();
  });

  test('what members write is shown as text and never runs', async ({ adminApi: admin, page }) => {
    const forum = await createForum(admin, {
      title: `Open Circle ${uniqueWord('ink')}`,
      description: 'Anything on your mind.',
      category: 'general',
    });

    await signUpNewMember(page);
    await page.goto(`/community/${forum.slug}/new-post`);
    const hostileTitle = '<img src=x onerror="window.__xss=1">';
    const lines = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=1</script>',
      'javascript:alert(1)',
      'Notes: https://example.com/calm',
    ];
    await page.getByLabel('Post Title').fill(hostileTitle);
    await page.getByLabel('Content').fill(lines.join('\n'));
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page).toHaveURL(/\/community\/posts\//);

    await expect(page.getByRole('heading', { level: 1, name: hostileTitle })).toBeVisible();
    const post = page.getByRole('article', { name: hostileTitle });
    for (const line of lines) await expect(post).toContainText(line);
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
    const link = page.getByRole('link', { name: 'https://example.com/calm' });
    await expect(link).toHaveAttribute('href', 'https://example.com/calm');
    await expect(link).toHaveAttribute('rel', 'noopener nofollow ugc');
    await expect(link).toHaveAttribute('target', '_blank');

    // A comment with the same payloads is inert too, and so is the forum's preview.
    await page.getByLabel('Add a comment').fill('<script>window.__xss=1</script> javascript:alert(1)');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(page.getByRole('article', { name: 'Juniper Moss' })).toContainText(
      '<script>window.__xss=1</script> javascript:alert(1)',
    );
    await page.goto(`/community/${forum.slug}`);
    // The card's link is the title alone; the preview sits beside it in the card's article.
    await expect(page.getByRole('link', { name: hostileTitle })).toHaveText(hostileTitle);
    await expect(page.getByRole('article', { name: hostileTitle })).toContainText(
      '<script>window.__xss=1</script>',
    );
    await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  test('a member without premium is told a premium forum needs a subscription', async ({
    adminApi: admin,
    page,
  }) => {
    const forum = await createForum(admin, {
      title: `Deep Stillness ${uniqueWord('calm')}`,
      description: 'Long sits and advanced practice.',
      category: 'advanced',
      isPremium: true,
    });

    await signUpNewMember(page);
    await page.goto('/community');
    const card = page
      .getByRole('region', { name: 'Advanced Topics' })
      .getByRole('link', { name: new RegExp(forum.title) });
    await expect(card.getByText('Premium')).toBeVisible();
    await card.click();
    await expect(
      page.getByText('This community forum requires a premium subscription.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/community$/);

    // Arriving by address shows the same reason and the way to subscribe.
    await page.goto(`/community/${forum.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: forum.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'A premium forum' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    await expect(page.getByRole('link', { name: 'New Post' })).toHaveCount(0);
  });
});
