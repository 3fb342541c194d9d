/**
 * Lighthouse 13 mobile (its default: a mid-range phone on slow 4G, simulated) against a running
 * server, in a fresh headless Chromium per run. Members' pages get the session cookie as a header.
 */
import type { Result } from 'lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function runLighthouse(url: string, cookie: string | undefined): Promise<Result | undefined> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
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
    return result?.lhr;
  } finally {
    chrome.kill();
  }
}

const numeric = (lhr: Result | undefined, audit: string) => Math.round(lhr?.audits[audit]?.numericValue ?? 0);

export async function lighthouseRuns(url: string, cookie: string | undefined, runs = 3) {
  const scores: number[] = [];
  const shifts: number[] = [];
  const lcps: number[] = [];
  // A run Lighthouse could not measure (no result, or a runtime error such as a trace it failed
  // to record) is tried again, twice at most; each failure's reason is kept. A run that never
  // measures scores 0 (and CLS 1).
  const errors: string[] = [];
  for (let run = 0; run < runs; run += 1) {
    let lhr: Awaited<ReturnType<typeof runLighthouse>> | undefined;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      lhr = await runLighthouse(url, cookie);
      const failure = !lhr
        ? 'no result'
        : lhr.runtimeError
          ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}`
          : null;
      if (!failure) break;
      errors.push(`run ${run + 1}, attempt ${attempt}: ${failure}`);
    }
    if (lhr?.runtimeError) lhr = undefined;
    scores.push(lhr?.categories.performance?.score ?? 0);
    shifts.push(Math.round((lhr?.audits['cumulative-layout-shift']?.numericValue ?? 1) * 1000) / 1000);
    lcps.push(numeric(lhr, 'largest-contentful-paint'));
  }
  return { scores, score: median(scores), cls: median(shifts), lcpMs: median(lcps), errors };
}

export type LighthouseDetail = {
  score: number;
  metrics: { fcp: number; lcp: number; tbt: number; si: number; cls: number };
  lcpElement: string | undefined;
  lcpPhases: string | undefined;
  findings: string[];
};

type Item = Record<string, unknown>;
const itemsOf = (lhr: Result, audit: string): Item[] => {
  const details = lhr.audits[audit]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};
const short = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '');

/**
 * The longest chain of requests the page waited on, as `a → b → c (ms)`: Lighthouse 13's network
 * dependency tree marks the nodes of that chain `isLongest`.
 */
function longestChain(lhr: Result): string | undefined {
  type Node = { url: string; isLongest?: boolean; children?: Record<string, Node> };
  type Tree = { type?: string; chains?: Record<string, Node>; longestChain?: { duration: number } };
  const sections = (lhr.audits['network-dependency-tree-insight']?.details as { items?: Item[] } | undefined)
    ?.items;
  const tree = sections
    ?.map((section) => section.value as Tree | undefined)
    .find((value) => value?.type === 'network-tree');
  const path: string[] = [];
  let nodes = tree?.chains;
  for (;;) {
    const next = Object.values(nodes ?? {}).find((node) => node.isLongest);
    if (!next) break;
    path.push(short(next.url));
    nodes = next.children;
  }
  return path.length > 0 ? `${path.join(' → ')} (${tree?.longestChain?.duration ?? '?'} ms)` : undefined;
}

/** One run with the reasons behind the score: what `bench/lighthouse-one.ts` prints. */
export async function lighthouseDetail(url: string, cookie: string | undefined): Promise<LighthouseDetail> {
  const lhr = await runLighthouse(url, cookie);
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  // Lighthouse 13's LCP breakdown: a table of its subparts, then the element itself.
  const lcpDetails = lhr.audits['lcp-breakdown-insight']?.details as { items?: Item[] } | undefined;
  const lcpNode = lcpDetails?.items?.find((item) => item.type === 'node') as
    | { snippet?: string; selector?: string }
    | undefined;
  const phases = (
    lcpDetails?.items?.find((item) => item.type === 'table') as { items?: Item[] } | undefined
  )?.items
    ?.map((phase) => `${phase.label} ${Math.round(Number(phase.duration))} ms`)
    .join(', ');
  const findings: string[] = [];
  const list = (title: string, audit: string, describe: (item: Item) => string, limit = 6) => {
    const items = itemsOf(lhr, audit).slice(0, limit);
    const display = lhr.audits[audit]?.displayValue;
    if (items.length > 0)
      findings.push(`${title}${display ? ` (${display})` : ''}: ${items.map(describe).join('; ')}`);
  };
  findings.push(`server response: ${numeric(lhr, 'server-response-time')} ms`);
  // What the unthrottled page load did: Lighthouse simulates the phone from it, and a task that ran
  // before the observed first paint counts against the simulated FCP and LCP.
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
    ?.items?.[0];
  if (observed)
    findings.push(
      `observed (unthrottled): FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`,
    );
  list(
    'render-blocking',
    'render-blocking-insight',
    (i) => `${short(i.url)} ${Math.round(Number(i.wastedMs))} ms`,
  );
  list(
    'unused JS',
    'unused-javascript',
    (i) => `${short(i.url)} ${Math.round(Number(i.wastedBytes) / 1024)} KiB`,
  );
  list(
    'main thread',
    'mainthread-work-breakdown',
    (i) => `${i.groupLabel ?? i.group} ${Math.round(Number(i.duration))} ms`,
  );
  list(
    'bootup',
    'bootup-time',
    (i) => `${short(i.url)} ${Math.round(Number(i.total))} ms (script ${Math.round(Number(i.scripting))})`,
  );
  list(
    'long tasks',
    'long-tasks',
    (i) => `${short(i.url)} ${Math.round(Number(i.duration))} ms at ${Math.round(Number(i.startTime))}`,
  );
  list(
    'layout shifts',
    'layout-shifts',
    (i) => `${(i.node as { selector?: string } | undefined)?.selector ?? '?'} ${Number(i.score).toFixed(3)}`,
  );
  list(
    'requests',
    'network-requests',
    (i) =>
      `${short(i.url)} ${Math.round(Number(i.networkRequestTime))}→${Math.round(Number(i.networkEndTime))} ${Math.round(Number(i.transferSize) / 1024)} KiB`,
    40,
  );
  const chain = longestChain(lhr);
  if (chain) findings.push(`longest request chain: ${chain}`);
  findings.push(`total bytes: ${Math.round(numeric(lhr, 'total-byte-weight') / 1024)} KiB`);
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics: {
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      si: numeric(lhr, 'speed-index'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    },
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : undefined,
    lcpPhases: phases,
    findings,
  };
}
