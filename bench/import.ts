import fs from 'node:fs';
import os from 'node:os';
import { startAppServer, startBenchDatabase } from './lib.ts';

/**
 * `node --import tsx bench/import.ts`: the member import (issue 34) at 50,000 lines through the
 * real server (the compiled build, in its own process, test mode): a Ghost member export
 * (70% free, 20% paid with a Stripe customer, 10% complimentary; every 50th note quoted with a
 * comma and a line break) sent as one request, as a dry run, then for real, then again (nothing
 * changes), then the export streamed back. Prints each time and the server's peak memory.
 * BENCH_IMPORT_ROWS resizes it. Not a timed test: the issue asks for well under a minute.
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);

function ghostExport(rows: number): string {
  const lines = [
    'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
  ];
  for (let i = 0; i < rows; i++) {
    const kind = i % 10;
    const note = i % 50 === 0 ? '"Joined at the retreat, spring\nPrefers evening sits"' : '';
    const customer = kind < 2 ? `cus_Bench${String(i).padStart(8, '0')}` : '';
    const comp = kind === 2 ? 'true' : 'false';
    const created = new Date(Date.UTC(2021, 0, 1) + i * 60_000).toISOString();
    lines.push(
      `6482b1f0${String(i).padStart(16, '0')},member${i}@import.bench,Member ${i} Vale,${note},${i % 3 !== 0},${comp},${customer},${created},,,`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The server's peak resident memory so far (Linux), in MB. */
function peakMemoryMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

const database = await startBenchDatabase();
const app = await startAppServer(database.databaseUrl, database.dir);
const origin = app.url.replace('127.0.0.1', 'localhost');
const headers = { 'content-type': 'application/json', origin };
const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    email: 'bench-admin@bench.test',
    password: 'bench-admin-password-42',
    name: 'Bench Admin',
    firstName: 'Bench',
    lastName: 'Admin',
  }),
});
if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ email: 'bench-admin@bench.test', password: 'bench-admin-password-42' }),
});
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((value) => value.split(';')[0])
  .join('; ');
await database.query(`update users set is_admin = true where email = 'bench-admin@bench.test'`);

const csv = ghostExport(ROWS);
console.info(`${ROWS.toLocaleString()} lines, ${(csv.length / 1024 / 1024).toFixed(1)} MB of CSV`);

async function timedImport(label: string, dryRun: boolean) {
  const started = performance.now();
  const response = await fetch(`${app.url}/api/admin/members/import`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ csv, dryRun }),
  });
  const seconds = (performance.now() - started) / 1000;
  if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`);
  const result = (await response.json()) as Record<string, unknown> & { errors: unknown[] };
  console.info(
    `${label}: ${seconds.toFixed(1)} s — rows ${result.rows}, created ${result.created}, updated ${result.updated}, skipped ${result.skipped}, errors ${result.errors.length}; server peak memory ${peakMemoryMb(app.pid)} MB`,
  );
}

await timedImport('dry run', true);
await timedImport('import', false);
await timedImport('same file again', false);

const exportStarted = performance.now();
const exported = await fetch(`${app.url}/api/admin/members/export`, { headers: { cookie } });
const text = await exported.text();
console.info(
  `export: ${((performance.now() - exportStarted) / 1000).toFixed(1)} s — ${(text.length / 1024 / 1024).toFixed(1)} MB; load ${os.loadavg()[0]!.toFixed(1)}`,
);

await app.stop();
await database.stop();
