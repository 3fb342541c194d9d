// The hard-coded-string rule (eslint.config.js, Lingui's no-unlocalized-strings) refuses words
// written into a translated component and lets the catalogue's words through.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const probeFile = path.join(root, 'src/client/features/landing/components/probe.tsx');

async function problems(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: probeFile });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the hard-coded-string lint', () => {
  it('refuses text, an accessible name and a placeholder written into a component', async () => {
    const found = await problems(`
      export function Probe() {
        return (
          <form aria-label="Site search">
            <p className="mt-4 text-lg">Take a slow breath</p>
            <input placeholder="Search..." />
          </form>
        );
      }
    `);
    expect(found).toHaveLength(3);
    expect(found.every((line) => line.startsWith('lingui/no-unlocalized-strings'))).toBe(true);
  });

  it('lets words from the catalogue, class lists and addresses through', async () => {
    const found = await problems(`
      import { useNamespace } from '@client/lib/i18n';
      export function Probe() {
        const i18n = useNamespace('landing');
        return (
          <a href="/library" className="mt-4 text-lg" aria-label={i18n._('landing.exploreLibrary')}>
            {i18n._('landing.exploreLibrary')}
          </a>
        );
      }
    `);
    expect(found).toEqual([]);
  });
});
