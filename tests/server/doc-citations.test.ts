// Comments and docs point at the product's rules by heading name, and only at documents the
// repository holds: a section number goes stale when a section is added, and a document outside
// the repository cannot be read by the next engineer or an operator (issue 33).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SCANNED_FOLDERS = ['src', 'tests', 'scripts', 'docs', 'bench', 'lint', '.ci'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'results', 'screenshots', 'demo-media']);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|css|html|md|json|yaml|yml|sql|sh)$|^[A-Za-z]+file$|^run$/;
const thisFile = path.relative(root, import.meta.filename);

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...filesUnder(relative));
    } else if (TEXT_FILE.test(entry.name) && relative !== thisFile) {
      found.push(relative);
    }
  }
  return found;
}

const rootFiles = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json')
  .map((entry) => entry.name);
const scanned = [
  ...rootFiles,
  ...SCANNED_FOLDERS.filter((folder) => fs.existsSync(path.join(root, folder))).flatMap(filesUnder),
];

/** Every line of every scanned file, with where it is. */
const lines = scanned.flatMap((file) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ where: `${file}:${index + 1}`, text })),
);

/** A heading's name as comments cite it: no '#', no section number, no `code` and no (asides). */
function headingName(line: string): string {
  return line
    .replace(/^#+\s+/, '')
    .replace(/^\d+(\.\d+)*\.?\s+/, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const productHeadings = new Set(
  fs
    .readFileSync(path.join(root, 'docs/product.md'), 'utf8')
    .split('\n')
    .filter((line) => /^#{2,6}\s/.test(line))
    .map(headingName),
);

/** `docs/product.md, "A"`, `docs/product.md, "A", "B" and "C"`, `product.md's "A"`: the names cited. */
function citedHeadings(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/product\.md(?:,|'s)? ("[^"\n]+"(?:(?:, | and )"[^"\n]+")*)/g)) {
    for (const name of match[1]?.matchAll(/"([^"\n]+)"/g) ?? []) names.push(name[1] ?? '');
  }
  return names;
}

/** Documents that lived beside the repository while it was written, never inside it. */
const OUTSIDE_DOCUMENT = /\b(ARCHITECTURE|SPEC|DESIGN|STACK-NOTES|STYLE)\.md\b|\/work\/|\.\.\/shared\/[A-Z]/;

describe('citations in comments and docs', () => {
  it('scans the source, the tests and the docs', () => {
    expect(scanned).toContain('docs/architecture.md');
    expect(scanned).toContain('src/shared/routes.ts');
    expect(productHeadings).toContain('Screens and routes');
  });

  it('never cite docs/product.md by section number', () => {
    const byNumber = lines.filter(({ text }) => /product\.md\W{0,4}(§|sections?\s+\d)/i.test(text));
    expect(byNumber.map(({ where, text }) => `${where}: ${text.trim()}`)).toEqual([]);
  });

  it('cite only headings docs/product.md has', () => {
    const unknown = lines.flatMap(({ where, text }) =>
      citedHeadings(text)
        .filter((name) => !productHeadings.has(name))
        .map((name) => `${where}: "${name}"`),
    );
    expect(unknown).toEqual([]);
  });

  it('cite no document outside the repository', () => {
    const outside = lines.filter(({ text }) => OUTSIDE_DOCUMENT.test(text));
    expect(outside.map(({ where, text }) => `${where}: ${text.trim()}`)).toEqual([]);
  });

  it('cite only docs/*.md files that exist', () => {
    const missing = lines.flatMap(({ where, text }) =>
      [...text.matchAll(/\bdocs\/((?:decisions\/)?[a-z0-9-]+\.md)\b/g)]
        .filter((match) => !fs.existsSync(path.join(root, 'docs', match[1] ?? '')))
        .map((match) => `${where}: docs/${match[1]}`),
    );
    expect(missing).toEqual([]);
  });

  it('recognise the citation forms the rules above rely on', () => {
    expect(citedHeadings('(docs/product.md, "Validation" and "Errors shown"): x')).toEqual([
      'Validation',
      'Errors shown',
    ]);
    expect(citedHeadings('docs/product.md, "Entities": "called Video"')).toEqual(['Entities']);
    expect(headingName('### Search `/search?q=` (decision 035)')).toBe('Search');
    expect(OUTSIDE_DOCUMENT.test('see ARCHITECTURE.md')).toBe(true);
    expect(OUTSIDE_DOCUMENT.test("import x from '../../../shared/schemas/a.ts'")).toBe(false);
  });
});
