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
 * One scheduled backup into `dir` — or, with a `bucket` (BACKUP_S3_BUCKET), made in `dir` and
 * then moved to the bucket — after which the oldest archives beyond `keep` are removed (only
 * files named by `backupFileName`).
 */
export async function runScheduledBackup(options: {
  databaseUrl: string;
  storage: Storage;
  dir: string;
  keep: number;
  bucket?: Storage | undefined;
  now?: Date;
}): Promise<BackupResult & { removed: string[] }> {
  const name = backupFileName(options.now);
  const result = await createBackup({
    databaseUrl: options.databaseUrl,
    storage: options.storage,
    file: path.join(options.dir, name),
  });
  const bucket = options.bucket;
  let archives: string[];
  let remove: (name: string) => Promise<void>;
  if (bucket) {
    await bucket.write(name, fs.createReadStream(result.file), 'application/gzip');
    fs.rmSync(result.file, { force: true });
    archives = [];
    for await (const object of bucket.list()) archives.push(object.key);
    remove = (key) => bucket.delete(key);
  } else {
    archives = fs.readdirSync(options.dir);
    remove = async (file) => fs.rmSync(path.join(options.dir, file), { force: true });
  }
  archives = archives.filter((archive) => FILE_PATTERN.test(archive)).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - options.keep));
  for (const archive of removed) await remove(archive);
  return { ...result, removed };
}
