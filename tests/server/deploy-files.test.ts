// The container files cannot be built on the development machines (no container engine), so what
// can be checked is checked here: they set only variables the configuration reads, and they run
// the commands CI's production smoke runs (scripts/production-smoke.mjs).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// `yaml` comes with @fastify/swagger (a runtime dependency); a parser, not a hand-written reader.
import { parse as parseYaml } from 'yaml';
import { COMMANDS } from '../../scripts/production-smoke.mjs';
import { CONFIG_VARIABLES } from '../../src/server/config.ts';

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** The keys of the `environment:` map of one service in compose.yaml (block style, 2-space indent). */
function composeEnvironment(compose: string, service: string): string[] {
  const lines = compose.split('\n');
  const start = lines.indexOf(`  ${service}:`);
  expect(start, `service ${service}`).toBeGreaterThan(-1);
  const keys: string[] = [];
  let inEnvironment = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break; // the next service, or the end of `services:`
    if (/^ {4}\S/.test(line)) inEnvironment = line.trim() === 'environment:';
    else if (inEnvironment) {
      const key = /^ {6}([A-Za-z0-9_]+):/.exec(line)?.[1];
      if (key) keys.push(key);
    }
  }
  return keys;
}

/** The variables a Dockerfile's ENV instructions set (`ENV A=1 \ B=2`). */
function dockerfileEnv(dockerfile: string): string[] {
  const joined = dockerfile.replace(/\\\n/g, ' ');
  return [...joined.matchAll(/^ENV\s+(.+)$/gm)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/([A-Za-z0-9_]+)=/g)].map((pair) => pair[1] ?? ''),
  );
}

describe('deployment files', () => {
  it("compose.yaml's app sets only variables the configuration reads", () => {
    const keys = composeEnvironment(read('compose.yaml'), 'app');
    expect(keys).toEqual(expect.arrayContaining(['NODE_ENV', 'AUTH_SECRET', 'DATABASE_URL', 'PUBLIC_URL']));
    expect(keys.filter((key) => !CONFIG_VARIABLES.includes(key))).toEqual([]);
  });

  it('the Dockerfile sets only variables the configuration reads', () => {
    const keys = dockerfileEnv(read('Dockerfile'));
    expect(keys).toEqual(['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR']);
    expect(keys.filter((key) => !CONFIG_VARIABLES.includes(key))).toEqual([]);
  });

  it('the checks see a variable the configuration does not know', () => {
    const compose = '  app:\n    environment:\n      PORT: 1\n      NOT_A_SETTING: x\n  db:\n';
    expect(composeEnvironment(compose, 'app')).toEqual(['PORT', 'NOT_A_SETTING']);
    expect(CONFIG_VARIABLES).not.toContain('NOT_A_SETTING');
  });

  it("the Dockerfile builds the release, then installs and starts it with the production smoke's commands", () => {
    const dockerfile = read('Dockerfile');
    const [buildStage = '', finalStage = ''] = dockerfile.split(/^FROM .*$/m).slice(1);
    const runs = (stage: string) =>
      [...stage.replace(/\\\n\s*/g, '').matchAll(/^RUN (?:--mount=\S+ )*(.+)$/gm)].map((m) => m[1]);
    // The build stage: CI's install, then the release (`npm run release`).
    expect(runs(buildStage)).toEqual(['npm ci --no-audit --no-fund', COMMANDS.release.join(' ')]);
    // The final stage: the smoke's unpack and install, and the data folder for the `node` user.
    expect(runs(finalStage)).toEqual([
      COMMANDS.unpack('/release/stillpoint-*.tgz', '/app').join(' '),
      COMMANDS.install.join(' '),
      'mkdir -p /data /backups && chown node:node /data /backups',
    ]);
    const command = /^CMD (\[.*\])$/m.exec(finalStage)?.[1];
    expect(JSON.parse(command ?? '[]')).toEqual(COMMANDS.start);
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
  });

  it('README, docs/deploy.md and the Dockerfile give the same production install and start', () => {
    for (const file of ['README.md', 'docs/deploy.md', 'Dockerfile']) {
      const text = read(file);
      expect(text, file).toContain(COMMANDS.install.join(' '));
      expect(text, file).toContain(COMMANDS.start.join(' '));
      // .npmrc carries legacy-peer-deps; a flag in the docs would be a second recipe.
      expect(text, file).not.toContain('--legacy-peer-deps');
    }
    for (const file of ['README.md', 'docs/deploy.md']) {
      expect(read(file), file).toContain('tar -xzf stillpoint-');
      expect(read(file), file).toContain('--strip-components=1');
    }
  });
});

type ComposeService = {
  image?: string;
  ports?: string[];
  env_file?: Array<{ path: string; required: boolean }>;
  environment?: Record<string, string>;
  volumes?: string[];
  entrypoint?: string[];
};
const compose = parseYaml(read('compose.yaml')) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

describe('compose.yaml', () => {
  it('pins every image by a version tag', () => {
    const images = Object.values(compose.services).flatMap((service) =>
      service.image ? [service.image] : [],
    );
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) {
      const tag = image.split(':')[1] ?? '';
      expect(tag, image).toMatch(/^(\d+\.\d+[\w.-]*|RELEASE\.\d{4}-\d{2}-\d{2}T[\w-]+Z)$/);
    }
  });

  it('publishes the app (and MinIO) on 127.0.0.1 unless BIND_ADDRESS says otherwise', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, as written
    expect(compose.services.app?.ports).toEqual(['${BIND_ADDRESS:-127.0.0.1}:${PORT:-5000}:5000']);
    expect(compose.services.minio?.ports?.[0]).toMatch(/^\$\{BIND_ADDRESS:-127\.0\.0\.1\}:/);
  });

  it('reads every documented variable from an optional .env, and keeps backups in a volume', () => {
    const app = compose.services.app!;
    expect(app.env_file).toEqual([{ path: '.env', required: false }]);
    expect(app.environment?.BACKUP_DIR).toBe('/backups');
    expect(app.volumes).toContain('backups:/backups');
    expect(Object.keys(compose.volumes)).toContain('backups');
    // The image makes /backups the node user's, so the volume is writable by the server.
    expect(read('Dockerfile')).toMatch(
      /^RUN mkdir -p \/data \/backups && chown node:node \/data \/backups$/m,
    );
  });

  it("creates MinIO's bucket with a CORS rule for PUBLIC_URL, reachable by browsers", () => {
    const init = (compose.services['minio-bucket']?.entrypoint ?? []).join(' ');
    expect(init).toContain('mc mb --ignore-existing');
    expect(init).toMatch(/<AllowedOrigin>%s<\/AllowedOrigin><AllowedMethod>PUT<\/AllowedMethod>/);
    expect(init).toContain('mc cors set');
    expect(compose.services.minio?.environment?.MINIO_API_CORS_ALLOW_ORIGIN).toBe(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, as written
      '${PUBLIC_URL:-http://localhost:5000}',
    );
    expect(CONFIG_VARIABLES).toContain('S3_PUBLIC_ENDPOINT');
    expect(read('docs/deploy.md')).toContain('S3_PUBLIC_ENDPOINT=http://localhost:9000');
  });
});
