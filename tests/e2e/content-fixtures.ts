import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { ContentInput, ContentItem } from '../../src/shared/schemas/content.ts';

/** The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts). */
export const E2E_ADMIN = {
  email: 'e2e-admin@example.test',
  password: 'still-water-admin-58',
  firstName: 'Ada',
  lastName: 'Admin',
};

/**
 * Signs the admin in through the API (signing up the first time), in this page's cookie jar.
 * Call `signOutOfApi` before the member's part of the story.
 */
export async function signInAdminThroughApi(page: Page, baseURL: string): Promise<void> {
  const headers = { origin: new URL(baseURL).origin };
  const { email, password, firstName, lastName } = E2E_ADMIN;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  if (!signUp.ok()) {
    const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
    expect(signIn.ok(), `admin sign-in: ${signIn.status()} ${await signIn.text()}`).toBe(true);
  }
  const me = await page.request.get('/api/auth/user');
  expect((await me.json()).isAdmin, 'the e2e admin is an admin').toBe(true);
}

export async function signOutOfApi(page: Page): Promise<void> {
  await page.context().clearCookies();
}

/** `POST /api/videos` as the signed-in admin. */
export async function createContent(page: Page, baseURL: string, input: ContentInput): Promise<ContentItem> {
  const response = await page.request.post('/api/videos', {
    headers: { origin: new URL(baseURL).origin },
    data: input,
  });
  expect(response.status(), `create content: ${await response.text()}`).toBe(201);
  return (await response.json()) as ContentItem;
}

/** Today as `YYYY-MM-DD` in this machine's time zone, which is also the browser's. */
export function todayKey(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A word no other test data contains, so a search finds exactly one story's items. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID()
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
}

/**
 * A playable audio file in the e2e server's storage, returned as its object path. Local storage
 * keeps `/objects/<key>` at `DATA_DIR/objects/<key>`. Uses a demo MP3 when the seed has one,
 * else writes a soft sine tone as a WAV (20 s: long enough to still be playing after a few clicks).
 */
export function installAudioObject(): string {
  const dataDir = fs.readFileSync(path.resolve('.tmp/e2e-data-dir'), 'utf8').trim();
  const demoDir = path.resolve('src/server/seed/demo-media');
  const demoMp3 = fs.existsSync(demoDir)
    ? fs.readdirSync(demoDir).find((name) => name.endsWith('.mp3'))
    : undefined;
  const name = demoMp3 ? 'e2e/session.mp3' : 'e2e/session.wav';
  const target = path.join(dataDir, 'objects', name);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (demoMp3) fs.copyFileSync(path.join(demoDir, demoMp3), target);
    else fs.writeFileSync(target, toneWav(20));
  }
  return `/objects/${name}`;
}

/** 16-bit mono PCM: a quiet 220 Hz tone with soft edges. */
function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const samples = seconds * sampleRate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    const edge = Math.min(1, index / sampleRate, (samples - index) / sampleRate);
    const value = Math.sin((2 * Math.PI * 220 * index) / sampleRate) * 0.2 * edge;
    buffer.writeInt16LE(Math.round(value * 32_767), 44 + index * 2);
  }
  return buffer;
}

/** The app's one audio element (the player host's), read in the page. */
export async function readAudio(page: Page): Promise<{ currentTime: number; paused: boolean; src: string }> {
  return page.evaluate(() => {
    const audio = document.querySelector('audio');
    return {
      currentTime: audio?.currentTime ?? 0,
      paused: audio?.paused ?? true,
      src: audio?.currentSrc ?? '',
    };
  });
}
