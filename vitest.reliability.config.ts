import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability` (also in CI): the real server process under crashes, SIGTERM, two
 * instances and sustained load. One file at a time: each one owns the machine's two cores.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@server': fileURLToPath(new URL('./src/server', import.meta.url)),
    },
  },
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['tests/reliability/**/*.test.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
