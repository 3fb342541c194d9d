import fs from 'node:fs';
import path from 'node:path';

/** Archives the backup command and the scheduled backup write (`stillpoint-YYYYMMDD-HHMMSS.tar.gz`). */
const ARCHIVE_NAME = /^stillpoint-\d{8}-\d{6}\.tar\.gz$/;

/** The newest archive in a backups folder (by name, which sorts by time), or undefined. */
export function findLatestBackup(dir: string): { file: string; at: Date; bytes: number } | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => ARCHIVE_NAME.test(name));
  } catch {
    return undefined;
  }
  const newest = names.sort().at(-1);
  if (!newest) return undefined;
  const file = path.join(dir, newest);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? { file, at: stat.mtime, bytes: stat.size } : undefined;
}
