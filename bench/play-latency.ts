import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';
import { root } from './lib.ts';

/**
 * Time from Play to the first audio frame (issue 19: ≤ 1 s on loopback, in Chromium). An admin
 * uploads one of the repository's demo MP3s through the app's own upload path (upload URL, PUT,
 * registration) and publishes it as a free audio item; then, in a fresh Chromium page per run,
 * signed in, the item page is opened and its Play button clicked. The time runs in the page, from
 * the click to the first moment the app's audio element reports `playing` or `timeupdate` with
 * `currentTime > 0`: the signed media URL request, the media request and the decoding included.
 */

const DEMO_AUDIO = path.join(root, 'src/server/seed/demo-media/arriving-breath.mp3');
const TITLE = 'Bench Play Latency';

type Headers = Record<string, string>;

async function call(url: string, init: { method: string; headers: Headers; body?: BodyInit }) {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Publishes the demo MP3 as a free audio item through the upload routes; returns its id. */
export async function publishAudioItem(appUrl: string, adminCookie: string): Promise<string> {
  const origin = appUrl.replace('127.0.0.1', 'localhost');
  const headers = { cookie: adminCookie, origin };
  const json = { ...headers, 'content-type': 'application/json' };
  const { uploadURL } = (await (
    await call(`${appUrl}/api/objects/upload`, { method: 'POST', headers })
  ).json()) as { uploadURL: string };
  const bytes = fs.readFileSync(DEMO_AUDIO);
  await call(new URL(uploadURL, appUrl).href, {
    method: 'PUT',
    headers: { 'content-type': 'audio/mpeg', 'content-length': String(bytes.length) },
    body: bytes,
  });
  const { objectPath } = (await (
    await call(`${appUrl}/api/uploaded-videos`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ videoURL: uploadURL }),
    })
  ).json()) as { objectPath: string };
  const item = (await (
    await call(`${appUrl}/api/videos`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        title: TITLE,
        description: 'A short breath, used to time how soon sound starts after Play.',
        type: 'audio',
        duration: 60,
        isPremium: false,
        tags: ['breathing'],
        intensity: 'gentle',
        videoFileUrl: objectPath,
      }),
    })
  ).json()) as { id: string };
  return item.id;
}

// Plain text, so the bundler's helpers (tsx names arrow functions) never reach the page.
const FIRST_FRAME_SCRIPT = `new Promise((resolve, reject) => {
  let clickedAt;
  document.addEventListener('click', () => { clickedAt ??= performance.now(); }, { capture: true });
  const onMedia = (event) => {
    const audio = event.target;
    if (!(audio instanceof HTMLAudioElement) || clickedAt === undefined) return;
    if (audio.currentTime > 0) resolve(performance.now() - clickedAt);
  };
  document.addEventListener('playing', onMedia, { capture: true });
  document.addEventListener('timeupdate', onMedia, { capture: true });
  setTimeout(() => reject(new Error('no audio frame within 20 s of Play')), 20000);
})`;

/** Play → first audio frame, `runs` times (a fresh page each), with the median, in ms. */
export async function playToFirstFrame(appUrl: string, cookie: string, itemId: string, runs = 3) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--autoplay-policy=user-gesture-required'],
  });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      // The session as a header, like the Lighthouse runs.
      const context = await browser.newContext({ extraHTTPHeaders: { cookie } });
      const page = await context.newPage();
      await page.goto(`${appUrl}/video/${itemId}`);
      const play = page.getByRole('button', { name: `Play ${TITLE}` });
      await play.waitFor();
      // The clock starts in the page when the click arrives (not when Playwright sends it) and
      // stops at the first audio frame the element reports.
      const firstFrame = page.evaluate<number>(FIRST_FRAME_SCRIPT);
      firstFrame.catch(() => {}); // awaited below; never an unhandled rejection meanwhile
      // Let the listeners be installed before clicking.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      await play.click();
      times.push(Math.round(await firstFrame));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const medianMs = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
  return { times, medianMs };
}
