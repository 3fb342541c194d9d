import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 5055);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two cores, one browser: journeys run one at a time and are never retried (fix flakes instead).
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: true,
  // The longest journeys (two browsers, several dialogs, axe scans) pass a minute when the machine
  // is busy; a stuck step still fails through `expect`'s 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: '.tmp/playwright-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Chromium refuses some ports outright (5060 and 5061 are SIP's); allow the one chosen.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--explicitly-allowed-ports=${port}`],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      NODE_ENV: 'development',
      ADMIN_EMAILS: 'e2e-admin@example.test',
      TRUST_PROXY: '1',
      // Journeys run as accounts minutes old; the new-account rules are proven by the API tests.
      NEW_ACCOUNT_HOURS: '0',
      // An annual plan beside the monthly one (billing-offers.spec.ts buys it); monthly stays the
      // plan card's default, so the other journeys see SPEC's $12 monthly card.
      PLAN_ANNUAL_AMOUNT: '10000',
    },
  },
});
