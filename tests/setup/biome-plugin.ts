import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const REPO = join(import.meta.dirname, '..', '..');

/**
 * Lints `files` (path → text) in a scratch project that uses only one of the repo's Biome plugins
 * (`lint/<plugin>.grit`), and returns Biome's output: how a plugin's test shows what it refuses.
 */
export function lintWithBiomePlugin(plugin: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), `${plugin}-lint-`));
  try {
    const pluginFile = join(REPO, 'lint', `${plugin}.grit`);
    writeFileSync(
      join(dir, 'biome.json'),
      JSON.stringify({ plugins: [pluginFile], linter: { enabled: true } }),
    );
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const biome = join(REPO, 'node_modules', '.bin', 'biome');
    const result = spawnSync(biome, ['lint', '--max-diagnostics=50', '.'], { cwd: dir, encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
