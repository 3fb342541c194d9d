// Whether dist/ holds a complete build newer than its sources. Plain Node (no dev dependency), so
// `npm start` can ask it in a production install.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const distDir = process.env.STILLPOINT_DIST_DIR
  ? path.resolve(process.env.STILLPOINT_DIST_DIR)
  : path.join(root, 'dist');
/** Written last by scripts/build.mjs: a build without it is incomplete. */
export const stampFile = path.join(distDir, 'build.json');

const SOURCES = ['src', 'vite.config.ts', 'scripts/build.mjs', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** 'missing' (no complete build), 'stale' (a source changed since) or 'fresh'. */
export function buildState() {
  const builtAt = newestMtime(stampFile);
  if (builtAt === 0) return 'missing';
  // A release (scripts/release.mjs) has no sources: its build is all there is, whatever the
  // modification times of its package-lock.json after a copy or an unpack.
  if (isRelease()) return 'fresh';
  const sourcesAt = Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))));
  return sourcesAt > builtAt ? 'stale' : 'fresh';
}

/** Whether this folder is an installed release rather than a checkout: it has no sources. */
export function isRelease() {
  return !fs.existsSync(path.join(root, 'src'));
}

/** Whether this folder can build: the sources are here and the build tools (dev dependencies) installed. */
export function canBuild() {
  return !isRelease() && fs.existsSync(path.join(root, 'node_modules/vite/package.json'));
}
