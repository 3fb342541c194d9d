// `npm run screenshots`: the README's pictures, taken from the built app in Chromium.
// Starts its own server on a throwaway DATA_DIR with the demo accounts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = 5077;
const base = `http://localhost:${port}`;
const out = path.join(root, 'docs/screenshots');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-shots-'));
fs.chmodSync(dataDir, 0o755);

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('is running at') && resolve());
  server.on('exit', () => reject(new Error('server exited')));
});

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
  for (const [name, viewport] of Object.entries(viewports)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'Start Now for Free' }).waitFor();
    await page.screenshot({ path: path.join(out, `landing-${name}.png`), fullPage: true });
    await page.goto(`${base}/sign-in`);
    await page.getByLabel('Email').fill('member@stillpoint.local');
    await page.getByLabel('Password', { exact: true }).fill('slow-breath-demo');
    await page.screenshot({ path: path.join(out, `sign-in-${name}.png`) });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: "What's New" }).waitFor();
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(400); // let the menu finish fading in
    await page.screenshot({ path: path.join(out, `home-${name}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.info(`screenshots written to ${path.relative(root, out)}`);
