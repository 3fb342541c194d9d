import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The load generator: Debian's `wrk` (native, one thread), so the client does not fight the
 * server's Node process for the same core the way a Node load generator would. Every run is
 * scripted in Lua: rotating paths, headers, a fresh body per request, and a JSON summary line.
 */

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export function requireWrk(): string {
  const found = spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' });
  const wrkPath = found.stdout.trim();
  if (found.status !== 0 || !wrkPath) {
    console.error(
      'wrk is not installed. The benchmark needs a native load generator:\n' +
        '  Debian/Ubuntu: sudo apt-get install -y wrk\n' +
        '  macOS:         brew install wrk\n' +
        'then run `npm run bench` again.',
    );
    process.exit(1);
  }
  return wrkPath;
}

export type WrkOptions = {
  seconds: number;
  connections?: number;
  headers?: Record<string, string>;
  /** Paths to rotate through (one per request); default: the URL's own path. */
  paths?: string[];
  method?: 'GET' | 'POST';
  /** A Lua expression giving the body of each request (POST), e.g. a JSON string with a fresh id. */
  bodyLua?: string;
};

const lua = (value: string) => JSON.stringify(value); // a JSON string is a valid Lua string literal

export async function wrk(url: string, options: WrkOptions): Promise<LoadResult> {
  const target = new URL(url);
  const paths = options.paths ?? [`${target.pathname}${target.search}`];
  const headerLines = Object.entries(options.headers ?? {})
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');
  const script = `
math.randomseed(os.time())
${headerLines}
local paths = { ${paths.map(lua).join(', ')} }
local n = 0
local function hex(count)
  local out = {}
  for i = 1, count do out[i] = string.format('%x', math.random(0, 15)) end
  return table.concat(out)
end
function uuid()
  return hex(8) .. '-' .. hex(4) .. '-4' .. hex(3) .. '-a' .. hex(3) .. '-' .. hex(12)
end
request = function()
  n = n + 1
  local p = paths[(n % #paths) + 1]
  ${options.method === 'POST' ? `return wrk.format('POST', p, nil, ${options.bodyLua ?? '""'})` : 'return wrk.format(nil, p)'}
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`;
  const file = path.join(os.tmpdir(), `stillpoint-wrk-${process.pid}-${Date.now()}.lua`);
  fs.writeFileSync(file, script);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        'wrk',
        [
          '-t1',
          `-c${options.connections ?? 50}`,
          `-d${options.seconds}s`,
          '--timeout',
          '10s',
          '-s',
          file,
          `${target.protocol}//${target.host}`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      child.stderr.on('data', (chunk) => {
        out += chunk;
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`)),
      );
    });
    const line = output.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (!line) throw new Error(`wrk printed no summary:\n${output}`);
    const s = JSON.parse(line.slice('WRK_JSON '.length)) as {
      requests: number;
      duration_us: number;
      p50_us: number;
      p99_us: number;
      non2xx: number;
      errors: number;
    };
    return {
      requestsPerSecond: Math.round(s.requests / (s.duration_us / 1e6)),
      p50: Math.round(s.p50_us / 100) / 10,
      p99: Math.round(s.p99_us / 100) / 10,
      errors: s.errors,
      non2xx: s.non2xx,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export type Load = [number, number, number];
const loadAverage = (): Load => os.loadavg().map((v) => Math.round(v * 100) / 100) as Load;

export type Repeated = {
  /** Median of the runs (each figure on its own). */
  median: LoadResult;
  runs: Array<LoadResult & { loadBefore: Load; loadAfter: Load }>;
  /** (max − min) / median of req/s, and the p99 range in ms. */
  spread: { requestsPerSecond: number; p99: [number, number] };
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Runs each load `times` times (three by default), with the machine's load average around each,
 * taking turns (a, b, a, b, …): what else the machine is doing (a checkpoint, another process)
 * falls on every side alike, so the app and its ceiling meet the same conditions.
 */
export async function interleaved(loads: Array<() => Promise<LoadResult>>, times = 3): Promise<Repeated[]> {
  const runs: Array<Repeated['runs']> = loads.map(() => []);
  for (let index = 0; index < times; index += 1) {
    for (const [which, run] of loads.entries()) {
      const loadBefore = loadAverage();
      const result = await run();
      runs[which]!.push({ ...result, loadBefore, loadAfter: loadAverage() });
    }
  }
  return runs.map(summarise);
}

function summarise(runs: Repeated['runs']): Repeated {
  const pick = (key: keyof LoadResult) => median(runs.map((r) => r[key]));
  const rps = runs.map((r) => r.requestsPerSecond);
  const p99s = runs.map((r) => r.p99);
  const med: LoadResult = {
    requestsPerSecond: pick('requestsPerSecond'),
    p50: pick('p50'),
    p99: pick('p99'),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
  return {
    median: med,
    runs,
    spread: {
      requestsPerSecond:
        med.requestsPerSecond > 0
          ? Math.round(((Math.max(...rps) - Math.min(...rps)) / med.requestsPerSecond) * 1000) / 1000
          : 0,
      p99: [Math.min(...p99s), Math.max(...p99s)],
    },
  };
}

export const formatSpread = (r: Repeated) =>
  `±${((r.spread.requestsPerSecond / 2) * 100).toFixed(1)}% req/s, p99 ${r.spread.p99[0]}–${r.spread.p99[1]} ms`;
