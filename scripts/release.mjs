// `npm run release`: one versioned tarball an operator installs without the build tools,
// release/stillpoint-<version>.tgz. It builds (scripts/build.mjs, what `npm run build` runs) into a
// fresh folder, so nothing of an earlier local build rides along, adds what the compiled server
// needs at run time, and packs it all under one top folder, `stillpoint-<version>/`:
//
//   tar -xzf stillpoint-<version>.tgz --strip-components=1 -C <empty folder>
//   cd <that folder> && npm ci --omit=dev && node scripts/start.mjs
//
// scripts/production-smoke.mjs runs exactly that in CI, and the Dockerfile's final stage too.
// `--out-dir <folder>` writes the tarball elsewhere (the tests use a temporary folder).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { root } from './lib/build-state.mjs';

const say = (message) => process.stdout.write(`[stillpoint] ${message}\n`);

/**
 * Besides dist/ (the client, the compiled server and what it reads beside its modules: the
 * migrations, the demo media, the password list; scripts/build.mjs), the files a release holds.
 * scripts/start.mjs and the two modules it imports are all a production start runs; .npmrc carries
 * `legacy-peer-deps`, which keeps better-auth's optional peers (vite, vitest, drizzle-kit) out of
 * `npm ci --omit=dev`. Optional files are packed when they exist.
 */
export const RELEASE_FILES = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'scripts/start.mjs',
  'scripts/lib/build-state.mjs',
  'scripts/lib/server-flags.mjs',
];
export const OPTIONAL_RELEASE_FILES = ['README.md', 'CHANGELOG.md', 'LICENSE', '.env.example'];

export const releaseName = (version) => `stillpoint-${version}`;

/** Every file and folder under `dir`, parents first, in a stable order (a reproducible listing). */
function listTree(dir, prefix = '') {
  const entries = [];
  for (const name of fs.readdirSync(path.join(dir, prefix)).sort()) {
    const relative = prefix ? `${prefix}/${name}` : name;
    const stat = fs.lstatSync(path.join(dir, relative));
    if (stat.isDirectory()) entries.push({ relative, stat }, ...listTree(dir, relative));
    else if (stat.isFile()) entries.push({ relative, stat });
    else throw new Error(`${relative} is neither a file nor a folder; a release holds only those`);
  }
  return entries;
}

/**
 * Packs the folder `dir` as a gzipped tar with one top folder, `topName/`. Standard ustar (pax
 * headers for long names, tar-stream's choice), read by GNU and BSD tar; owner 0, modes 0755 or
 * 0644, modification times kept.
 */
export async function packFolder(dir, tarball, topName) {
  const pack = tar.pack();
  const writing = pipeline(pack, zlib.createGzip({ level: 9 }), fs.createWriteStream(tarball));
  const common = { uid: 0, gid: 0, uname: '', gname: '' };
  pack.entry({ ...common, name: `${topName}/`, type: 'directory', mode: 0o755, mtime: new Date() });
  for (const { relative, stat } of listTree(dir)) {
    const name = `${topName}/${relative}`;
    if (stat.isDirectory()) {
      pack.entry({ ...common, name: `${name}/`, type: 'directory', mode: 0o755, mtime: stat.mtime });
    } else {
      const mode = stat.mode & 0o111 ? 0o755 : 0o644;
      await new Promise((resolve, reject) => {
        const entry = pack.entry({ ...common, name, size: stat.size, mode, mtime: stat.mtime }, (error) =>
          error ? reject(error) : resolve(),
        );
        fs.createReadStream(path.join(dir, relative)).on('error', reject).pipe(entry);
      });
    }
  }
  pack.finalize();
  await writing;
}

/** Builds and packs; returns the tarball's path. */
export async function buildRelease({ outDir = path.join(root, 'release'), log = say } = {}) {
  const started = performance.now();
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const name = releaseName(version);
  const stage = path.join(outDir, name);
  const tarball = path.join(outDir, `${name}.tgz`);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });

  // `npm run build`, into the release's own dist/.
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STILLPOINT_DIST_DIR: path.join(stage, 'dist') },
  });
  if (build.status !== 0) throw new Error(`the build failed (exit ${build.status})`);

  for (const file of RELEASE_FILES) copyInto(stage, file);
  for (const file of OPTIONAL_RELEASE_FILES) {
    if (fs.existsSync(path.join(root, file))) copyInto(stage, file);
  }

  fs.rmSync(tarball, { force: true });
  await packFolder(stage, tarball, name);
  fs.rmSync(stage, { recursive: true, force: true });
  const megabytes = (fs.statSync(tarball).size / 1e6).toFixed(1);
  log(
    `release ${path.relative(root, tarball) || tarball}: ${megabytes} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return tarball;
}

function copyInto(stage, file) {
  fs.mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
  fs.cpSync(path.join(root, file), path.join(stage, file), { preserveTimestamps: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--out-dir');
  const outDir = at > -1 ? path.resolve(process.argv[at + 1] ?? '') : undefined;
  try {
    await buildRelease({ outDir });
  } catch (error) {
    say(`no release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
