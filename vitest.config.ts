import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/bench/**', 'node_modules/**'],
    environment: 'node',
    // Provisions Chromium (installing Debian's package when it can) before any file runs.
    globalSetup: ['tests/support/global-setup.ts'],
    // The default summary, then every skipped test with its reason; a skip without one fails the run.
    reporters: ['default', './tests/support/skip-reporter.ts'],
    // PGlite and the local servers are shared per worker; two cores do not need more forks.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
