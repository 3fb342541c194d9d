import {
  createContent,
  expect,
  installAudioObject,
  signInAdminThroughApi,
  signOutOfApi,
  signUpNewMember,
  test,
  uniqueWord,
  watchConsoleErrors,
} from './fixtures.ts';

// Far from the server's clock and language: what a page shows must not depend on either side's.
test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

/**
 * Every page the server renders is taken over by the app without a hydration mismatch (React's
 * errors #418/#423/#425, or any other console error): the landing page for a visitor, and a
 * member's library, a playable item and an article, each loaded fresh.
 */
test('server-rendered pages hydrate without a mismatch', async ({ page, baseURL }) => {
  const errors = watchConsoleErrors(page);
  await page.goto('/');
  // The browser asks for German: the server draws the landing page in German, and so must the app.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Jetzt kostenlos beginnen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors, 'landing page').toEqual([]);

  const word = uniqueWord('hydrate');
  await signInAdminThroughApi(page, baseURL!);
  const audio = await createContent(page, baseURL!, {
    title: `Settling Breath ${word}`,
    description: `Five quiet minutes. ${word}`,
    type: 'audio',
    duration: 20,
    isPremium: false,
    tags: ['breath'],
    videoFileUrl: installAudioObject(),
  });
  const video = await createContent(page, baseURL!, {
    title: `Evening Stretch ${word}`,
    description: `Gentle movement. ${word}`,
    type: 'video',
    duration: 20,
    isPremium: false,
    tags: ['movement'],
    calendarDates: ['2026-12-01'],
    videoFileUrl: installAudioObject(),
  });
  const article = await createContent(page, baseURL!, {
    title: `On Resting ${word}`,
    description: `A short read about rest. ${word}`,
    type: 'post',
    isPremium: false,
  });
  await signOutOfApi(page);
  // Signed up in English (the language cookie), then the member chooses German: the pages below
  // are server-rendered in German and must hydrate in German.
  await page.context().addCookies([{ name: 'stillpoint-locale', value: 'en', url: baseURL! }]);
  await signUpNewMember(page);
  const chosen = await page.request.put('/api/user/locale', {
    data: { locale: 'de' },
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(chosen.status()).toBe(200);
  await page.context().addCookies([{ name: 'stillpoint-locale', value: 'de', url: baseURL! }]);

  for (const [name, path, heading] of [
    ['library', '/library', 'Bibliothek'],
    ['playable audio', `/video/${audio.id}`, audio.title],
    ['playable video', `/video/${video.id}`, video.title],
    ['article', `/video/${article.id}`, article.title],
  ] as const) {
    const html = await (await page.goto(path))!.text();
    expect(html, `${name} arrives server-rendered`).toContain('data-server-rendered');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors, name).toEqual([]);
  }
});
