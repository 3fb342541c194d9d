// V8's settings for the server process (docs/decisions/101-server-memory-settings.md). V8 sizes its
// heap from the machine's memory: on a 24 GB machine it let the server's young generation grow to
// two 64 MB halves and the heap to four times what is live before a full collection, 650 MB
// resident under load for a 100 MB live heap. These keep it near what it uses: young generation
// halves of 8 MB, and a heap allowed 30% beyond what is live. Plain JavaScript: start.mjs needs no
// dev dependency.

export const SERVER_V8_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=30'];

// The C library's allocator, read once when the process starts (decision 101). glibc gives each
// thread that allocates its own arena, up to eight per core (Node's threads: V8's collectors,
// libuv's pool for file and crypto work); two arenas took the full benchmark's peak from 255 MB to
// 238.5–249.5 MB. Likely, freed memory in the other threads' arenas sat unused by the main thread.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };

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

/** The variables of SERVER_ENV the environment does not set. The operator's own value wins, even empty. */
export function missingServerEnv(env) {
  return Object.fromEntries(Object.entries(SERVER_ENV).filter(([name]) => env[name] === undefined));
}
