// `npm run build`: the client (vite.config.ts: bundle, pre-rendered landing page, .br/.gz copies)
// into dist/client, then the server and its CLI as plain JavaScript into dist/server and
// dist/shared (docs/decisions/018-compiled-server-and-start.md), then dist/build.json, which marks the
// build complete. Needs the dev dependencies (vite); `npm start` runs the result with Node alone.
// The client is built into dist/client.next and swapped in when complete, carrying the previous
// build's hashed assets along (src/server/lib/hashed-assets.ts): a server still running the old
// build, and the tabs it served, keep finding their files until the restart and after.
// `--server-only` builds the server alone (tests/server/upgrade.test.ts packs it as a release).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { distDir, root, stampFile } from './lib/build-state.mjs';

const say = (message) => process.stdout.write(`[stillpoint] ${message}\n`);

/** Files the compiled server reads next to its modules (`new URL('./…', import.meta.url)`). */
const SERVER_ASSETS = [
  'server/db/migrations',
  'server/seed/demo-media',
  'server/features/auth/common-passwords.txt',
];

export async function buildAll({ log = say, serverOnly = false } = {}) {
  const { build } = await import('vite');
  const started = performance.now();
  fs.rmSync(stampFile, { force: true });
  process.chdir(root); // vite.config.ts names its root relative to the working folder

  if (!serverOnly) {
    log('building the client…');
    await buildClient(build, log);
  }

  log('building the server…');
  for (const dir of ['server', 'shared', '_virtual'])
    fs.rmSync(path.join(distDir, dir), { recursive: true, force: true });
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    resolve: {
      alias: {
        '@shared': path.join(root, 'src/shared'),
        '@server': path.join(root, 'src/server'),
      },
    },
    build: {
      // Node target: every package stays an import of node_modules; only our sources are compiled.
      ssr: true,
      target: 'node20',
      outDir: distDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: [path.join(root, 'src/server/server.ts'), path.join(root, 'src/server/cli/admin.ts')],
        // One output file per source file, at the same place under dist/ as under src/, so
        // paths relative to a module (migrations, demo media, ../../dist/client) still hold.
        output: {
          preserveModules: true,
          preserveModulesRoot: path.join(root, 'src'),
          entryFileNames: '[name].js',
          // V8 keeps each module's source while it runs, one byte per character when the text is
          // all Latin-1 and two otherwise: one "…" in a file doubles what that file costs in memory.
          charset: 'ascii',
        },
      },
    },
  });
  for (const asset of SERVER_ASSETS) {
    fs.cpSync(path.join(root, 'src', asset), path.join(distDir, asset), { recursive: true });
  }

  fs.writeFileSync(stampFile, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  log(
    `built into ${path.relative(root, distDir) || '.'}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The client into dist/client.next, the previous assets carried into it, then two renames. */
async function buildClient(build, log) {
  const clientDir = path.join(distDir, 'client');
  const nextClientDir = path.join(distDir, 'client.next');
  const oldClientDir = path.join(distDir, 'client.old');
  fs.rmSync(nextClientDir, { recursive: true, force: true });
  process.env.STILLPOINT_CLIENT_OUT_DIR = nextClientDir;
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    delete process.env.STILLPOINT_CLIENT_OUT_DIR;
  }
  const { tsImport } = await import('tsx/esm/api');
  const { keepPreviousAssets } = await tsImport('../src/server/lib/hashed-assets.ts', import.meta.url);
  const carried = keepPreviousAssets(clientDir, nextClientDir);
  if (carried > 0) log(`kept ${carried} hashed files of the previous build for open tabs`);
  fs.rmSync(oldClientDir, { recursive: true, force: true });
  if (fs.existsSync(clientDir)) fs.renameSync(clientDir, oldClientDir);
  fs.renameSync(nextClientDir, clientDir);
  fs.rmSync(oldClientDir, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ serverOnly: process.argv.includes('--server-only') });
}
