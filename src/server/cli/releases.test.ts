import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compareVersions, findInstall, isSemver, UpgradeError, unpackRelease } from './releases.ts';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-releases-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

type Entry = { name: string; type?: 'file' | 'directory' | 'symlink'; content?: string; linkname?: string };

async function tarball(entries: Entry[]): Promise<string> {
  const file = path.join(work, 'release.tgz');
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(file));
  for (const { content = '', ...header } of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ mtime: new Date('2026-11-01T00:00:00Z'), ...header }, content, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await writing;
  return file;
}

describe('versions', () => {
  it('package.json carries a semver version', () => {
    const manifest = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(isSemver(manifest.version)).toBe(true);
  });

  it.each([
    ['0.2.0', '0.10.0'],
    ['0.9.9', '1.0.0'],
    ['1.0.0-alpha', '1.0.0-alpha.1'],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta'],
    ['1.0.0-beta.2', '1.0.0-beta.11'],
    ['1.0.0-rc.1', '1.0.0'],
  ])('%s comes before %s', (older, newer) => {
    expect(compareVersions(older, newer)).toBeLessThan(0);
    expect(compareVersions(newer, older)).toBeGreaterThan(0);
  });

  it('build metadata does not order releases, and non-semver is refused', () => {
    expect(compareVersions('1.2.3+build.5', '1.2.3')).toBe(0);
    for (const version of ['1.2', 'v1.2.3', '01.2.3', 'latest']) expect(isSemver(version)).toBe(false);
    expect(() => compareVersions('1.2', '1.2.3')).toThrow(UpgradeError);
  });
});

describe('unpackRelease', () => {
  it('takes the single top folder as the release and keeps modification times', async () => {
    const archive = await tarball([
      { name: 'stillpoint-1.0.0/package.json', content: '{"version":"1.0.0"}' },
      { name: 'stillpoint-1.0.0/dist/build.json', content: '{}' },
    ]);
    const release = await unpackRelease(archive, path.join(work, 'out'));
    expect(release).toBe(path.join(work, 'out', 'stillpoint-1.0.0'));
    expect(fs.readFileSync(path.join(release, 'package.json'), 'utf8')).toBe('{"version":"1.0.0"}');
    expect(fs.statSync(path.join(release, 'dist/build.json')).mtime.toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it.each<[string, Entry[], RegExp]>([
    ['a path out of its folder', [{ name: 'stillpoint/../../escaped.txt' }], /outside its folder/],
    ['an absolute path', [{ name: '/etc/escaped.txt' }], /outside its folder/],
    [
      'a link',
      [{ name: 'stillpoint/evil', type: 'symlink', linkname: '/etc/passwd' }],
      /only files and folders/,
    ],
  ])('refuses %s', async (_, entries, message) => {
    const archive = await tarball(entries);
    await expect(unpackRelease(archive, path.join(work, 'out'))).rejects.toThrow(message);
    expect(fs.existsSync(path.join(work, 'escaped.txt'))).toBe(false);
  });

  it('refuses a file that is not a gzip tarball', async () => {
    const archive = path.join(work, 'notes.tgz');
    fs.writeFileSync(archive, 'not a release');
    await expect(unpackRelease(archive, path.join(work, 'out'))).rejects.toThrow(
      /not a readable release tarball/,
    );
  });
});

describe('findInstall', () => {
  it('finds the root of releases/<version> with its current link', () => {
    const release = path.join(work, 'releases', '1.0.0');
    fs.mkdirSync(release, { recursive: true });
    fs.symlinkSync('releases/1.0.0', path.join(work, 'current'));
    const install = findInstall(path.join(work, 'current'));
    expect(install.root).toBe(fs.realpathSync(work));
    expect(install.currentRelease).toBe(fs.realpathSync(release));
  });

  it('says how to upgrade a git checkout instead', () => {
    expect(() => findInstall(work)).toThrow(/not an installed release[\s\S]*git pull/);
  });
});
