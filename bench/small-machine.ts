/**
 * The smallest machine for a site of 1,000 members (issue 38, docs/scaling.md), measured rather than
 * estimated: the benchmark scaled down to such a site (1,000 members, 500 items, 20,000 posts and
 * 40,000 comments), the compiled server and PostgreSQL (its own default settings, as the embedded
 * database runs) pinned to the cores of the machine being tried and held, together, to its memory by
 * a cgroup (v1 `memory.limit_in_bytes`, which Node also reads to size its heap). wrk runs on another
 * core. Each member read is loaded at 20 connections, far beyond what 1,000 members ask for at once,
 * and the run notes every answer that was not a 2xx, whether the server was killed, and the peak
 * resident memory of both.
 *
 *   node --import tsx bench/small-machine.ts
 *
 * BENCH_MACHINES ("1x512,1x768,1x1024": cores × MB each), BENCH_SECONDS (10). Needs root (the
 * cgroup), taskset and wrk, and at least two cores. The operating system's own memory is outside the
 * limit: add it when choosing a machine.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCommunity, buildLibrary, buildUsers } from './dataset.ts';
import { root, sampleMemory, startAppServer, startBenchDatabase } from './lib.ts';
import { requireWrk, wrk } from './wrk.ts';

const MEMBERS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const machines = (process.env.BENCH_MACHINES ?? '1x512,1x768,1x1024').split(',').map((spec) => {
  const [cores, mb] = spec.split('x').map(Number);
  if (!cores || !mb) throw new Error(`BENCH_MACHINES: "${spec}" is not cores x MB, e.g. 1x1024`);
  return { cores, mb };
});
const cgroupRoot = '/sys/fs/cgroup/memory';
// The group this script runs in (it returns there once a machine's database has started).
const ownGroup = path.join(
  cgroupRoot,
  fs
    .readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((line) => line.split(':')[1] === 'memory')
    ?.split(':')[2] ?? '/',
);
if (!fs.existsSync(path.join(cgroupRoot, 'cgroup.procs')))
  throw new Error(`no cgroup v1 memory controller at ${cgroupRoot} (or not root)`);
requireWrk();
const cpuCount = os.cpus().length;
if (machines.some((machine) => machine.cores >= cpuCount))
  throw new Error(`each machine tried needs fewer cores than this one has (${cpuCount}): wrk needs one`);

/** Runs a command to its end; its exit status. */
function run(command: string[]): number {
  return spawnSync(command[0]!, command.slice(1), { stdio: 'ignore' }).status ?? 1;
}

/** This script (and so what it starts from now on) into `group`, on `cores`. */
function enter(group: string, cores: string) {
  fs.writeFileSync(path.join(group, 'cgroup.procs'), String(process.pid));
  if (run(['taskset', '-a', '-p', '-c', cores, String(process.pid)]) !== 0) throw new Error('taskset failed');
}

type Outcome = {
  machine: string;
  reads: Array<{
    scenario: string;
    requestsPerSecond: number;
    p50: number;
    p99: number;
    failed: number;
  }>;
  serverPeakMb: number;
  postgresPeakMb: number;
  groupPeakMb: number;
  killed: boolean;
};
const outcomes: Outcome[] = [];

for (const machine of machines) {
  const label = `${machine.cores} core${machine.cores > 1 ? 's' : ''}, ${machine.mb} MB`;
  const group = path.join(cgroupRoot, `stillpoint-bench-${process.pid}-${machine.mb}`);
  fs.mkdirSync(group, { recursive: true });
  fs.writeFileSync(path.join(group, 'memory.limit_in_bytes'), String(machine.mb * 1024 * 1024));
  // The server and PostgreSQL on the first cores; wrk and this script on the last one.
  const cores = `0-${machine.cores - 1}`;
  const loadCore = String(cpuCount - 1);
  // PostgreSQL starts inside the limit and on the machine's cores (its processes inherit both from
  // this script), with its own default settings, as the server's embedded database runs.
  enter(group, cores);
  const database = await startBenchDatabase({});
  enter(ownGroup, loadCore);
  console.info(`\n${label}: a site of ${MEMBERS.toLocaleString('en-US')} members…`);
  await buildUsers(database.query, MEMBERS);
  await buildLibrary(database.query, 500);
  const postId = await buildCommunity(database.query, {
    users: MEMBERS,
    items: 500,
    posts: 20_000,
    commentsPerPost: 2,
    hiddenEvery: 97,
  });
  await database.query('vacuum analyze');
  await database.query('checkpoint');
  const app = await startAppServer(database.databaseUrl, database.dir, { RATE_LIMIT_SCALE: '1000' }, [
    'sh',
    '-c',
    `echo $$ > ${path.join(group, 'cgroup.procs')} && exec taskset -c ${cores} "$@"`,
    'sh',
  ]);
  const origin = app.url.replace('127.0.0.1', 'localhost');
  const email = `small-${machine.mb}@bench.test`;
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email,
      password: 'bench-password-1234',
      name: 'Small',
      firstName: 'Small',
      lastName: 'Site',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-1234' }),
  });
  // Without a session every member read below would measure a 401.
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const { rows } = await database.query(
    'select id from content_items where is_published and not is_premium order by created_at desc limit 1',
  );
  const itemId = (rows[0] as { id: string }).id;
  const reads = [
    { scenario: 'landing page (visitor)', path: '/', member: false },
    { scenario: 'library, server-rendered', path: '/library', member: true },
    { scenario: 'an item, server-rendered', path: `/video/${itemId}`, member: true },
    { scenario: 'library first page (API)', path: '/api/videos', member: true },
    { scenario: 'forum page (API)', path: '/api/forums/forum-1/posts', member: true },
    { scenario: 'comments (API)', path: `/api/posts/${postId}/comments`, member: true },
    { scenario: 'header search', path: '/api/search?q=calm', member: true },
  ];
  const memory = sampleMemory({ node: app.pid, postgres: database.pid });
  const outcome: Outcome = {
    machine: label,
    reads: [],
    serverPeakMb: 0,
    postgresPeakMb: 0,
    groupPeakMb: 0,
    killed: false,
  };
  for (const read of reads) {
    const result = await wrk(`${app.url}${read.path}`, {
      seconds: SECONDS,
      connections: CONNECTIONS,
      headers: { 'accept-encoding': 'br, gzip', ...(read.member ? { cookie } : {}) },
    });
    outcome.reads.push({
      scenario: read.scenario,
      requestsPerSecond: result.requestsPerSecond,
      p50: result.p50,
      p99: result.p99,
      failed: result.non2xx + result.errors,
    });
    console.info(
      `  ${read.scenario.padEnd(28)} ${String(result.requestsPerSecond).padStart(6)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${result.non2xx + result.errors ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
    );
  }
  const peaks = memory.stop();
  outcome.serverPeakMb = peaks.serverRssMb;
  outcome.postgresPeakMb = peaks.postgresPssMb;
  outcome.groupPeakMb = Math.round(
    Number(fs.readFileSync(path.join(group, 'memory.max_usage_in_bytes'), 'utf8')) / 1024 / 1024,
  );
  outcome.killed = !fs.existsSync(`/proc/${app.pid}`);
  console.info(
    `  peak: server ${outcome.serverPeakMb} MB resident, PostgreSQL ${outcome.postgresPeakMb} MB PSS, both together (the cgroup) ${outcome.groupPeakMb} MB${outcome.killed ? '; the server was killed' : ''}`,
  );
  outcomes.push(outcome);
  if (!outcome.killed) await app.stop();
  await database.stop();
  fs.rmdirSync(group);
}

const file = path.join(
  root,
  'bench/results',
  `small-machine-${new Date().toISOString().replace(/[:.]/g, '').slice(0, 15)}Z.json`,
);
fs.writeFileSync(
  file,
  `${JSON.stringify({ when: new Date().toISOString(), node: process.version, members: MEMBERS, seconds: SECONDS, connections: CONNECTIONS, outcomes }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(root, file)}`);
