// `npm run bench`: every benchmark scenario, one after the other (never inside `npm test`).
export {};

await import('./library.bench.ts');
