// `npm test`: typecheck, lint, unit + API tests (Vitest), the client build, and the browser tests
// (Playwright). Ends with one plain line `N passed, N failed[, N skipped]` summed over every runner,
// which CI reads. Browser tests need Chromium (CHROMIUM_PATH or /usr/bin/chromium); without it they
// are reported as skipped, unless E2E_REQUIRED=1, which makes that a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(label, command, args, env = {}) {
  console.info(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function check(label, command, args) {
  const ok = run(label, command, args) === 0;
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? '✓' : '✗'} ${label}`);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

check('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
// `npm run lint`: Biome, then the import walls (dependency-cruiser, .dependency-cruiser.cjs).
check('lint', 'npm', ['run', '--silent', 'lint']);

// Vitest: unit, component and API tests.
const vitestReport = path.join(reports, 'vitest.json');
const vitestStatus = run('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  const skipped = (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += skipped;
  // A file that failed to load has no failed test but is a failure all the same.
  const brokenFiles = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  totals.failed += brokenFiles.length;
  lines.push(
    `vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests + brokenFiles.length} failed, ${skipped} skipped`,
  );
  // Named in the summary too: CI keeps only the end of a long log, and a failure far above it is
  // otherwise invisible there.
  for (const file of vitest.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0)
      lines.push(`  ✗ ${where}: ${file.message ?? 'did not load'}`.slice(0, 400));
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0];
      lines.push(`  ✗ ${where} › ${test.fullName}: ${reason}`.slice(0, 400));
    }
  }
} else {
  totals.failed += 1;
  lines.push(`✗ vitest produced no report (exit ${vitestStatus})`);
}
if (vitestStatus !== 0 && vitest && vitest.numFailedTests === 0 && totals.failed === 0) {
  totals.failed += 1;
  lines.push(`✗ vitest exited with ${vitestStatus}`);
}

// Playwright: build (client and server, `npm run build`), then the journeys in Debian's Chromium
// against the compiled server.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E_REQUIRED === '1';
if (!fs.existsSync(chromium)) {
  const hint = 'install it with: apt-get install -y chromium fonts-liberation (or set CHROMIUM_PATH)';
  if (e2eRequired) {
    totals.failed += 1;
    lines.push(`✗ browser tests: no Chromium at ${chromium} and E2E_REQUIRED=1 — ${hint}`);
  } else {
    totals.skipped += 1;
    lines.push(`- browser tests skipped: no Chromium at ${chromium} — ${hint}`);
  }
} else {
  check('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  const playwrightReport = path.join(reports, 'playwright.json');
  const playwrightStatus = run('browser tests (playwright)', bin('playwright'), ['test'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = playwright.stats;
    totals.passed += expected;
    totals.failed += unexpected + flaky;
    totals.skipped += skipped;
    const errors = playwright.errors?.length ?? 0;
    totals.failed += errors;
    lines.push(`playwright: ${expected} passed, ${unexpected + flaky + errors} failed, ${skipped} skipped`);
    const failing = (suite) => [
      ...(suite.specs ?? []).flatMap((spec) =>
        (spec.tests ?? [])
          .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
          .map(
            (test) => `  ✗ [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${test.status})`,
          ),
      ),
      ...(suite.suites ?? []).flatMap(failing),
    ];
    lines.push(...(playwright.suites ?? []).flatMap(failing));
  } else {
    totals.failed += 1;
    lines.push(`✗ playwright produced no report (exit ${playwrightStatus})`);
  }
}

// Production dependencies: no high or critical advisory (CI only; it needs the registry's audit service).
if (process.env.CI === 'true' || process.env.AUDIT === '1') {
  console.info('\n▶ npm audit --omit=dev');
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
  const report = (() => {
    try {
      return JSON.parse(audit.stdout);
    } catch {
      return undefined;
    }
  })();
  const counts = report?.metadata?.vulnerabilities;
  if (counts) {
    const serious = (counts.high ?? 0) + (counts.critical ?? 0);
    totals[serious === 0 ? 'passed' : 'failed'] += 1;
    lines.push(
      `${serious === 0 ? '✓' : '✗'} npm audit: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate`,
    );
  } else {
    // The registry mirror on these machines answers the audit endpoint with 405: say so, count nothing.
    const reason = report?.message ?? report?.error?.summary ?? 'no report';
    lines.push(`- npm audit could not run here (${reason.trim()}); not counted`);
  }
}

// Reliability (crash, SIGTERM, two instances, sustained load): minutes of real processes, so it
// runs in CI (CI=true) or when asked (RELIABILITY=1); `npm run test:reliability` runs it alone.
if (process.env.CI === 'true' || process.env.RELIABILITY === '1') {
  const reliabilityReport = path.join(reports, 'reliability.json');
  const reliabilityStatus = run('reliability (crash, SIGTERM, two instances, load)', bin('vitest'), [
    'run',
    '-c',
    'vitest.reliability.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reliabilityReport}`,
  ]);
  const reliability = readJson(reliabilityReport);
  if (reliability) {
    totals.passed += reliability.numPassedTests;
    totals.failed += reliability.numFailedTests;
    lines.push(`reliability: ${reliability.numPassedTests} passed, ${reliability.numFailedTests} failed`);
  } else {
    totals.failed += 1;
    lines.push(`✗ reliability produced no report (exit ${reliabilityStatus})`);
  }
} else {
  lines.push('- reliability not run here (it runs in CI; locally: npm run test:reliability)');
}

console.info(`\n${lines.join('\n')}\n`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.info(summary);
process.exit(totals.failed > 0 ? 1 : 0);
