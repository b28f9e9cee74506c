import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    pool: 'forks',
    // More files at once than cores: most integration tests wait on real processes, sockets and timers rather than
    // compute, and vitest's default (one fewer than the cores) left a two-core machine mostly idle.
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
    restoreMocks: true,
  },
});
