// Writes the pseudo-locales' catalogues from English's (docs/translating.md): `en-XA` accented and
// about 40% longer, `ar-XB` the same wrapped in right-to-left marks. Run after changing an English
// catalogue: `npm run i18n:pseudo` (src/client/locales/catalogues.test.ts fails until you do).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';

const require = createRequire(import.meta.url);
// Lingui's own pseudo-localiser: it leaves ICU arguments, plural and select keywords and tags alone.
const pseudoLocalize = require(
  path.join(path.dirname(require.resolve('@lingui/cli/api')), 'pseudoLocalize.js'),
).default;

const localesDir = fileURLToPath(new URL('../src/client/locales/', import.meta.url));

/** About 40% longer: a padding at the message's end, outside any argument. */
function lengthen(message) {
  const text = message.replace(/\{[^{}]*\}|<[^>]*>/g, '');
  return `${message} ${'·'.repeat(Math.ceil(text.length * 0.4))}`.trimEnd();
}

/** A message's tokens written back as ICU (for every English message, exactly the text parsed). */
function serialize(tokens) {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return token.value;
        case 'octothorpe':
          return '#';
        case 'argument':
          return `{${token.arg}}`;
        case 'function':
          return `{${token.arg}, ${token.key}${token.param ? `, ${serialize(token.param)}` : ''}}`;
        default: {
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const cases = token.cases.map((branch) => `${branch.key} {${serialize(branch.tokens)}}`).join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

function accentTokens(tokens) {
  return tokens.map((token) => {
    if (token.type === 'content') return { ...token, value: pseudoLocalize(token.value) };
    if (token.cases) {
      return {
        ...token,
        cases: token.cases.map((branch) => ({ ...branch, tokens: accentTokens(branch.tokens) })),
      };
    }
    return token;
  });
}

/**
 * Accents only a message's words. Given a whole message, Lingui's pseudo-localiser takes "} at {"
 * in "{plan} at {price}" for a plural's "} other {" and accents the argument names around it, so
 * it is given one piece of text at a time (it still leaves tags like <0> alone).
 */
function accent(message) {
  return serialize(accentTokens(parse(message)));
}

export function pseudoCatalogues() {
  const catalogues = {};
  for (const file of fs.readdirSync(path.join(localesDir, 'en'))) {
    const english = JSON.parse(fs.readFileSync(path.join(localesDir, 'en', file), 'utf8'));
    const accented = Object.fromEntries(
      Object.entries(english).map(([key, message]) => [key, lengthen(accent(message))]),
    );
    // U+202E starts right-to-left text, U+202C ends it: the words read backwards on screen, so a
    // string that escaped translation, or a layout that does not mirror, is plain to see.
    const mirrored = Object.fromEntries(
      Object.entries(accented).map(([key, message]) => [key, `\u202e${message}\u202c`]),
    );
    catalogues[`en-XA/${file}`] = accented;
    catalogues[`ar-XB/${file}`] = mirrored;
  }
  return catalogues;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, messages] of Object.entries(pseudoCatalogues())) {
    fs.mkdirSync(path.dirname(path.join(localesDir, name)), { recursive: true });
    fs.writeFileSync(path.join(localesDir, name), `${JSON.stringify(messages, null, 2)}\n`);
  }
}
