import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage.ts';
import { readAll } from './storage.ts';

/** S3_PUBLIC_ENDPOINT: the app talks to the bucket at one address, browsers at another. */
let s3rver: S3rver;
let directory: string;
let port: number;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-s3-public-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'media', configs: [] }],
  });
  ({ port } = await s3rver.run());
});
afterAll(async () => {
  await s3rver?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

const settings = (publicEndpoint?: string) => ({
  bucket: 'media',
  region: 'us-east-1',
  // What compose's app uses (`http://minio:9000`): here the same server by its address.
  endpoint: `http://127.0.0.1:${port}`,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  publicEndpoint,
});

describe('S3 storage with S3_PUBLIC_ENDPOINT', () => {
  it('signs upload and download links for the public endpoint, and allows that origin in CSP', async () => {
    const storage = createS3Storage(settings(`http://localhost:${port}`));
    const upload = new URL(await storage.createUploadUrl('uploads/a.webp', 60));
    const download = new URL(await storage.createDownloadUrl!('uploads/a.webp', 60));
    expect(upload.origin).toBe(`http://localhost:${port}`);
    expect(download.origin).toBe(`http://localhost:${port}`);
    expect(storage.uploadOrigins).toEqual([`http://localhost:${port}`]);
    // A browser's PUT to the public link lands where the app reads.
    const put = await fetch(upload, { method: 'PUT', body: 'picture bytes' });
    expect(put.status).toBe(200);
    expect(String(await readAll(storage, 'uploads/a.webp'))).toBe('picture bytes');
  });

  it('without it, links point at S3_ENDPOINT as before', async () => {
    const storage = createS3Storage(settings());
    expect(new URL(await storage.createUploadUrl('uploads/b.webp', 60)).origin).toBe(
      `http://127.0.0.1:${port}`,
    );
    expect(storage.uploadOrigins).toEqual([`http://127.0.0.1:${port}`]);
  });
});
