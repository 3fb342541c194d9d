// `npm run bench`: the full benchmark (every endpoint on one big dataset, plus the front end).
// `npm run bench -- library|forum|admin` runs one focused scenario instead; `-- all` runs them all.
export {};

const which = process.argv[2] ?? 'full';
const names = which === 'all' ? ['full', 'library', 'forum', 'admin'] : [which];
for (const name of names) {
  if (!['full', 'library', 'forum', 'admin'].includes(name)) throw new Error(`unknown benchmark: ${name}`);
  await import(`./${name}.bench.ts`);
}
