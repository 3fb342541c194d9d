// The tsconfig.json `paths` aliases, for dependency-cruiser's resolver: it reads tsconfig.json
// through the TypeScript compiler's JavaScript API, which TypeScript 7 does not ship (decision 079).
const path = require('node:path');

const src = path.resolve(__dirname, '../src');

module.exports = {
  resolve: {
    alias: {
      '@shared': path.join(src, 'shared'),
      '@client': path.join(src, 'client'),
      '@server': path.join(src, 'server'),
    },
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  },
};
