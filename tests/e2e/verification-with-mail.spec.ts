import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { freePort, tempDir } from '../reliability/harness.ts';
import { type SmtpSink, startSmtpSink } from '../setup/smtp-sink.ts';
import {
  expect,
  newMember,
  seriousAccessibilityViolations,
  signUpThroughForm,
  test,
  toastNamed,
} from './fixtures.ts';

/**
 * An install whose mail really leaves (SMTP, as in production) proves addresses before they carry
 * rights: someone who signs up first with the owner's ADMIN_EMAILS address gains nothing. When the
 * owner opens the mailed confirmation link, the stranger's session ends, the stranger's password
 * stops working, and the owner chooses their own password on the "Choose your password" screen;
 * only their fresh sign-in is an admin.
 *
 * The shared e2e server sends no mail (the development rule), so this journey starts its own
 * server from the same build, with SMTP pointed at a local SMTP server that keeps what it receives.
 */

const OWNER_EMAIL = 'owner-admin@example.test';
let smtp: SmtpSink;
let server: ChildProcess;
let origin = '';
let dataDir = '';

test.beforeAll(async () => {
  smtp = await startSmtpSink();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = tempDir('stillpoint-e2e-mail-');
  server = spawn(process.execPath, ['dist/server/server.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: OWNER_EMAIL,
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

/** The newest confirmation link the SMTP server received for `email` (quoted-printable undone). */
async function confirmationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp.received.filter((message) => message.to.includes(email)).at(-1);
        const text = mail?.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        link = text?.match(/https?:\/\/\S+\/api\/auth\/verify-email\?[^\s"<>]+/)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

async function isAdmin(page: Page): Promise<boolean | undefined> {
  const response = await page.request.get(`${origin}/api/auth/user`);
  return response.ok() ? ((await response.json()) as { isAdmin: boolean }).isAdmin : undefined;
}

test('someone who signs up first with the owner address loses it when the owner confirms; the owner chooses a password and is the admin', async ({
  browser,
}) => {
  const stranger = await browser.newContext({ baseURL: origin });
  const strangerPage = await stranger.newPage();
  const strangerDetails = newMember({ email: OWNER_EMAIL, firstName: 'Sly' });
  await strangerPage.goto('/sign-up');
  await signUpThroughForm(strangerPage, strangerDetails);
  await expect(strangerPage.getByRole('heading', { level: 1 })).toContainText(/welcome/i);
  // Signed in, but an unproven address carries no rights.
  expect(await isAdmin(strangerPage)).toBe(false);

  // The owner opens the link the sign-up mailed to their inbox.
  const link = await confirmationLinkFor(OWNER_EMAIL);
  const owner = await browser.newContext({ baseURL: origin });
  const ownerPage = await owner.newPage();
  await ownerPage.goto(link);
  await expect(ownerPage).toHaveURL(/\/reset-password\?token=[^&]+&verified=1$/);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
  await expect(
    ownerPage.getByText(
      'Thank you, your e-mail address is confirmed. Choose the password you will sign in with.',
    ),
  ).toBeVisible();
  expect(await seriousAccessibilityViolations(ownerPage)).toEqual([]);
  await ownerPage.screenshot({ path: `.tmp/choose-your-password-${test.info().project.name}.png` });

  // The stranger's session ended when the address was proven, and their password no longer works.
  await strangerPage.reload();
  expect(await isAdmin(strangerPage)).toBeUndefined();
  const strangerSignIn = await stranger.request.post(`${origin}/api/auth/sign-in/email`, {
    headers: { origin },
    data: { email: OWNER_EMAIL, password: strangerDetails.password },
  });
  expect(strangerSignIn.status()).toBe(401);

  // The owner chooses their own password, then signs in with it: that fresh session is the admin
  // (the names typed at sign-up stay; the owner can change them on the account page).
  const ownerPassword = 'morning-bell-owner-77';
  await ownerPage.getByLabel('New password', { exact: true }).fill(ownerPassword);
  await ownerPage.getByLabel('Confirm new password').fill(ownerPassword);
  await ownerPage.getByRole('button', { name: 'Save password' }).click();
  await expect(ownerPage).toHaveURL(/\/sign-in$/);
  await expect(toastNamed(ownerPage, 'Password saved')).toContainText(
    'Sign in with your new password to continue.',
  );
  await ownerPage.getByLabel('Email').fill(OWNER_EMAIL);
  await ownerPage.getByLabel('Password', { exact: true }).fill(ownerPassword);
  await ownerPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText('Welcome to Stillpoint, Sly');
  expect(await isAdmin(ownerPage)).toBe(true);

  // Opened again, the link finds the address already confirmed and signs no one in.
  const again = await browser.newContext({ baseURL: origin });
  const replay = await again.request.get(link, { maxRedirects: 0 });
  expect(replay.headers()['set-cookie']).toBeUndefined();
  expect((await again.request.get(`${origin}/api/auth/user`)).status()).toBe(401);
  await Promise.all([stranger.close(), owner.close(), again.close()]);
});
