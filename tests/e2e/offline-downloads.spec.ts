import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import {
  createContent,
  expect,
  installAudioObject,
  readAudio,
  seriousAccessibilityViolations,
  signInAdminThroughApi,
  signOutOfApi,
  signUpThroughApi,
  subscribeThroughTestCheckout,
  test,
  uniqueWord,
  waitForApp,
} from './fixtures.ts';

const SCREENSHOTS = 'docs/screenshots';

async function createAudioItem(page: Page, baseURL: string, isPremium: boolean) {
  const word = uniqueWord('harbour');
  await signInAdminThroughApi(page, baseURL);
  const item = await createContent(page, baseURL, {
    title: `Harbour Lights ${word}`,
    description: 'A slow evening breath by the water, for the ride home.',
    type: 'audio',
    duration: 60,
    isPremium,
    tags: ['evening'],
    videoFileUrl: installAudioObject(),
  });
  await signOutOfApi(page);
  return item;
}

/**
 * The page is controlled by the app's service worker (it claims the first page it installs on).
 * Installing fetches every precached file one after another (about 260), which took 20 s on a busy
 * 2-core machine with tracing on: the wait allows for twice that.
 */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker?.controller?.scriptURL ?? null), {
      timeout: 45_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** What this device keeps for accounts: download caches and stored keys. */
async function deviceData(page: Page) {
  return page.evaluate(async () => ({
    caches: (await caches.keys()).filter((name) => name.startsWith('stillpoint-downloads:')),
    keys: Object.keys(localStorage).filter((key) => key.startsWith('stillpoint:')),
  }));
}

function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

test.describe('the installable app and offline downloads', () => {
  // Requests the browser could not send while offline are expected, not errors of the app.
  test.afterEach(({ consoleErrors }) => {
    const offlineNoise = /ERR_INTERNET_DISCONNECTED/;
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !offlineNoise.test(text)),
    );
  });

  test('the site is installable (no installability errors)', async ({ baseURL }) => {
    // Chromium never offers to install from an incognito profile, which is what a test context is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Stillpoint', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon: { purpose?: string }) => icon.purpose === 'maskable')).toBe(true);
    // The visitor's first move starts the app, which installs the offline app.
    await page.mouse.move(20, 20);
    await waitForServiceWorker(page);
    const cdp = await page.context().newCDPSession(page);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([]);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  test('a new deployment waits, and the app offers "A new version is available — Reload"', async ({
    page,
  }) => {
    await page.goto('/');
    await page.mouse.move(20, 20);
    await waitForServiceWorker(page);
    const workerFile = path.resolve('dist/client/sw.js');
    const original = fs.readFileSync(workerFile);
    try {
      // A new deployment: the worker's bytes change.
      fs.writeFileSync(workerFile, Buffer.concat([original, Buffer.from(`\n// deployment ${Date.now()}\n`)]));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await expect(banner).toBeVisible({ timeout: 20_000 });
      // Nothing switched under the member: the old worker still runs the page.
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(true);
      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
      await expect(banner).toHaveCount(0);
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(false);
    } finally {
      fs.writeFileSync(workerFile, original);
    }
  });

  test('a premium member downloads a session, plays and seeks it offline, and loses it when premium ends', async ({
    page,
    context,
    baseURL,
  }) => {
    const item = await createAudioItem(page, baseURL!, true);
    await signUpThroughApi(page.request, baseURL!);
    await subscribeThroughTestCheckout(page.request, baseURL!);

    await page.goto(`/video/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    // The member's first move starts the app (decision 104), which installs the offline app.
    await page.mouse.move(20, 20);
    await waitForServiceWorker(page);

    // Download, with its progress and Cancel while the file is on its way (over a slow network).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 96 * 1024,
      uploadThroughput: -1,
    });
    const control = page.getByRole('region', { name: 'Offline download' });
    await control.getByRole('button', { name: 'Download' }).click();
    await expect(control.getByRole('progressbar', { name: 'Download progress' })).toBeVisible();
    await expect(control.getByText(/^\d{3}(\.\d)? KB of \d/)).toBeVisible({ timeout: 15_000 });
    await expect(control.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await shot(page, 'item-downloading-390');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Hand network emulation back to Playwright (setOffline below).
    await cdp.send('Network.disable');
    await cdp.detach();
    await expect(control.getByText('Downloaded')).toBeVisible({ timeout: 20_000 });
    await expect(control.getByRole('button', { name: 'Remove' })).toBeVisible();
    await shot(page, 'item-downloaded-390');
    expect(await seriousAccessibilityViolations(page), 'axe on the item page').toEqual([]);
    // The service worker kept the app and the download, and no API answer (personal data).
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((url) => url.startsWith('/offline-media/'))).toHaveLength(1);
    expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/media/'))).toEqual([]);

    // No network: the app still opens, and Downloads lists the session.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    const list = page.getByRole('region', { name: 'On this device' });
    await expect(list.getByRole('link', { name: item.title, exact: true })).toBeVisible();
    await expect(page.getByText(/used by 1 download/)).toBeVisible();
    await shot(page, 'downloads-offline-390');
    expect(await seriousAccessibilityViolations(page), 'axe on Downloads').toEqual([]);

    // It plays from the stored file, and seeks.
    await list.getByRole('link', { name: item.title, exact: true }).click();
    await page.getByRole('button', { name: `Play ${item.title}` }).click();
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect((await readAudio(page)).src).toContain('/offline-media/');
    await page.getByRole('button', { name: 'Forward 15 seconds' }).click();
    await expect.poll(async () => (await readAudio(page)).currentTime).toBeGreaterThan(15);
    const afterSeek = (await readAudio(page)).currentTime;
    // A few seconds heard after the seek: enough to count as a practice session too.
    await expect
      .poll(async () => (await readAudio(page)).currentTime, { timeout: 15_000 })
      .toBeGreaterThan(afterSeek + 2);
    await page.getByRole('button', { name: `Pause ${item.title}` }).click();
    // The listening is kept in the account's outbox on the device until it can be sent: the place
    // in the item and the seconds heard, as a practice session.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((name) => name.endsWith(':outbox'));
          const entries = JSON.parse((key && localStorage.getItem(key)) || '[]') as { kind: string }[];
          return [...new Set(entries.map((entry) => entry.kind))].sort();
        }),
      )
      .toEqual(['practice-session', 'progress']);

    // Home, offline: calm, and pointing to Downloads.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Downloads' })).toBeVisible();
    await shot(page, 'home-offline-390');
    // The same notice on a desktop window: centred, nothing else in the way, and accessible.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: 'Open Downloads' })).toBeVisible();
    expect(await seriousAccessibilityViolations(page), 'axe on the offline home').toEqual([]);
    await shot(page, 'home-offline-1280');
    await page.setViewportSize({ width: 390, height: 844 });

    // Back online: the listening done offline is sent, both kinds, each to its endpoint.
    const progressSent = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/progress/${item.id}`) && response.request().method() === 'PUT',
    );
    const sessionSent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/practice/sessions') && response.request().method() === 'POST',
    );
    await context.setOffline(false);
    expect((await progressSent).ok()).toBe(true);
    expect((await sessionSent).ok()).toBe(true);
    const progress = await (await page.request.get('/api/progress')).json();
    expect(
      progress.find((entry: { videoId: string }) => entry.videoId === item.id)?.positionSeconds,
    ).toBeGreaterThan(15);

    // Premium ends; once the app is online again the download is gone, and the member is told why.
    const cancel = await page.request.post('/api/checkout/test/cancel', {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(cancel.ok(), await cancel.text()).toBe(true);
    await page.goto('/downloads');
    await expect(page.getByRole('heading', { name: 'Your downloads were removed' })).toBeVisible();
    await expect(page.getByText('Nothing is downloaded on this device.')).toBeVisible();
    await shot(page, 'downloads-premium-ended-390');
    const left = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('stillpoint-downloads:'));
      let files = 0;
      for (const name of names) files += (await (await caches.open(name)).keys()).length;
      return files;
    });
    expect(left).toBe(0);
  });

  test('a free member cannot download: the button is locked and the server refuses', async ({
    page,
    baseURL,
  }) => {
    const item = await createAudioItem(page, baseURL!, true);
    await signUpThroughApi(page.request, baseURL!);
    await page.goto(`/video/${item.id}`);
    const control = page.getByRole('region', { name: 'Offline download' });
    const locked = control.getByRole('link', { name: /Download/ });
    await expect(locked).toHaveAttribute('href', '/subscribe');
    const refused = await page.request.post(`/api/videos/${item.id}/download`, {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('PREMIUM_REQUIRED');
    await locked.click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test('signing out removes the downloads from the device', async ({ page, baseURL }) => {
    const item = await createAudioItem(page, baseURL!, false);
    await signUpThroughApi(page.request, baseURL!);
    await subscribeThroughTestCheckout(page.request, baseURL!);
    await page.goto(`/video/${item.id}`);
    // The member's first move starts the app (decision 104). A tap made before the item screen has
    // finished hydrating can be lost (decision 104, Consequences), which is not what this checks.
    await page.mouse.move(20, 20);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const control = page.getByRole('region', { name: 'Offline download' });
    await control.getByRole('button', { name: 'Download' }).click();
    await expect(control.getByText('Downloaded')).toBeVisible({ timeout: 20_000 });
    expect((await deviceData(page)).caches).toHaveLength(1);

    await page.getByRole('button', { name: /Open account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
    await expect.poll(async () => deviceData(page)).toEqual({ caches: [], keys: [] });
  });
});
