import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from '../../lib/storage/local-storage.ts';
import { createS3Storage } from '../../lib/storage/s3-storage.ts';
import type { Storage } from '../../lib/storage/storage.ts';
import { type BackupResult, createBackup } from './backup.service.ts';

export const BACKUP_JOB_NAME = 'backup';
const FILE_PATTERN = /^stillpoint-\d{8}-\d{6}\.tar\.gz$/;

/** `stillpoint-20261123-211500.tar.gz` (UTC): names sort by time. */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `stillpoint-${stamp}.tar.gz`;
}

/** The storage the site's files live in, for tools that run outside the app (the admin CLI). */
export function storageFromConfig(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'objects'));
}

/**
 * One scheduled backup into `config.backups.dir`, then the oldest archives beyond
 * `config.backups.keep` are removed (only files named by `backupFileName`).
 */
export async function runScheduledBackup(options: {
  databaseUrl: string;
  storage: Storage;
  dir: string;
  keep: number;
  now?: Date;
}): Promise<BackupResult & { removed: string[] }> {
  const result = await createBackup({
    databaseUrl: options.databaseUrl,
    storage: options.storage,
    file: path.join(options.dir, backupFileName(options.now)),
  });
  const archives = fs
    .readdirSync(options.dir)
    .filter((name) => FILE_PATTERN.test(name))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - options.keep));
  for (const name of removed) fs.rmSync(path.join(options.dir, name), { force: true });
  return { ...result, removed };
}
