import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../db/process.ts';

/** What a running app with the embedded database writes into DATA_DIR for its tools (the admin CLI). */
export type RuntimeInfo = { pid: number; databaseUrl: string };

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Another Stillpoint process (pid ${ownerPid}) is already using ${dataDir}. Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).`,
    );
  }
}

/**
 * One app process per DATA_DIR: the embedded cluster and the runtime file belong to it. The lock is
 * a file created with O_EXCL holding our pid; a lock whose process is gone is taken over.
 */
export function acquireDataDirLock(dataDir: string): { release: () => void } {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'stillpoint.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o644);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new DataDirLockedError(dataDir, ownerPid);
      }
      // Left by a process that was killed: take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}

/** Reads the runtime file of a live app on this DATA_DIR, or undefined. */
export function readRuntimeInfo(dataDir: string): RuntimeInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'runtime.json'), 'utf8')) as RuntimeInfo;
    return isProcessAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export function writeRuntimeInfo(dataDir: string, info: RuntimeInfo): () => void {
  const file = path.join(dataDir, 'runtime.json');
  fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  return () => fs.rmSync(file, { force: true });
}

type Secrets = { authSecret: string; postgresPassword: string };

/**
 * Development secrets live in DATA_DIR/secrets.json (mode 600), generated on first start, so a
 * fresh clone runs with no configuration and sessions survive restarts.
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  let existing: Partial<Secrets> = {};
  try {
    existing = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch {
    // first start
  }
  const secrets: Secrets = {
    authSecret: existing.authSecret ?? randomBytes(32).toString('base64url'),
    postgresPassword: existing.postgresPassword ?? randomBytes(24).toString('base64url'),
  };
  if (existing.authSecret !== secrets.authSecret || existing.postgresPassword !== secrets.postgresPassword) {
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    fs.renameSync(temp, file);
  }
  return secrets;
}
