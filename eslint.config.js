// ESLint runs one rule, Lingui's own: no hard-coded user-facing string in the client's components
// (docs/translating.md). Biome does everything else (biome.json).

import babelParser from '@babel/eslint-parser';
import lingui from 'eslint-plugin-lingui';

export default [
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/testing.tsx', 'src/client/testing/**'],
    // Babel's parser reads TypeScript and JSX without type information, which this rule does not need.
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: { babelrc: false, configFile: false, parserOpts: { plugins: ['jsx', 'typescript'] } },
      },
    },
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          // Words are text; class lists, ids, paths and keys are not.
          ignore: [
            '^[^A-Za-z]*$',
            '^[a-z][a-zA-Z0-9]*$',
            // ids and their parts, also around a template's values (`${id}-help`)
            '^-?[a-z0-9]+([-_./:]+[a-z0-9]+)*-?$',
            '^(https?:|/|#|\\?)',
          ],
          ignoreFunctions: [
            'cn',
            // Class lists: shadcn's cva variants and this app's withClass.
            'cva',
            'withClass',
            'i18n._',
            'console.*',
            'Error',
            'useNamespace',
            'Intl.*',
            'RegExp',
            'apiJson',
            '*.querySelector',
            '*.querySelectorAll',
            '*.getAttribute',
            '*.getElementById',
          ],
          ignoreNames: [
            // Class lists: className, CONTENT_GRID_CLASS, SkeletonLines' lines.
            { regex: { pattern: '([cC]lass(Name)?|_CLASS|^lines)$' } },
            {
              regex: {
                pattern:
                  '^(href|src|to|id|htmlFor|name|type|role|variant|size|align|side|key|as|rel|target|method|autoComplete|inputMode|dir|lang|data-.*|aria-(hidden|live|current|haspopup|controls|describedby|labelledby|sort|expanded))$',
              },
            },
          ],
          useTsTypes: false,
        },
      ],
    },
  },
];
