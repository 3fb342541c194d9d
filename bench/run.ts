// `npm run bench`: every benchmark scenario, one after the other (never inside `npm test`).
// `npm run bench -- forum` runs one.
export {};

const only = process.argv[2];
for (const name of ['library', 'forum', 'admin']) {
  if (!only || only === name) await import(`./${name}.bench.ts`);
}
