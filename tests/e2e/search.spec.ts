import {
  createForum,
  expect,
  openAdminApi,
  seriousAccessibilityViolations,
  signUpNewMember,
  test,
  uniqueWord,
} from './fixtures.ts';

/** Screenshots for docs/screenshots, only when asked (SCREENSHOTS=1), so runs leave the tree alone. */
const shouldSaveScreenshots = process.env.SCREENSHOTS === '1';

test.describe('search', () => {
  test('a member searches from the header, sees the library and the forums with the words marked, and opens a result', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    // Both projects share one database: the searched word is this run's own.
    const word = uniqueWord('lantern');
    const admin = await openAdminApi(playwright, baseURL!);
    const item = await admin.post('/api/videos', {
      data: {
        title: `Carrying a ${word} into sleep`,
        description: `A slow body scan for the evening. Imagine a ${word} glowing softly as each part of the body rests.`,
        type: 'audio',
        duration: 600,
      },
    });
    expect(item.status(), await item.text()).toBe(201);
    const forum = await createForum(admin, {
      title: `Evening Practice ${uniqueWord('circle')}`,
      description: 'Winding down together.',
      category: 'practice',
    });
    const post = await admin.post(`/api/forums/${forum.slug}/posts`, {
      data: {
        title: `The ${word} walk`,
        content: 'Twenty minutes at dusk with only a small light and the sound of steps.',
      },
    });
    expect(post.status(), await post.text()).toBe(201);
    const postId = (await post.json()).id as string;
    const comment = await admin.post(`/api/posts/${postId}/comments`, {
      data: { content: `I tried it last night: the ${word} made the path feel gentle.` },
    });
    expect(comment.status(), await comment.text()).toBe(201);

    await signUpNewMember(page, { firstName: 'Iris', lastName: 'Fern' });
    const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
    if (isPhone) {
      // Phones: the compact search button opens the screen, whose field takes the width.
      await page.getByRole('link', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search$/);
      const field = page
        .getByRole('search', { name: 'Search Stillpoint' })
        .getByLabel('Search the library and the forums');
      await expect(field).toBeFocused();
      await field.fill(word);
      await field.press('Enter');
    } else {
      const field = page
        .getByRole('search', { name: 'Site search' })
        .getByLabel('Search the library and the forums');
      await field.fill(word);
      await field.press('Enter');
    }
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('1 result in the library, 2 results in the forums.');

    const library = page.getByRole('region', { name: 'Library' });
    const libraryLink = library.getByRole('link', { name: `Carrying a ${word} into sleep` });
    await expect(libraryLink).toBeVisible();
    await expect(libraryLink.locator('mark')).toHaveText(word);

    const forums = page.getByRole('region', { name: 'Forums' });
    await expect(forums.getByRole('listitem')).toHaveCount(2);
    await expect(forums.locator('mark').first()).toHaveText(word);
    await expect(
      forums.getByText(`I tried it last night: the ${word} made the path feel gentle.`),
    ).toBeVisible();

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    if (shouldSaveScreenshots) {
      await page.screenshot({
        path: `docs/screenshots/search-results-${testInfo.project.name}.png`,
        fullPage: true,
      });
    }

    // Opening a forum result leads to the post.
    await forums.getByRole('link', { name: `The ${word} walk`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/community/posts/${postId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`The ${word} walk`);

    // A search with nothing to find says so kindly.
    await page.goto(`/search?q=${uniqueWord('nothing')}`);
    await expect(page.getByRole('status')).toHaveText(/Nothing found for/);
    await expect(page.getByText('No conversations match these words yet.')).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
