// The server Playwright starts: the compiled server of `npm run build` (what ships), on a fresh
// DATA_DIR under the OS temp folder (the embedded database's `postgres` user must be able to
// traverse it), removed again when Playwright stops the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildState } from './lib/build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const state = buildState();
if (state !== 'fresh') {
  console.error(`[e2e] the build in dist/ is ${state}: run \`npm run build\` first.`);
  process.exit(1);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-e2e-'));
fs.chmodSync(dataDir, 0o755);
// The journeys read the outbox (password reset) through this DATA_DIR's runtime.json.
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(path.join(root, '.tmp/e2e-data-dir'), dataDir);

const child = spawn(process.execPath, ['dist/server/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
const forward = (signal) => child.kill(signal);
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGINT', () => forward('SIGINT'));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
