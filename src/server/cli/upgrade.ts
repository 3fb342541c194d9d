import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { latestMigrationTag, readMigrationJournal } from '../db/schema-level.ts';
import { acquireDataDirLock } from '../lib/data-dir.ts';
import { keepPreviousAssets } from '../lib/hashed-assets.ts';
import {
  assertCompleteRelease,
  compareVersions,
  findInstall,
  type Install,
  isInside,
  readReleaseManifest,
  readUpgrades,
  releaseMigrations,
  switchCurrent,
  UpgradeError,
  type UpgradeRecord,
  unpackRelease,
  writeUpgrades,
} from './releases.ts';
import { rollbackThroughArchives } from './rollback-archives.ts';

/**
 * `npm run admin -- upgrade RELEASE.tgz` and `npm run admin -- rollback`, run from the current
 * release of an install laid out as in releases.ts (docs/deploy.md, "Install layout, upgrades and rollbacks").
 * Nothing the service runs changes until the last step of each (the `current` link), and the
 * operator restarts the service afterwards: the command prints the line to run.
 */
export type UpgradeOptions = {
  config: Config;
  archive: string;
  /** The release this command runs from (three folders above this module, in src/ or dist/). */
  codeRoot: string;
  installRoot?: string | undefined;
  /**
   * Link the new release's node_modules to this folder instead of `npm ci --omit=dev` (for the
   * round-trip test, and for hosts without registry access that keep a matching install).
   */
  nodeModulesFrom?: string | undefined;
  /** Backs the site up into `file` without migrating it; returns the schema it holds. */
  takeBackup: (file: string) => Promise<{ schema: string }>;
  log?: (line: string) => void;
};

/** How many releases stay unpacked: the current one and the two before it. */
export const KEEP_RELEASES = 3;

const RESTART_HINT =
  'Restart the service now so it runs the release `current` points at (with systemd: sudo systemctl restart stillpoint).';

const stamp = (now = new Date()) => now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** `node <release>/scripts/start.mjs admin …` with the site's DATA_DIR; fails loudly. */
function runReleaseAdmin(release: string, args: string[], config: Config, what: string) {
  const result = spawnSync(process.execPath, [path.join(release, 'scripts/start.mjs'), 'admin', ...args], {
    cwd: release,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: config.dataDir, BACKUP_DIR: config.backups.dir },
  });
  if (result.status !== 0) throw new UpgradeError(`${what} failed (exit ${result.status ?? result.signal}).`);
}

function installDependencies(
  release: string,
  nodeModulesFrom: string | undefined,
  log: (line: string) => void,
) {
  if (nodeModulesFrom) {
    log(`linking node_modules to ${nodeModulesFrom} (no install)…`);
    fs.symlinkSync(path.resolve(nodeModulesFrom), path.join(release, 'node_modules'), 'dir');
    return;
  }
  log('installing its dependencies: npm ci --omit=dev (a minute or two)…');
  // Under `npm run`, npm names itself in npm_execpath; otherwise the npm on PATH.
  const npm = process.env.npm_execpath;
  const [command, args] = npm?.endsWith('.js')
    ? [process.execPath, [npm, 'ci', '--omit=dev', '--no-audit', '--no-fund']]
    : ['npm', ['ci', '--omit=dev', '--no-audit', '--no-fund']];
  const result = spawnSync(command, args, { cwd: release, stdio: 'inherit' });
  if (result.status !== 0) throw new UpgradeError(`npm ci --omit=dev failed in ${release}.`);
}

/** The new release must continue this site's migrations: every one applied so far, unchanged. */
function assertSameMigrationLine(currentRelease: string, newRelease: string) {
  const current = readMigrationJournal(releaseMigrations(currentRelease));
  const next = readMigrationJournal(releaseMigrations(newRelease));
  const diverged = current.find((entry, i) => next[i]?.tag !== entry.tag || next[i]?.when !== entry.when);
  if (diverged) {
    throw new UpgradeError(
      `The new release does not continue this site's database migrations (it lacks or changed ${diverged.tag}); it cannot upgrade this site.`,
    );
  }
}

/** Keeps the newest KEEP_RELEASES unpacked releases, and always `keep` (current and previous). */
function pruneReleases(install: Install, keep: string[], log: (line: string) => void) {
  const releases = fs
    .readdirSync(install.releasesDir)
    .filter(
      (name) => !name.startsWith('.') && fs.statSync(path.join(install.releasesDir, name)).isDirectory(),
    )
    .flatMap((name) => {
      try {
        return [
          {
            dir: path.join(install.releasesDir, name),
            version: readReleaseManifest(path.join(install.releasesDir, name)).version,
          },
        ];
      } catch {
        return [];
      }
    })
    .sort((a, b) => compareVersions(b.version, a.version));
  for (const release of releases.slice(KEEP_RELEASES)) {
    if (keep.includes(release.dir)) continue;
    log(`removing the old release ${release.version} (the newest ${KEEP_RELEASES} stay)…`);
    fs.rmSync(release.dir, { recursive: true, force: true });
  }
}

/**
 * Pre-upgrade archives kept: the newest three (each holds the whole site; a setting seemed more
 * than this needs), and any older one that an upgrade which can still be rolled back points to.
 */
export const UPGRADE_BACKUPS_KEPT = 3;
const PRE_UPGRADE_BACKUP = /^stillpoint-pre-upgrade-.+-(\d{8}-\d{6})\.tar\.gz$/;

/**
 * Deletes the pre-upgrade archives beyond the newest UPGRADE_BACKUPS_KEPT (by the time in their
 * name) that no upgrade record still needs. A record needs its backup while it is not rolled back
 * and its previous release is still unpacked (pruneReleases removes older ones, and rollback
 * cannot go to a release that is gone); the newest record always keeps its own.
 */
export function prunePreUpgradeBackups(
  backupsDir: string,
  records: UpgradeRecord[],
  log: (line: string) => void,
) {
  const latest = records.at(-1);
  const needed = new Set(
    records
      .filter(
        (record) =>
          record === latest ||
          (!record.rolledBackAt && fs.existsSync(path.join(record.fromRelease, 'package.json'))),
      )
      .map((record) => path.resolve(record.backup)),
  );
  const archives = (fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir) : [])
    .flatMap((name) => {
      const time = PRE_UPGRADE_BACKUP.exec(name)?.[1];
      return time ? [{ file: path.resolve(backupsDir, name), time }] : [];
    })
    .sort((a, b) => b.time.localeCompare(a.time));
  for (const { file } of archives.slice(UPGRADE_BACKUPS_KEPT)) {
    if (needed.has(file)) continue;
    log(`removing the old pre-upgrade backup ${file} (the newest ${UPGRADE_BACKUPS_KEPT} stay)…`);
    fs.rmSync(file, { force: true });
  }
}

function assertDataOutsideReleases(config: Config, install: Install) {
  for (const [name, dir] of [
    ['DATA_DIR', config.dataDir],
    ['BACKUP_DIR', config.backups.dir],
  ] as const) {
    if (isInside(dir, install.releasesDir)) {
      throw new UpgradeError(
        `${name} (${dir}) is inside a release folder, so the next release would not see it. Move it outside ${install.root}/releases (docs/deploy.md, "Install layout, upgrades and rollbacks") and set ${name} to the new place.`,
      );
    }
  }
}

export async function upgrade(options: UpgradeOptions) {
  const log = options.log ?? ((line: string) => console.info(line));
  const { config } = options;
  const install = findInstall(options.codeRoot, options.installRoot);
  assertDataOutsideReleases(config, install);
  const current = readReleaseManifest(install.currentRelease);
  const archive = path.resolve(options.archive);

  log(`1/7 checking ${archive}…`);
  const staging = path.join(install.releasesDir, `.incoming-${stamp()}-${process.pid}`);
  let unpacked: string | undefined;
  let release: string | undefined;
  let backupFile: string | undefined;
  try {
    unpacked = await unpackRelease(archive, staging);
    assertCompleteRelease(unpacked);
    const next = readReleaseManifest(unpacked);
    if (next.name !== current.name) {
      throw new UpgradeError(`${archive} is a release of ${next.name}, not of ${current.name}.`);
    }
    const order = compareVersions(next.version, current.version);
    if (order === 0) throw new UpgradeError(`${next.version} is already the current release; nothing to do.`);
    if (order < 0) {
      throw new UpgradeError(
        `${archive} holds ${next.version}, older than the current ${current.version}. Upgrades only go forward; to go back to the release before an upgrade, run: npm run admin -- rollback`,
      );
    }
    assertSameMigrationLine(install.currentRelease, unpacked);
    log(`    ${current.version} -> ${next.version}`);

    log('2/7 backing up the site before anything changes…');
    const preUpgradeBackup = path.join(
      config.backups.dir,
      `stillpoint-pre-upgrade-${current.version}-to-${next.version}-${stamp()}.tar.gz`,
    );
    fs.mkdirSync(config.backups.dir, { recursive: true });
    const { schema: schemaBefore } = await options.takeBackup(preUpgradeBackup);
    backupFile = preUpgradeBackup;

    log(`3/7 placing ${next.version} beside the current release…`);
    release = path.join(install.releasesDir, next.version);
    if (fs.existsSync(release)) {
      log(`    replacing the earlier unpacked copy of ${next.version} (not in use)`);
      fs.rmSync(release, { recursive: true, force: true });
    }
    fs.renameSync(unpacked, release);
    // Settings kept in the release folder's .env (npm start loads it) follow the site.
    const envFile = path.join(install.currentRelease, '.env');
    if (fs.existsSync(envFile)) fs.copyFileSync(envFile, path.join(release, '.env'));

    log('4/7 installing it…');
    installDependencies(release, options.nodeModulesFrom, log);

    log('5/7 migrating the database with the new release…');
    runReleaseAdmin(release, ['migrate'], config, 'The migration');
    const schemaAfter = latestMigrationTag(releaseMigrations(release));

    log("6/7 keeping the previous release's client files for open tabs…");
    const carried = keepPreviousAssets(
      path.join(install.currentRelease, 'dist/client'),
      path.join(release, 'dist/client'),
    );
    log(`    ${carried} files kept`);

    log(`7/7 switching current to ${next.version}…`);
    switchCurrent(install, release);
    const unpackedRelease = release;
    release = undefined; // in use from here: never removed below
    const record: UpgradeRecord = {
      from: current.version,
      to: next.version,
      at: new Date().toISOString(),
      fromRelease: install.currentRelease,
      toRelease: unpackedRelease,
      backup: backupFile,
      schemaBefore,
      schemaAfter,
    };
    const records = [...readUpgrades(config.dataDir), record];
    writeUpgrades(config.dataDir, records);
    pruneReleases(install, [unpackedRelease, install.currentRelease], log);
    prunePreUpgradeBackups(config.backups.dir, records, log);

    log('');
    log(`Upgraded ${current.version} -> ${next.version} (schema ${schemaBefore} -> ${schemaAfter}).`);
    log(`The backup taken first: ${backupFile}`);
    log(
      `The previous release stays in ${install.currentRelease}; \`npm run admin -- rollback\` goes back to it.`,
    );
    log(RESTART_HINT);
    return record;
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (release) fs.rmSync(release, { recursive: true, force: true });
    if (!backupFile) throw error; // refused before anything changed
    // The migrations run in one transaction: a failed one leaves the schema as it was.
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} The site still runs ${current.version}: current was not switched, and the backup taken first is ${backupFile}.`,
    );
  }
}

export type RollbackOptions = {
  config: Config;
  codeRoot: string;
  installRoot?: string | undefined;
  /**
   * Backs the site up into `file` as it is, with this (the upgraded) release: what an external
   * database or S3 bucket held before the rollback empties it (rollback-archives.ts).
   */
  takeBackup: (file: string) => Promise<unknown>;
  log?: (line: string) => void;
};

/**
 * Switches `current` back to the release before the last upgrade. When that upgrade moved the
 * schema, the pre-upgrade backup is restored by the previous release itself (its own migrations),
 * and what the upgraded site held is kept in DATA_DIR/rolled-back-<time>/ until the operator
 * deletes it: the embedded database's and local files' folders are moved there; an external
 * database (DATABASE_URL) or S3 bucket, which cannot be moved, is first backed up there and then
 * emptied (rollback-archives.ts). Needs the site stopped.
 */
export async function rollback(options: RollbackOptions) {
  const log = options.log ?? ((line: string) => console.info(line));
  const { config } = options;
  const install = findInstall(options.codeRoot, options.installRoot);
  assertDataOutsideReleases(config, install);
  const current = readReleaseManifest(install.currentRelease);
  const records = readUpgrades(config.dataDir);
  const index = records.findLastIndex((record) => !record.rolledBackAt);
  const record = records[index];
  if (
    !record ||
    record.to !== current.version ||
    fs.realpathSync(record.toRelease) !== install.currentRelease
  ) {
    throw new UpgradeError(
      `Nothing to roll back: ${upgradeFileHint(config)} records no upgrade to the current release ${current.version}.`,
    );
  }
  if (!fs.existsSync(path.join(record.fromRelease, 'package.json'))) {
    throw new UpgradeError(
      `The previous release ${record.from} is no longer in ${record.fromRelease}; cannot roll back.`,
    );
  }
  const schemaMoved = record.schemaBefore !== record.schemaAfter;
  log(
    `Rolling back ${record.to} -> ${record.from}${schemaMoved ? ` (schema ${record.schemaAfter} -> ${record.schemaBefore})` : ''}.`,
  );

  let setAside: string | undefined;
  if (schemaMoved) setAside = await restorePreUpgradeBackup(record, install, options, log);

  log("keeping this release's client files for open tabs…");
  keepPreviousAssets(
    path.join(install.currentRelease, 'dist/client'),
    path.join(record.fromRelease, 'dist/client'),
  );
  log(`switching current to ${record.from}…`);
  switchCurrent(install, record.fromRelease);
  records[index] = { ...record, rolledBackAt: new Date().toISOString(), ...(setAside ? { setAside } : {}) };
  writeUpgrades(config.dataDir, records);

  log('');
  log(
    `Rolled back to ${record.from}. ${record.to} stays in ${record.toRelease} (upgrade to it again when ready).`,
  );
  if (setAside) {
    log(
      `The database and files as ${record.to} left them are kept in ${setAside}: delete that folder once the site is fine.`,
    );
  }
  log(RESTART_HINT.replace('Restart the service now', 'Start the service now'));
}

const upgradeFileHint = (config: Config) => path.join(config.dataDir, 'upgrades.json');

async function restorePreUpgradeBackup(
  record: UpgradeRecord,
  install: Install,
  options: RollbackOptions,
  log: (line: string) => void,
) {
  const { config } = options;
  if (!fs.existsSync(record.backup)) {
    throw new UpgradeError(
      `The pre-upgrade backup ${record.backup} is gone; cannot restore the old schema. Nothing was changed.`,
    );
  }
  // The lock proves a site on the embedded database is stopped (the running app holds it);
  // released before the restore, which takes it again in the previous release's process. A site
  // on DATABASE_URL takes no lock: its connections are checked too (rollback-archives.ts).
  let lock: { release: () => void };
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} Stop the service before a rollback that restores the database; nothing was changed.`,
    );
  }
  lock.release();

  const setAside = path.join(config.dataDir, `rolled-back-${stamp()}`);
  if (config.databaseUrl || config.s3) {
    return rollbackThroughArchives({
      record,
      config,
      currentRelease: install.currentRelease,
      setAside,
      takeBackup: options.takeBackup,
      runAdmin: (release, args, what) => runReleaseAdmin(release, args, config, what),
      log,
    });
  }
  const moved: Array<[string, string]> = [];
  fs.mkdirSync(setAside, { mode: 0o700 });
  for (const name of ['postgres', 'objects']) {
    const from = path.join(config.dataDir, name);
    if (!fs.existsSync(from)) continue;
    log(`moving ${from} aside into ${setAside}…`);
    fs.renameSync(from, path.join(setAside, name));
    moved.push([path.join(setAside, name), from]);
  }
  try {
    log(`restoring ${record.backup} with ${record.from}…`);
    runReleaseAdmin(record.fromRelease, ['restore', record.backup], config, 'The restore');
  } catch (error) {
    // Put the upgraded data back as it was: the site stays on the new release, unchanged.
    for (const name of ['postgres', 'objects'])
      fs.rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
    for (const [from, to] of moved) fs.renameSync(from, to);
    fs.rmSync(setAside, { recursive: true, force: true });
    throw new UpgradeError(
      `${error instanceof Error ? error.message : String(error)} The upgraded database and files were put back; the site still runs ${record.to}.`,
    );
  }
  return setAside;
}
