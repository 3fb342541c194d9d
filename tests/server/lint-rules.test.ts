// The boundary rules in biome.json, proven: each fixture under tests/lint-fixtures/ breaks one rule
// and must fail with it; `good` uses every allowed direction and must pass. The fixtures run with
// the project's own biome.json (so removing or loosening a rule fails here), copied next to them
// in a temporary folder because `npx biome check .` skips tests/lint-fixtures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures');
const biome = path.join(root, 'node_modules/.bin/biome');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-lint-rules-'));

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Diagnostic = { severity: string; category: string; message: string; location: { path: string } };

function lintFixture(name: string): Diagnostic[] {
  const dir = path.join(work, name);
  fs.cpSync(path.join(fixtures, name), dir, { recursive: true });
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  // The GritQL plugins (lint/*.grit) guard other invariants and are proven in their own tests.
  delete config.plugins;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  const result = spawnSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
  expect(result.status === 0).toBe(report.diagnostics.every((d) => d.severity !== 'error'));
  return report.diagnostics.filter((d) => d.severity === 'error');
}

const found = (diagnostics: Diagnostic[]) =>
  diagnostics.map((d) => `${d.location.path} ${d.category}: ${d.message.split(':')[0]}`).sort();

describe('boundary lint rules (biome.json)', () => {
  it('client → server: an import of server code from the client fails, by path and by alias', () => {
    expect(found(lintFixture('client-to-server'))).toEqual([
      'src/client/features/library/uses-server.ts lint/style/noRestrictedImports: Boundary (client → server)',
      'src/client/features/library/uses-server.ts lint/style/noRestrictedImports: Boundary (client → server)',
    ]);
  });

  it('shared → outside: src/shared importing the server or the client fails, at any depth', () => {
    expect(found(lintFixture('shared-outside'))).toEqual([
      'src/shared/schemas/uses-client.ts lint/style/noRestrictedImports: Boundary (shared → outside)',
      'src/shared/uses-server.ts lint/style/noRestrictedImports: Boundary (shared → outside)',
    ]);
  });

  it('db → features: the data layer importing a feature fails, even through its index.ts', () => {
    expect(found(lintFixture('db-to-features'))).toEqual([
      'src/server/db/schema/uses-feature.ts lint/style/noRestrictedImports: Boundary (layers)',
    ]);
  });

  it('plugins → features: a plugin importing a feature fails', () => {
    expect(found(lintFixture('plugins-to-features'))).toEqual([
      'src/server/plugins/uses-feature.ts lint/style/noRestrictedImports: Boundary (layers)',
    ]);
  });

  it("feature → another feature's internals: anything but its index.ts fails, by path and by alias", () => {
    expect(found(lintFixture('feature-internals'))).toEqual([
      'src/server/features/community/uses-library-internals.ts lint/style/noRestrictedImports: Boundary (feature internals)',
      'src/server/features/community/uses-library-internals.ts lint/style/noRestrictedImports: Boundary (feature internals)',
    ]);
  });

  it('import cycles: two files importing each other fail, even with type-only imports', () => {
    const diagnostics = found(lintFixture('import-cycle'));
    expect(diagnostics).toEqual([
      'src/server/lib/first.ts lint/suspicious/noImportCycles: This import is part of a cycle.',
      'src/server/lib/second.ts lint/suspicious/noImportCycles: This import is part of a cycle.',
    ]);
  });

  it('every allowed direction passes (shared, client, db, lib, plugins, a feature index, the seed)', () => {
    expect(found(lintFixture('good'))).toEqual([]);
  });
});
