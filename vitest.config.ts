import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/node-build.ts'],
    pool: 'forks',
    // More files at once than cores: most integration tests wait on real processes, sockets and timers rather than
    // compute, and vitest's default (one fewer than the cores) left a two-core machine mostly idle.
    maxWorkers: 3,
    // Nets against a hang, not measures: a test ends as soon as what it waits for happens, and on a machine loaded
    // by other work (two busy cores beside the suite) the process-heavy ones take several times their usual 5 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 10_000,
    restoreMocks: true,
  },
});
