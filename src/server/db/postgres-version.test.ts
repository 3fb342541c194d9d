import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertClusterVersion, embeddedBinariesMajor, PostgresVersionError } from './postgres-version.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-pgversion-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded PostgreSQL version check', () => {
  it('knows the major version of the installed binaries', () => {
    expect(embeddedBinariesMajor()).toMatch(/^\d+$/);
  });

  it('accepts a new cluster folder and a cluster of the same major version', () => {
    expect(() => assertClusterVersion(path.join(dir, 'missing'), '18')).not.toThrow();
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    expect(() => assertClusterVersion(dir, '18')).not.toThrow();
  });

  it('refuses a cluster of another major version and says how to move the data', () => {
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(() => assertClusterVersion(dir, '18')).toThrow(PostgresVersionError);
    expect(() => assertClusterVersion(dir, '18')).toThrow(
      /made by PostgreSQL 17.*ships PostgreSQL 18[\s\S]*admin -- backup[\s\S]*admin -- restore/,
    );
  });
});
