import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { encodeKey, type KeySigner } from './media-signing.ts';
import { contentTypeForKey, isValidObjectKey, type Storage } from './storage.ts';

/**
 * Files under DATA_DIR/objects; written to a temporary name and renamed into place when complete.
 * Upload URLs point at this server's `PUT /objects/uploads/<id>`, signed with `uploadSigner`.
 */
export function createLocalStorage(
  root: string,
  options: { publicUrl: string; uploadSigner: KeySigner } = {
    publicUrl: 'http://localhost',
    uploadSigner: { query: () => '', verify: () => false },
  },
): Storage {
  const resolve = (key: string) => {
    if (!isValidObjectKey(key)) throw new Error(`invalid object key: ${key}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid object key: ${key}`);
    return file;
  };
  return {
    driver: 'local',
    async stat(key) {
      if (!isValidObjectKey(key)) return null;
      const stat = await fs.promises.stat(resolve(key)).catch(() => null);
      if (!stat?.isFile()) return null;
      return { key, size: stat.size, contentType: contentTypeForKey(key), lastModified: stat.mtime };
    },
    async read(key, range) {
      return fs.createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
    },
    async write(key, body: Buffer | Readable) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      try {
        if (Buffer.isBuffer(body)) await fs.promises.writeFile(temp, body);
        else await pipeline(body, fs.createWriteStream(temp));
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async move(fromKey, toKey) {
      const target = resolve(toKey);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(resolve(fromKey), target);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async *list() {
      const base = path.resolve(root);
      const entries = await fs.promises
        .readdir(base, { recursive: true, withFileTypes: true })
        .catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.part')) continue;
        const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        const stat = await this.stat(key);
        if (stat) yield stat;
      }
    },
    async createUploadUrl(key, ttlSeconds) {
      return `${options.publicUrl}/objects/${encodeKey(key)}?${options.uploadSigner.query(key, ttlSeconds)}`;
    },
    localFile(key) {
      if (!isValidObjectKey(key)) return null;
      return { root: path.resolve(root), path: `/${key}` };
    },
    uploadOrigins: [],
  };
}
