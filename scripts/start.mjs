// `npm start` (and `npm run admin -- …`): loads .env if present, builds dist/ when it is missing
// or older than the sources (with the build's progress lines), then runs the compiled JavaScript
// in this process. Plain Node: no dev dependency is needed to run an existing build, and a release
// (scripts/release.mjs, no sources) never builds. Production runs `node scripts/start.mjs`
// directly so SIGTERM reaches this process (docs/decisions/071-production-start-command.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildState, canBuild, distDir, root } from './lib/build-state.mjs';
import { missingServerEnv, missingServerFlags } from './lib/server-flags.mjs';

const say = (message) => process.stdout.write(`[stillpoint] ${message}\n`);
const entries = { server: 'server/server.js', admin: 'server/cli/admin.js' };
const entry = process.argv[2] === 'admin' ? 'admin' : 'server';
if (entry === 'admin') process.argv.splice(2, 1); // the CLI reads its own arguments from argv[2]

// Variables already in the environment win over the file (Node's own .env rules).
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

// The server's V8 settings and allocator variables (scripts/lib/server-flags.mjs) are read only when
// a process starts: one started without them replaces itself with one started with them. execve
// keeps the process id, so a supervisor's SIGTERM still reaches the server (decision 071); the
// admin CLI runs as started.
const missingFlags = entry === 'server' ? missingServerFlags(process.execArgv, process.env.NODE_OPTIONS) : [];
const missingEnv = entry === 'server' ? missingServerEnv(process.env) : {};
if ((missingFlags.length > 0 || Object.keys(missingEnv).length > 0) && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, ...missingFlags, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, ...missingEnv },
  );
}

const state = buildState();
// The admin CLI in a development checkout runs from the sources (tsx) rather than wait for a build.
if (
  entry === 'admin' &&
  state !== 'fresh' &&
  fs.existsSync(path.join(root, 'node_modules/tsx/package.json'))
) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'src/server/cli/admin.ts')).href);
} else {
  await startBuilt();
}

async function startBuilt() {
  if (state !== 'fresh') {
    if (canBuild()) {
      say(
        state === 'missing'
          ? 'first start: building the app (about a minute)…'
          : 'sources changed: rebuilding…',
      );
      const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) {
        say('the build failed; see the errors above.');
        process.exit(result.status ?? 1);
      }
    } else if (state === 'missing') {
      process.stderr.write(
        `\n[stillpoint] There is no build in ${distDir}, and nothing here can make one (a production\n` +
          'install has no build tools). Install a release made by `npm run release` instead\n' +
          '(docs/deploy.md), or build in a checkout with the development dependencies: npm ci && npm run build\n\n',
      );
      process.exit(1);
    } else {
      say(
        'the sources are newer than dist/, but the build tools are not installed: running the existing build',
      );
    }
  }

  await import(pathToFileURL(path.join(distDir, entries[entry])).href);
}
