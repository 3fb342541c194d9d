// The catalogue check (docs/translating.md): Lingui's own extractor reads every key the client's
// code uses; each must be in English's catalogue of its namespace, every catalogue key must be used,
// Spanish and German must have every key with the same arguments, and the pseudo-locales must be
// made from today's English (npm run i18n:pseudo).
import fs from 'node:fs';
import path from 'node:path';
import { extractFromFileWithBabel } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { pseudoCatalogues } from '../../scripts/i18n-pseudo.mjs';
import { namespaces } from '../../src/client/lib/i18n.ts';
import { shippedLocales, sourceLocale } from '../../src/shared/locales.ts';

const root = path.resolve(import.meta.dirname, '../..');
const localesDir = path.join(root, 'src/client/locales');

function catalogue(locale: string, namespace: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8'));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every key the code under `dir` asks for, with the first file that asks. */
async function usedKeys(dir = 'src/client'): Promise<Map<string, string>> {
  const linguiConfig = getConfig({ cwd: root });
  const keys = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, dir))) {
    const code = fs.readFileSync(file, 'utf8');
    if (!code.includes('@lingui/') && !code.includes('i18n')) continue;
    await extractFromFileWithBabel(
      file,
      code,
      (message) => {
        if (!keys.has(message.id)) keys.set(message.id, path.relative(root, file));
      },
      { linguiConfig },
      { plugins: ['typescript', 'jsx'] },
      true,
    );
  }
  return keys;
}

/** The names of a message's arguments (`{name}`, `{count, plural, …}`), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) walk(branch.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const namespaceOf = (key: string) => {
  const prefix = key.split('.')[0] ?? '';
  return (namespaces as readonly string[]).includes(prefix) ? prefix : 'common';
};

describe('the catalogues', () => {
  it('hold every key the code uses, each in its namespace, and no key the code does not use', async () => {
    const used = await usedKeys();
    const missing: string[] = [];
    for (const [key, file] of used) {
      if (!(key in catalogue(sourceLocale, namespaceOf(key)))) {
        missing.push(`${key} (${file}) is not in en/${namespaceOf(key)}.json`);
      }
    }
    const unused: string[] = [];
    for (const namespace of namespaces) {
      for (const key of Object.keys(catalogue(sourceLocale, namespace))) {
        if (namespaceOf(key) !== namespace)
          unused.push(`${key} belongs in ${namespaceOf(key)}.json, not ${namespace}.json`);
        else if (!used.has(key)) unused.push(`${key} (en/${namespace}.json) is used nowhere`);
      }
    }
    expect(missing).toEqual([]);
    expect(unused).toEqual([]);
  }, 120_000);

  it.each(shippedLocales.filter((locale) => locale !== sourceLocale))(
    '%s has every key, in words, with the same arguments as English',
    (locale) => {
      const problems: string[] = [];
      for (const namespace of namespaces) {
        const english = catalogue(sourceLocale, namespace);
        const translated = catalogue(locale, namespace);
        for (const [key, message] of Object.entries(english)) {
          const translation = translated[key];
          if (typeof translation !== 'string' || translation.trim() === '') {
            problems.push(`${key} is not translated`);
          } else if (argumentsOf(translation).join() !== argumentsOf(message).join()) {
            problems.push(
              `${key} has arguments ${argumentsOf(translation)} instead of ${argumentsOf(message)}`,
            );
          }
        }
        for (const key of Object.keys(translated)) {
          if (!(key in english))
            problems.push(`${key} is in ${locale}/${namespace}.json but not in English's`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('every namespace has a catalogue in every language, and the pseudo-locales are made from today’s English', () => {
    for (const locale of shippedLocales) {
      for (const namespace of namespaces) {
        expect(
          fs.existsSync(path.join(localesDir, locale, `${namespace}.json`)),
          `${locale}/${namespace}.json`,
        ).toBe(true);
      }
    }
    for (const [name, messages] of Object.entries(pseudoCatalogues())) {
      const file = path.join(localesDir, name);
      expect(fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null, name).toEqual(messages);
    }
  });

  it('the pseudo-locales keep every argument of English (only the words are accented)', () => {
    const problems: string[] = [];
    for (const [name, messages] of Object.entries(pseudoCatalogues())) {
      const english = catalogue(sourceLocale, path.basename(name, '.json'));
      for (const [key, message] of Object.entries(messages as Record<string, string>)) {
        const original = english[key] ?? '';
        if (argumentsOf(message).join() !== argumentsOf(original).join()) problems.push(`${name}: ${key}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the server's catalogues (e-mails)", () => {
  const serverCatalogue = (locale: string): Record<string, string> =>
    JSON.parse(fs.readFileSync(path.join(root, 'src/server/lib/locales', locale, 'email.json'), 'utf8'));

  it('hold every key the server uses and none it does not; Spanish and German complete, same arguments', async () => {
    const used = await usedKeys('src/server');
    const english = serverCatalogue(sourceLocale);
    expect([...used.keys()].filter((key) => !(key in english))).toEqual([]);
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
    for (const locale of shippedLocales.filter((shipped) => shipped !== sourceLocale)) {
      const translated = serverCatalogue(locale);
      const problems = Object.entries(english).flatMap(([key, message]) => {
        const translation = translated[key];
        if (typeof translation !== 'string' || translation.trim() === '')
          return [`${locale}: ${key} is not translated`];
        return argumentsOf(translation).join() === argumentsOf(message).join()
          ? []
          : [`${locale}: ${key} has other arguments`];
      });
      expect(problems).toEqual([]);
    }
  }, 120_000);
});
