import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_ASSET_DAYS, keepPreviousAssets } from './hashed-assets.ts';

let work: string;
beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-assets-'));
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

function client(name: string, files: string[]) {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  for (const file of files) fs.writeFileSync(path.join(dir, 'assets', file), file);
  return dir;
}
const assets = (dir: string) => fs.readdirSync(path.join(dir, 'assets')).sort();
const DAY = 24 * 60 * 60 * 1000;

describe('keepPreviousAssets', () => {
  it("carries the previous build's hashed files (and their compressed copies) into the new one", () => {
    const previous = client('previous', ['index-a1.js', 'index-a1.js.br', 'shared-s1.js']);
    const next = client('next', ['index-b2.js', 'shared-s1.js']);
    expect(keepPreviousAssets(previous, next)).toBe(2);
    expect(assets(next)).toEqual(['index-a1.js', 'index-a1.js.br', 'index-b2.js', 'shared-s1.js']);
  });

  it(`drops a file ${KEPT_ASSET_DAYS} days after the build that stopped using it, across builds`, () => {
    const start = new Date('2026-11-01T00:00:00Z');
    const first = client('first', ['index-a1.js']);
    const second = client('second', ['index-b2.js']);
    keepPreviousAssets(first, second, start);
    // A third build a week later still carries a1 (superseded a week ago) and now b2.
    const third = client('third', ['index-c3.js']);
    keepPreviousAssets(second, third, new Date(start.getTime() + 7 * DAY));
    expect(assets(third)).toEqual(['index-a1.js', 'index-b2.js', 'index-c3.js']);
    // Past the limit for a1 (counted from the second build), not for b2 (from the third).
    const fourth = client('fourth', ['index-d4.js']);
    keepPreviousAssets(third, fourth, new Date(start.getTime() + KEPT_ASSET_DAYS * DAY));
    expect(assets(fourth)).toEqual(['index-b2.js', 'index-c3.js', 'index-d4.js']);
  });

  it('does nothing without a previous build', () => {
    const next = client('next', ['index-b2.js']);
    expect(keepPreviousAssets(path.join(work, 'missing'), next)).toBe(0);
    expect(assets(next)).toEqual(['index-b2.js']);
  });
});
