/**
 * Lighthouse 12 mobile (its default: a mid-range phone on slow 4G, simulated) against a running
 * server, in a fresh headless Chromium per run. Members' pages get the session cookie as a header.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function lighthouseRuns(url: string, cookie: string | undefined, runs = 3) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores: number[] = [];
  const shifts: number[] = [];
  const lcps: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const lhr = result?.lhr;
      scores.push(lhr?.categories.performance?.score ?? 0);
      shifts.push(Math.round((lhr?.audits['cumulative-layout-shift']?.numericValue ?? 1) * 1000) / 1000);
      lcps.push(Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0));
    } finally {
      chrome.kill();
    }
  }
  return { scores, score: median(scores), cls: median(shifts), lcpMs: median(lcps) };
}
