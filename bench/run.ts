// `npm run bench`: the full benchmark (every endpoint on one big dataset, plus the front end).
// `npm run bench -- library|forum|admin` runs one focused scenario instead; `-- all` runs them all;
// `-- profile [path…]` writes a short CPU profile of the server and sums it;
// `-- report` regenerates the README's tables from the newest bench/results file.
export {};

const which = process.argv[2] ?? 'full';
if (which === 'report') {
  await import('./report.ts').then(({ latestResultsFile, renderReadmeTables }) => {
    const file = latestResultsFile();
    if (!file) throw new Error('no results yet: run `npm run bench` first');
    console.info(`tables regenerated from ${file} in ${renderReadmeTables(file).join(', ')}`);
  });
  process.exit(0);
}
if (which === 'profile') await import('./profile.ts');
else {
  const names = which === 'all' ? ['full', 'library', 'forum', 'admin'] : [which];
  for (const name of names) {
    if (!['full', 'library', 'forum', 'admin'].includes(name)) throw new Error(`unknown benchmark: ${name}`);
    await import(`./${name}.bench.ts`);
  }
}
