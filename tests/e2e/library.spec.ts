import {
  createContent,
  expect,
  installAudioObject,
  readAudio,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpNewMember,
  test,
  todayKey,
  uniqueWord,
} from './fixtures.ts';

test.describe('the content library', () => {
  test('a member finds a free audio session, listens, saves it, keeps listening elsewhere and finds it on the calendar', async ({
    page,
    baseURL,
  }) => {
    // The admin puts one free audio session on today's calendar.
    const word = uniqueWord('tide');
    const title = `Evening Tide ${word}`;
    await signInAdminThroughApi(page, baseURL!);
    const session = await createContent(page, baseURL!, {
      title,
      description: `A slow breath for the end of the day.\n\nLet the ${word} carry you.`,
      type: 'audio',
      duration: 20,
      isPremium: false,
      tags: ['evening', 'breath', 'sleep'],
      intensity: 'gentle',
      calendarDates: [todayKey()],
      videoFileUrl: installAudioObject(),
    });
    await signOutOfApi(page);

    // A new member arrives at the library from the tab bar.
    await signUpNewMember(page);
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await tabs.getByRole('link', { name: 'Library' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Content Library' })).toBeVisible();

    // Filters: audio only, then the session's word.
    await page.getByLabel('Type').selectOption('audio');
    await page.getByRole('searchbox', { name: 'Search content' }).fill(word);
    const results = page.getByRole('region', { name: 'Search Results' });
    await expect(results.getByRole('article')).toHaveCount(1);
    const card = results.getByRole('article', { name: title });
    await expect(card.getByText('Audio')).toBeVisible();
    await expect(card.getByText('+1 more')).toBeVisible();
    await card.getByRole('link', { name: title }).click();

    // The item page plays it through the app's one audio element.
    await expect(page).toHaveURL(new RegExp(`/video/${session.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: `Play ${title}` }).click();
    await expect(page.getByRole('button', { name: `Pause ${title}` })).toBeVisible();
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(0.5);

    // Saved as a favourite.
    const favorite = page.getByRole('button', { name: 'Favorite' });
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith(`/api/user/favorites/${session.id}`) && response.ok(),
    );
    await favorite.click();
    await saved;
    await expect(favorite).toHaveAttribute('aria-pressed', 'true');

    // Home: the session keeps playing in the mini-player, above the tab bar.
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/welcome (back|to stillpoint)/i);
    const miniPlayer = page.getByRole('region', { name: 'Now playing' });
    await expect(miniPlayer).toBeVisible();
    await expect(miniPlayer.getByRole('link', { name: new RegExp(title) })).toHaveAttribute(
      'href',
      `/video/${session.id}`,
    );
    await expect(miniPlayer.getByRole('button', { name: `Pause ${title}` })).toBeVisible();
    const atHome = (await readAudio(page)).currentTime;
    await expect.poll(async () => (await readAudio(page)).currentTime).toBeGreaterThan(atHome);
    expect((await readAudio(page)).paused).toBe(false);

    // The calendar opens on today, where the session is scheduled.
    await tabs.getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Journey' })).toBeVisible();
    const today = page.locator('button[aria-current="date"]');
    await expect(today).toHaveAttribute('aria-pressed', 'true');
    await expect(today).toHaveAccessibleName(/, \d+ items?$/);
    await expect(page.getByRole('main').getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(miniPlayer).toBeVisible();

    // The mini-player leads back to the item, where the page is the player again.
    await miniPlayer.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(miniPlayer).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a free member clicking a premium card is told it needs a subscription', async ({ page, baseURL }) => {
    const word = uniqueWord('quiet');
    const title = `Deep Stillness ${word}`;
    await signInAdminThroughApi(page, baseURL!);
    await createContent(page, baseURL!, {
      title,
      description: `A longer practice for members. ${word}`,
      type: 'video',
      duration: 1500,
      isPremium: true,
      tags: ['rest'],
    });
    await signOutOfApi(page);
    await signUpNewMember(page);
    await page.goto(`/library?search=${word}`);
    const results = page.getByRole('region', { name: 'Search Results' });
    const card = results.getByRole('article', { name: title });
    await expect(card.getByText('Premium')).toBeVisible();
    await card.getByRole('link', { name: title }).click();

    await expect(
      page.getByText('This content requires a premium subscription.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/library\\?search=${word}$`));
  });

  test('a free member opening a premium article reads its opening and the invitation, never the rest', async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord('harbour');
    const hidden = uniqueWord('withheld');
    const title = `The Still Harbour ${word}`;
    const opening = 'Sit where you are and let the day settle around you. '.repeat(4).trim();
    await signInAdminThroughApi(page, baseURL!);
    const article = await createContent(page, baseURL!, {
      title,
      description: `${opening}\n\n${'Stay with the breath a little longer. '.repeat(60)}${hidden} is the last word.`,
      type: 'post',
      isPremium: true,
      tags: ['rest'],
    });
    await signOutOfApi(page);
    await signUpNewMember(page);
    // The page arrives rendered on the server with the item as the API gives this member (decision
    // 058): the teaser is all the HTML holds, markup and data alike.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { serverRenderedHeading?: Element | null }).serverRenderedHeading =
          document.querySelector('h1');
      });
    });
    const html = await (await page.goto(`/video/${article.id}`))!.text();
    expect(html).toContain('<div id="root" data-server-rendered="" data-start="on-intent"');
    expect(html).toContain(title);
    expect(html).not.toContain(hidden);
    const state = JSON.parse(/id="stillpoint-state">(.*?)<\/script>/s.exec(html)![1]!) as {
      queries: { queryKey: string[]; state: { data: unknown } }[];
    };
    const serverRenderedItem = state.queries.find(
      (query) => query.queryKey.join('/') === `/api/videos/${article.id}`,
    );
    expect(serverRenderedItem?.state.data).toMatchObject({ isTeaser: true, readingMinutes: 3 });

    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(opening)).toBeVisible();
    await expect(page.getByTestId('content-teaser')).toContainText('…');
    await expect(page.getByText('3 min')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Premium Content' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscribe');
    await expect(page.getByText(hidden)).toHaveCount(0);
    // The app took over the server-rendered page (its link works, as a click on it shows below) and kept
    // its elements: the heading the HTML brought is the one on screen.
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(
        () => (window as { serverRenderedHeading?: Element | null }).serverRenderedHeading?.isConnected,
      ),
    ).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });
});
