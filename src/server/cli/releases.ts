import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/**
 * The install layout that upgrades switch between (docs/deploy.md, "Install layout, upgrades and rollbacks"):
 *
 *   <root>/releases/<version>/   one unpacked release each (dist/, scripts/, package.json, …)
 *   <root>/current -> releases/<version>   what the service runs
 *   DATA_DIR (outside <root>/releases)   the database, files, backups and upgrades.json
 */
export class UpgradeError extends Error {
  override name = 'UpgradeError';
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;

export function isSemver(version: string): boolean {
  return SEMVER.test(version);
}

/** Semver precedence (semver.org §11): negative when `a` comes before `b`. */
export function compareVersions(a: string, b: string): number {
  const [, ...left] = SEMVER.exec(a) ?? [];
  const [, ...right] = SEMVER.exec(b) ?? [];
  if (left.length === 0 || right.length === 0) throw new UpgradeError(`Not a semver version: ${a} or ${b}`);
  for (let i = 0; i < 3; i++) {
    const difference = Number(left[i]) - Number(right[i]);
    if (difference !== 0) return difference;
  }
  const [leftPre, rightPre] = [left[3], right[3]];
  if (leftPre === rightPre) return 0;
  if (leftPre === undefined) return 1; // a release comes after its pre-releases
  if (rightPre === undefined) return -1;
  const leftParts = leftPre.split('.');
  const rightParts = rightPre.split('.');
  for (let i = 0; i < Math.min(leftParts.length, rightParts.length); i++) {
    const [l, r] = [leftParts[i]!, rightParts[i]!];
    if (l === r) continue;
    const [lNumber, rNumber] = [/^\d+$/.test(l), /^\d+$/.test(r)];
    if (lNumber && rNumber) return Number(l) - Number(r);
    if (lNumber !== rNumber) return lNumber ? -1 : 1;
    return l < r ? -1 : 1;
  }
  return leftParts.length - rightParts.length;
}

export type Install = {
  root: string;
  releasesDir: string;
  currentLink: string;
  /** The real folder `current` points at. */
  currentRelease: string;
};

/**
 * The install around `codeRoot` (the release this command runs from: `<root>/releases/<v>`), or
 * the one named with `--root`.
 */
export function findInstall(codeRoot: string, rootOption?: string): Install {
  const realCode = fs.realpathSync(codeRoot);
  const root = rootOption
    ? path.resolve(rootOption)
    : path.basename(path.dirname(realCode)) === 'releases'
      ? path.dirname(path.dirname(realCode))
      : undefined;
  const layout =
    'Upgrades need the release layout of docs/deploy.md ("Install layout, upgrades and rollbacks"): <root>/releases/<version>/ with a <root>/current link to the one in use.';
  if (!root) {
    throw new UpgradeError(
      `${realCode} is not an installed release. ${layout} In a git checkout, upgrade with git pull, npm ci and npm run build instead.`,
    );
  }
  const currentLink = path.join(root, 'current');
  const releasesDir = path.join(root, 'releases');
  if (!fs.lstatSync(currentLink, { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new UpgradeError(`${currentLink} is not a link to a release. ${layout}`);
  }
  const currentRelease = fs.realpathSync(currentLink);
  if (path.dirname(currentRelease) !== fs.realpathSync(releasesDir)) {
    throw new UpgradeError(`${currentLink} points at ${currentRelease}, outside ${releasesDir}. ${layout}`);
  }
  return { root, releasesDir: fs.realpathSync(releasesDir), currentLink, currentRelease };
}

export type ReleaseManifest = { name: string; version: string };

export function readReleaseManifest(releaseDir: string): ReleaseManifest {
  const file = path.join(releaseDir, 'package.json');
  let manifest: Partial<ReleaseManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ReleaseManifest>;
  } catch {
    throw new UpgradeError(`The release has no readable package.json (${file}).`);
  }
  if (typeof manifest.version !== 'string' || !isSemver(manifest.version)) {
    throw new UpgradeError(
      `The release's package.json has no semver version (found ${JSON.stringify(manifest.version)}).`,
    );
  }
  return { name: String(manifest.name), version: manifest.version };
}

/** The migrations folder inside a release (the compiled server reads it from there). */
export const releaseMigrations = (releaseDir: string) => path.join(releaseDir, 'dist/server/db/migrations');

/** What a release must hold to be installed with `npm ci --omit=dev` and started. */
const RELEASE_FILES = [
  'package.json',
  'package-lock.json',
  'scripts/start.mjs',
  'dist/build.json',
  'dist/server/server.js',
  'dist/server/cli/admin.js',
  'dist/server/db/migrations/meta/_journal.json',
];

export function assertCompleteRelease(releaseDir: string) {
  const missing = RELEASE_FILES.filter((file) => !fs.existsSync(path.join(releaseDir, file)));
  if (missing.length > 0) {
    throw new UpgradeError(
      `This is not a complete Stillpoint release: it lacks ${missing.join(', ')}. Build one with npm run release.`,
    );
  }
}

/**
 * Unpacks a release tarball (gzip + tar, as `npm run release` writes it) into `target`, a new
 * folder. Names are checked (no absolute path, no `..`), only files and folders are accepted, and
 * modification times are kept (scripts/start.mjs compares them to tell a complete build). A
 * single top folder (`stillpoint-<version>/`, or npm pack's `package/`) is taken as the release.
 */
export async function unpackRelease(archive: string, target: string): Promise<string> {
  if (!fs.existsSync(archive)) throw new UpgradeError(`There is no release at ${archive}.`);
  fs.mkdirSync(target, { recursive: false });
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(archive), zlib.createGunzip(), extract);
  const times: Array<[string, Date]> = [];
  try {
    for await (const entry of extract) {
      const { name, type, mode, mtime } = entry.header;
      const normalized = path.posix.normalize(name).replace(/\/$/, '');
      if (path.posix.isAbsolute(normalized) || normalized.split('/').includes('..')) {
        throw new UpgradeError(`The release names a file outside its folder (${name}); refusing it.`);
      }
      const destination = path.join(target, normalized);
      if (type === 'directory') {
        fs.mkdirSync(destination, { recursive: true });
      } else if (type === 'file' || type === 'contiguous-file') {
        fs.mkdirSync(path.dirname(destination), { recursive: true });
        await pipeline(entry, fs.createWriteStream(destination, { mode: (mode ?? 0o644) & 0o755 }));
      } else {
        throw new UpgradeError(
          `The release holds a ${type} (${name}); a release holds only files and folders.`,
        );
      }
      entry.resume();
      if (mtime) times.push([destination, mtime]);
    }
    await reading;
  } catch (error) {
    reading.catch(() => {});
    if (error instanceof UpgradeError) throw error;
    throw new UpgradeError(
      `${archive} is not a readable release tarball (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  for (const [file, time] of times) fs.utimesSync(file, time, time);
  const entries = fs.readdirSync(target);
  if (!entries.includes('package.json') && entries.length === 1) {
    const only = path.join(target, entries[0]!);
    if (fs.statSync(only).isDirectory()) return only;
  }
  return target;
}

/** Points `current` at `release` in one rename, so the service never sees a missing link. */
export function switchCurrent(install: Install, release: string) {
  const temporary = `${install.currentLink}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  fs.symlinkSync(path.relative(install.root, release), temporary);
  fs.renameSync(temporary, install.currentLink);
}

/** What `upgrade` did, in DATA_DIR/upgrades.json (newest last); `rollback` reads the last one. */
export type UpgradeRecord = {
  from: string;
  to: string;
  at: string;
  fromRelease: string;
  toRelease: string;
  backup: string;
  schemaBefore: string;
  schemaAfter: string;
  rolledBackAt?: string;
  /** Where rollback moved the upgraded database and files (kept until the operator deletes them). */
  setAside?: string;
};

export const upgradesFile = (dataDir: string) => path.join(dataDir, 'upgrades.json');

export function readUpgrades(dataDir: string): UpgradeRecord[] {
  try {
    return JSON.parse(fs.readFileSync(upgradesFile(dataDir), 'utf8')) as UpgradeRecord[];
  } catch {
    return [];
  }
}

export function writeUpgrades(dataDir: string, records: UpgradeRecord[]) {
  const file = upgradesFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(records, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * Whether `inner` is `outer` or inside it, through links: `current/data` is inside `releases/`.
 * A path that does not exist yet is resolved through its nearest existing parent.
 */
export function isInside(inner: string, outer: string): boolean {
  const real = (target: string): string => {
    const resolved = path.resolve(target);
    if (fs.existsSync(resolved)) return fs.realpathSync(resolved);
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(real(parent), path.basename(resolved));
  };
  const relative = path.relative(real(outer), real(inner));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
