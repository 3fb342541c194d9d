// `npm start` builds the client when dist/client is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) =>
  path.join(root, p),
);
const builtAt = newestMtime(built);
const sourcesAt = Math.max(...sources.map(newestMtime));

if (builtAt === 0 || sourcesAt > builtAt) {
  console.info(
    builtAt === 0
      ? '[stillpoint] building the client (first start)…'
      : '[stillpoint] client sources changed: rebuilding…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    console.error('[stillpoint] the client build failed; see the errors above.');
    process.exit(result.status ?? 1);
  }
}
