// V8's settings for the server process (docs/decisions/101-server-memory-settings.md). V8 sizes its
// heap from the machine's memory: on a 24 GB machine it let the server's young generation grow to
// two 64 MB halves and the heap to four times what is live before a full collection, 650 MB
// resident under load for a 100 MB live heap. These keep it near what it uses: young generation
// halves of 8 MB, and a heap allowed 30% beyond what is live. Plain JavaScript: start.mjs needs no
// dev dependency.

export const SERVER_V8_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30'];

/**
 * The flags of SERVER_V8_FLAGS the process was not started with. A flag the operator gave (on the
 * command line or in NODE_OPTIONS, with any value, `_` or `-` in its name) wins and is left out.
 */
export function missingServerFlags(execArgv, nodeOptions = '') {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].map((option) =>
    option.split('=')[0].replaceAll('_', '-'),
  );
  return SERVER_V8_FLAGS.filter((flag) => !given.includes(flag.split('=')[0]));
}
