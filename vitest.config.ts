import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    teardownTimeout: 10_000,
    restoreMocks: true,
  },
});
