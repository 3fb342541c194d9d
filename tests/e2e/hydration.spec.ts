import type { Page } from '@playwright/test';
import {
  createContent,
  expect,
  installAudioObject,
  signInAdminThroughApi,
  signOutOfApi,
  signUpNewMember,
  signUpThroughApi,
  test,
  uniqueWord,
  waitForApp,
  watchConsoleErrors,
} from './fixtures.ts';

/** Whether the app has taken the page over (src/client/main.tsx marks #root once it has). */
const isStarted = (page: Page) =>
  page
    .locator('#root[data-started]')
    .count()
    .then((count) => count === 1);

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
  // The visitor's first move starts the app (decision 103), which takes the page over.
  await page.mouse.move(20, 20);
  await waitForApp(page);
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
    // The member's first move starts the app (decision 104; at once on the first page, where the
    // device does not hold the account yet), which takes the page over.
    await page.mouse.move(20, 20);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(errors, name).toEqual([]);
  }
});

/**
 * The landing page is whole without the app (decision 103): its code is fetched once the page has
 * loaded but runs only at the visitor's first move, and a choice made before React owns the page
 * is not lost.
 */
test('the landing page runs the app at the first move, keeping a choice made before it', async ({ page }) => {
  const errors = watchConsoleErrors(page);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Fetched beforehand, so the first move waits only for it to run…
  await expect.poll(() => asked.filter((path) => /^\/assets\/index-[^/]+\.js$/.test(path))).toHaveLength(1);
  // …but not run: nothing of the app has asked the API anything, nor taken the page over.
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(await isStarted(page)).toBe(false);

  // The footer's language, chosen while the app is still starting: the choice holds once React
  // owns the list, and the page turns Spanish.
  await page.getByLabel('Sprache').selectOption({ label: 'Español' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Empezar' })).toBeVisible();
  expect(await isStarted(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('a search sent from the landing page before the app runs is sent once it does', async ({ page }) => {
  // The header's search field shows from 768 px (phones open the search screen instead).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // Sent by the page itself, with no pointer or key (which would start the app first): the form is
  // still the server's HTML, so the browser would have reloaded the landing page with `?search=`.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>('form[role="search"]');
    const field = form?.querySelector<HTMLInputElement>('input[name="search"]');
    if (!form || !field) throw new Error('the header has no search form');
    field.value = 'evening calm';
    form.requestSubmit();
  });
  // A visitor is asked to sign in first, and comes back to the search.
  await expect(page).toHaveURL(`/sign-in?returnTo=${encodeURIComponent('/search?q=evening%20calm')}`);
});

/**
 * A member's library and item pages are whole without the app too (decision 104). On a device
 * that keeps nothing yet, or holds the account as the server sees it, the app runs at the first
 * move, and text typed into the library's search before React owns the field is searched once it
 * does. A device holding another account's data, or something waiting to be sent, runs it at once.
 */
test("a member's page runs the app at the first move, or at once when the device has work for it", async ({
  page,
  baseURL,
}) => {
  const errors = watchConsoleErrors(page);
  const word = uniqueWord('intent');
  await signInAdminThroughApi(page, baseURL!);
  const item = await createContent(page, baseURL!, {
    title: `Quiet Field ${word}`,
    description: `Rest a while. ${word}`,
    type: 'audio',
    duration: 20,
    isPremium: false,
    tags: ['rest'],
    videoFileUrl: installAudioObject(),
  });
  await signOutOfApi(page);
  await signUpThroughApi(page.request, baseURL!);

  // Signed in elsewhere (the API), on a device that keeps nothing yet: nothing for the app to do,
  // so nothing of it runs until the member moves.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/library');
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(await isStarted(page)).toBe(false);
  await page.mouse.move(20, 20);
  await waitForApp(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('stillpoint:account'))).not.toBeNull();
  const account = await page.evaluate(() => localStorage.getItem('stillpoint:account'));

  // Another account's data left on the device: the app runs at once, without a move, and forgets it.
  await page.evaluate(() => {
    localStorage.setItem('stillpoint:account', JSON.stringify({ id: 'someone-else' }));
    localStorage.setItem('stillpoint:someone-else:timer-presets', '[]');
  });
  await page.goto('/library');
  await waitForApp(page);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('stillpoint:someone-else:timer-presets')))
    .toBeNull();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('stillpoint:account'))).toBe(account);

  // The device holds this account as the server sees it: again nothing runs until the member moves.
  asked.length = 0;
  await page.goto('/library');
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([]);
  expect(await isStarted(page)).toBe(false);
  // The tab is named for the screen all the same (the server's page carries its title).
  await expect(page).toHaveTitle('Bibliothek · Stillpoint');

  // Typed before React owns the field (set by the page itself, as no real key can come before the
  // app starts): the app starts, takes the field over with the text in it, and searches for it.
  const search = page.getByRole('searchbox', { name: 'Inhalte suchen' });
  await search.evaluate((field: HTMLInputElement, text) => {
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, word);
  const results = page.getByRole('region', { name: 'Suchergebnisse' });
  await expect(results.getByRole('article', { name: item.title })).toBeVisible();
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`/library\\?search=${word}$`));
  await expect(search).toHaveValue(word);

  // Listening done offline, waiting in the outbox: the app runs at once and sends it.
  await page.evaluate((videoId) => {
    const { id } = JSON.parse(localStorage.getItem('stillpoint:account')!) as { id: string };
    const entry = {
      kind: 'progress',
      videoId,
      positionSeconds: 7,
      completed: false,
      savedAt: new Date().toISOString(),
    };
    localStorage.setItem(`stillpoint:${id}:outbox`, JSON.stringify([entry]));
  }, item.id);
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && new URL(request.url()).pathname === `/api/progress/${item.id}`,
  );
  await page.goto(`/video/${item.id}`);
  await sent;
  await waitForApp(page);
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(':outbox'))))
    .toEqual([]);

  // The first tap on an untouched item page starts the app, and is done once the item screen
  // (its code loaded and drawn after the page) is the app's: the item becomes a favourite.
  await page.goto(`/video/${item.id}`);
  await page.waitForLoadState('networkidle');
  expect(await isStarted(page)).toBe(false);
  const favorite = page.getByRole('button', { name: 'Favorit', exact: true });
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  expect(errors).toEqual([]);
});
