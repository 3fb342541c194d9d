// How dependency-cruiser reads our TypeScript (decision 079). Its TypeScript path loads the
// compiler's JavaScript API, which the native TypeScript 7 package does not ship, and its own
// parser (acorn) reads JavaScript only. Babel's parser reads TypeScript and JSX; the plugin below
// then reduces each file to its imports (type-only ones included, as plain imports: a type edge
// is a real edge for the layers), re-exports and import() calls, which acorn reads. Rules, path
// resolution and cycles stay dependency-cruiser's own.
// @babel/core is the one babel depends on here (through workbox-build); if it disappears, the
// check fails loudly rather than passing.
function keepOnlyImports({ types: t }) {
  return {
    manipulateOptions(options, parserOptions) {
      parserOptions.plugins.push('typescript');
      if (options.filename?.endsWith('x')) parserOptions.plugins.push('jsx');
    },
    visitor: {
      Program(program) {
        const statements = [];
        const add = (kind, source) => {
          const specifier = t.stringLiteral(source);
          if (kind === 'dynamic') {
            statements.push(t.expressionStatement(t.callExpression(t.import(), [specifier])));
          } else if (kind === 'export') {
            statements.push(t.exportAllDeclaration(specifier));
          } else {
            statements.push(t.importDeclaration([], specifier));
          }
        };
        program.traverse({
          ImportDeclaration: (path) => add('import', path.node.source.value),
          ExportAllDeclaration: (path) => add('export', path.node.source.value),
          ExportNamedDeclaration: (path) => {
            if (path.node.source) add('export', path.node.source.value);
          },
          // `import type { X } from` is an ImportDeclaration; `typeof import('x')` in a type is this.
          TSImportType: (path) => {
            const argument = path.node.argument;
            const source = argument.type === 'StringLiteral' ? argument : argument.literal;
            if (source?.type === 'StringLiteral') add('import', source.value);
          },
          CallExpression: (path) => {
            const [first] = path.node.arguments;
            if (path.node.callee.type === 'Import' && first?.type === 'StringLiteral')
              add('dynamic', first.value);
          },
          ImportExpression: (path) => {
            if (path.node.source.type === 'StringLiteral') add('dynamic', path.node.source.value);
          },
        });
        program.node.body = statements;
        program.node.directives = [];
        program.skip();
      },
    },
  };
}

module.exports = { babelrc: false, configFile: false, plugins: [keepOnlyImports] };
