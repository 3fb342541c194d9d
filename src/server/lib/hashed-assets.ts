import fs from 'node:fs';
import path from 'node:path';

/**
 * The previous build's hashed client files (`dist/client/assets/*`) stay served after a new build
 * or an upgrade: a tab opened before it still asks for them (a lazy screen's chunk, a font), and
 * a 404 there breaks the page. Files are named by their hash, so old and new never collide.
 *
 * Each carried file is kept for `KEPT_ASSET_DAYS` days after the build that stopped using it; the
 * date is in `.vite/kept-assets.json` beside the client build (the service worker and every
 * release-aware tab have moved on long before). Files carried twice keep their first date, so
 * assets do not pile up across releases. Used by `npm run build` (scripts/build.mjs) and by
 * `npm run admin -- upgrade | rollback` (src/server/cli/upgrade.ts); docs/deploy.md.
 */
export const KEPT_ASSET_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const RECORD = '.vite/kept-assets.json';

type KeptAssets = Record<string, string>;

function readRecord(clientDir: string): KeptAssets {
  try {
    return JSON.parse(fs.readFileSync(path.join(clientDir, RECORD), 'utf8')) as KeptAssets;
  } catch {
    return {};
  }
}

/**
 * Copies the files of `previousClientDir/assets` that `clientDir/assets` lacks into it (with
 * their `.br`/`.gz` copies, which are files of the same folder), unless they were superseded more
 * than `KEPT_ASSET_DAYS` ago. Returns how many files were carried.
 */
export function keepPreviousAssets(previousClientDir: string, clientDir: string, now = new Date()): number {
  const previousAssets = path.join(previousClientDir, 'assets');
  const assets = path.join(clientDir, 'assets');
  if (!fs.existsSync(previousAssets) || path.resolve(previousAssets) === path.resolve(assets)) return 0;
  fs.mkdirSync(assets, { recursive: true });
  const previousRecord = readRecord(previousClientDir);
  const record = readRecord(clientDir);
  let carried = 0;
  for (const name of fs.readdirSync(previousAssets)) {
    const source = path.join(previousAssets, name);
    const target = path.join(assets, name);
    if (fs.existsSync(target) || !fs.statSync(source).isFile()) continue;
    const supersededAt = previousRecord[name] ?? now.toISOString();
    if (now.getTime() - Date.parse(supersededAt) >= KEPT_ASSET_DAYS * DAY_MS) continue;
    fs.copyFileSync(source, target);
    record[name] = record[name] ?? supersededAt;
    carried += 1;
  }
  fs.mkdirSync(path.dirname(path.join(clientDir, RECORD)), { recursive: true });
  fs.writeFileSync(path.join(clientDir, RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return carried;
}
