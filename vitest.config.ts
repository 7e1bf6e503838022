import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'contract/**/*.test.ts',
      'sw/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/faults/**/*.test.ts',
    ],
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./server/test/global-setup.ts'],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 30000,
    pool: 'forks',
    // Two test files at a time (the CI machines have 2 cores; Vitest would take one less). Files
    // share nothing: each server test makes its own database and data directory.
    maxWorkers: 2,
  },
});
