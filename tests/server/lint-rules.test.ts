// The boundary rules, proven: each fixture under tests/lint-fixtures/ breaks one rule and must fail
// with it; `good` uses every allowed direction and must pass. The fixtures run with the project's
// own biome.json and .dependency-cruiser.cjs (so removing or loosening a rule fails here), copied
// next to them in a temporary folder because `npm run lint` skips tests/lint-fixtures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'tests/lint-fixtures');
const biome = path.join(root, 'node_modules/.bin/biome');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stillpoint-lint-rules-'));

// Inside the repository, so the fixtures resolve packages (pg, zod) from its node_modules (.tmp/
// is ignored by git and may not exist yet in a fresh clone).
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const wallsWork = fs.mkdtempSync(path.join(root, '.tmp', 'lint-walls-'));

afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(wallsWork, { recursive: true, force: true });
});

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

type Violation = { from: string; to: string; rule: { name: string } };

/** Runs `npm run lint`'s dependency-cruiser step, with the project's config, over one fixture. */
function cruiseFixture(name: string): string[] {
  const dir = path.join(wallsWork, name);
  fs.cpSync(path.join(fixtures, name), dir, { recursive: true });
  fs.cpSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  fs.cpSync(path.join(root, 'lint'), path.join(dir, 'lint'), { recursive: true });
  const result = spawnSync(depcruise, ['src/**/!(*.test).{ts,tsx}', '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  // (The JSON reporter exits 0 either way; `npm run lint` uses the err reporter, which fails.)
  // A package is named from node_modules/ on, wherever the repository's node_modules is (the
  // fixture sits under .tmp/, and a worktree may link node_modules from elsewhere).
  const named = (to: string) => to.replace(/^.*node_modules\//, 'node_modules/');
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${named(v.to)}`).sort();
}

/**
 * Every fixture of the walls and exactly what it must produce (`rule: from → to`). Each rule in
 * .dependency-cruiser.cjs must appear here at least once: the last test fails for a rule without one.
 */
const wallFixtures: Array<{ fixture: string; proves: string; violations: string[] }> = [
  {
    fixture: 'walls-server-feature-internals',
    proves: "server feature → another feature's internals: refused by path, climbing out, and by alias",
    violations: [
      'server-feature-internals: src/server/features/community/uses-library-internals.ts → src/server/features/library/content.service.ts',
    ],
  },
  {
    fixture: 'walls-server-layers',
    proves:
      'server layers: lib → plugins, db → plugins, db → lib, edge → features and plugins → edge are refused',
    violations: [
      'server-db-layer: src/server/db/uses-lib.ts → src/server/lib/helper.ts',
      'server-db-layer: src/server/db/uses-plugin.ts → src/server/plugins/auth.ts',
      'server-edge-layer: src/server/edge/uses-feature.ts → src/server/features/library/index.ts',
      'server-lib-layer: src/server/lib/uses-plugin.ts → src/server/plugins/auth.ts',
      'server-plugins-layer: src/server/plugins/uses-edge.ts → src/server/edge/policy.ts',
    ],
  },
  {
    fixture: 'walls-server-features-layer',
    proves: 'server feature → the composition root (app.ts, server.ts) or the client is refused',
    violations: [
      'server-features-layer: src/server/features/library/uses-root.ts → src/client/lib/cn.ts',
      'server-features-layer: src/server/features/library/uses-root.ts → src/server/app.ts',
      'server-features-layer: src/server/features/library/uses-root.ts → src/server/server.ts',
    ],
  },
  {
    fixture: 'walls-shared-node-only',
    proves: 'shared: node: built-ins and Node-only packages are refused, browser-safe packages pass',
    violations: [
      'shared-no-node-builtins: src/shared/uses-node.ts → fs',
      'shared-not-node-only: src/shared/uses-node.ts → node_modules/pg/esm/index.mjs',
    ],
  },
  {
    fixture: 'walls-shared-only-shared',
    proves: 'shared → the client or the server is refused, by path and by alias',
    violations: [
      'shared-only-shared: src/shared/schemas/uses-client.ts → src/client/lib/cn.ts',
      'shared-only-shared: src/shared/uses-server.ts → src/server/lib/helper.ts',
    ],
  },
  {
    fixture: 'walls-client-not-server',
    proves: 'client → server is refused, also from the app shell (which has no layer rule of its own)',
    violations: ['client-not-server: src/client/app/uses-server.ts → src/server/features/library/index.ts'],
  },
  {
    fixture: 'walls-client-layers',
    proves: 'client layers: components → a feature (even its index) and lib → components are refused',
    violations: [
      'client-components-layer: src/client/components/uses-feature.tsx → src/client/features/auth/index.ts',
      'client-lib-layer: src/client/lib/uses-component.ts → src/client/components/ui/use-toast.ts',
    ],
  },
  {
    fixture: 'walls-client-features-layer',
    proves: 'client feature → the app shell is refused',
    violations: ['client-features-layer: src/client/features/library/uses-app.ts → src/client/app/shell.ts'],
  },
  {
    fixture: 'walls-client-sw-layer',
    proves: 'service worker → a feature or a component is refused',
    violations: [
      'client-sw-layer: src/client/sw/uses-feature.ts → src/client/components/ui/use-toast.ts',
      'client-sw-layer: src/client/sw/uses-feature.ts → src/client/features/downloads/index.ts',
    ],
  },
  {
    fixture: 'walls-client-no-node-builtins',
    proves: 'client → a node: built-in is refused',
    violations: ['client-no-node-builtins: src/client/lib/uses-node.ts → fs'],
  },
  {
    fixture: 'walls-client-feature-internals',
    proves: "client feature → another feature's internals is refused; its index.ts passes",
    violations: [
      'client-feature-internals: src/client/features/library/uses-auth-internals.ts → src/client/features/auth/api/current-user.ts',
    ],
  },
  {
    fixture: 'walls-folder-cycle',
    proves:
      'folder-level cycle on the client: two features using each other fail, though no file is in a cycle',
    violations: [
      'no-folder-cycles: src/client/features/player → src/client/features/practice',
      'no-folder-cycles: src/client/features/practice → src/client/features/player',
    ],
  },
  {
    fixture: 'walls-server-folder-cycle',
    proves: 'folder-level cycle on the server: two features using each other through their index.ts fail',
    violations: [
      'no-folder-cycles: src/server/features/community → src/server/features/library',
      'no-folder-cycles: src/server/features/library → src/server/features/community',
    ],
  },
  {
    fixture: 'import-cycle',
    proves: 'a file-level import cycle fails, type-only imports included',
    violations: ['no-file-cycles: src/server/lib/first.ts → src/server/lib/second.ts'],
  },
  {
    fixture: 'walls-no-unresolvable',
    proves: 'a relative or aliased import that resolves to no file fails',
    violations: [
      'no-unresolvable: src/server/seed/uses-missing.ts → ./missing.ts',
      'no-unresolvable: src/server/seed/uses-missing.ts → @shared/gone.ts',
    ],
  },
];

describe('import walls (.dependency-cruiser.cjs)', () => {
  for (const { fixture, proves, violations } of wallFixtures) {
    it(`${proves} (${fixture})`, () => {
      expect(cruiseFixture(fixture)).toEqual(violations);
    });
  }

  it('every allowed direction passes', () => {
    expect(cruiseFixture('good')).toEqual([]);
  });

  it('every rule in .dependency-cruiser.cjs has a fixture above that must fail with its name', () => {
    const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
      forbidden: Array<{ name: string }>;
    };
    const rules = config.forbidden.map((rule) => rule.name);
    expect(new Set(rules).size).toBe(rules.length);
    const proven = new Set(
      wallFixtures.flatMap(({ violations }) => violations.map((v) => v.slice(0, v.indexOf(':')))),
    );
    expect(rules.filter((rule) => !proven.has(rule))).toEqual([]);
    // And no fixture names a rule that is gone (its expectation could never be met anyway).
    expect([...proven].filter((rule) => !rules.includes(rule))).toEqual([]);
  });
});
