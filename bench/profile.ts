import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildLibrary } from './dataset.ts';
import { startAppServer, startBenchDatabase } from './lib.ts';
import { requireWrk, wrk } from './wrk.ts';

/**
 * `npm run bench -- profile [path…]`: a short CPU profile of the server (V8 `--cpu-prof`) while
 * wrk loads the given paths (default: the library's first page, a search that misses the cache,
 * and health through Fastify), then the self time summed by function and by package, and the
 * time including callees, over the busy samples from the first request on (startup left out). Open the
 * `.cpuprofile` in Chrome DevTools for the full picture. BENCH_SECONDS (5) per path.
 */
requireWrk();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const given = process.argv.slice(3);
const words = ['breath', 'sleep', 'focus', 'walking', 'gentle', 'morning', 'rest', 'calm', 'body', 'open'];
const uncachedSearch = {
  path: '/api/videos?search=<varies>',
  paths: Array.from({ length: 5000 }, (_, n) => `/api/videos?search=${words[n % words.length]}%20${n}`),
};
// A given path of `/api/videos?search=<varies>` is the uncached search (a different query each time).
const scenarios: Array<{ path: string; paths?: string[] }> =
  given.length > 0
    ? given.map((p) => (p === uncachedSearch.path ? uncachedSearch : { path: p }))
    : [{ path: '/api/videos' }, uncachedSearch, { path: '/api/forums' }];

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-profile-'));
process.env.BENCH_PROFILE = profileDir;
const database = await startBenchDatabase();
await buildLibrary(database.query, Number(process.env.BENCH_ITEMS ?? 10_000));
await database.query('analyze');
const app = await startAppServer(database.databaseUrl, database.dir);
// BENCH_PROFILE_MEMBER=1: every request carries a signed-in member's cookie (the header search).
const headers = process.env.BENCH_PROFILE_MEMBER ? { cookie: await memberCookie(app.url) } : undefined;
for (const scenario of scenarios) {
  const result = await wrk(`${app.url}${scenario.paths ? '/' : scenario.path}`, {
    seconds: SECONDS,
    ...(scenario.paths ? { paths: scenario.paths } : {}),
    ...(headers ? { headers } : {}),
  });
  console.info(
    `${scenario.path}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms (contended unless the machine is quiet)`,
  );
}
await app.stop();
await database.stop();

async function memberCookie(url: string): Promise<string> {
  const origin = url.replace('127.0.0.1', 'localhost');
  const account = { email: 'profile-member@bench.test', password: 'bench-member-password-42' };
  const post = (route: string, body: object) =>
    fetch(`${url}/api/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });
  await post('sign-up/email', {
    ...account,
    name: 'Profile Member',
    firstName: 'Profile',
    lastName: 'Member',
  });
  const signIn = await post('sign-in/email', account);
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
};
// The server's profile is the newest: start.mjs writes a short one of its own when it replaces
// itself with a node started with the server's settings (scripts/start.mjs), under the same pid.
const file = fs
  .readdirSync(profileDir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()
  .at(-1);
if (!file) throw new Error('no profile written');
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
};
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const stack = (id: number) => {
  const frames: Node[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) frames.push(nodes.get(at)!);
  return frames;
};
// Startup (loading modules, migrations) is not a request's work: count from the first sample
// inside Node's HTTP request handler, and only busy samples (idle left out).
const first = profile.samples.findIndex((id) =>
  stack(id).some((n) => n.callFrame.functionName === 'parserOnIncoming'),
);
const samples = profile.samples.slice(Math.max(0, first)).filter((id) => {
  return nodes.get(id)!.callFrame.functionName !== '(idle)';
});
const total = samples.length;
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const inclusive = new Map<string, number>();
const nameOf = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^file:\/\//, '').replace(`${path.resolve(import.meta.dirname, '..')}/`, '');
  return `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
};
for (const id of samples) {
  const node = nodes.get(id)!;
  const { functionName, url } = node.callFrame;
  const key = nameOf(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + 1);
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith('node:')
      ? 'node core'
      : url.includes('/src/')
        ? 'stillpoint src'
        : functionName || '(vm)');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
  for (const name of new Set(stack(id).map(nameOf))) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
}
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
console.info(`\n${total} busy samples from the first request on; shares of those.`);
console.info(`\nself time by package:\n${top(byPackage, 20)}`);
console.info(`\nself time by function:\n${top(byFunction, 30)}`);
console.info(`\ntime including callees, by function:\n${top(inclusive, 40)}`);
console.info(`\nprofile: ${path.join(profileDir, file)}`);
