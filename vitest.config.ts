import { defineConfig } from 'vitest/config';
import EnvironmentSequencer from './tests/support/environment-sequencer.js';

/**
 * The database-level suites, run a second time on a real PostgreSQL server (the `postgres` lane):
 * every Supabase adapter's contract, row-level security, the schema's functions and guards, and the
 * app server's ownership, turn and credit rules on the stand-in. PGlite serialises every transaction
 * on one connection; a server runs them side by side, as a hosted project does.
 */
const POSTGRES_LANE = [
  'tests/contracts/supabase-*.test.ts',
  'tests/integration/supabase/*.test.ts',
  'tests/integration/supabase-adapters/rls-probes.test.ts',
  'tests/integration/supabase-adapters/prompt-search.test.ts',
  'tests/integration/supabase-adapters/edge-mapping.test.ts',
  'tests/integration/supabase-adapters/server-instance.test.ts',
  'tests/integration/supabase-auth/session-to-rest.test.ts',
  'tests/integration/supabase-auth/code-attempts.test.ts',
  'tests/integration/server/chat-isolation-on-stand-in.test.ts',
  'tests/integration/server/credits-on-stand-in.test.ts',
  'tests/integration/server/multi-instance.test.ts',
  'tests/integration/server/attachments-on-stand-in.test.ts',
  'tests/integration/server/spending-cap-on-stand-in.test.ts',
];

/** Bundles the app server and the billing sandbox once per run: the processes tests spawn start from them, not through tsx. */
const PREBUILT_ENTRIES = 'tests/support/prebuilt-entries.ts';

/** Fails a file that leaves the environment changed: the files of a worker share its process (`isolate: false` below). */
const SHARED_WORKER_GUARD = 'tests/support/shared-worker-guard.ts';

/** The npm workspaces' own tests (each package's tests/ folder). */
const PACKAGE_TESTS = ['adapters/billing-client/tests/**/*.test.ts', 'adapters/stand-ins/billing/tests/**/*.test.ts', 'adapters/stand-ins/supabase/tests/**/*.test.ts', 'adapters/stand-ins/model-providers/tests/**/*.test.ts'];

/** Tests of one module or component each, and the in-memory adapters' contracts: no app server, browser or database. */
const UNIT_TESTS = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/contracts/in-memory-*.test.ts'];

/** Everything that needs a Redis server (the shared-state adapters used when REDIS_URL is set). */
const REDIS_LANE = ['tests/contracts/redis-*.test.ts', 'tests/integration/server/*-on-redis.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    // The default summary, then every skipped test with its reason; a skip without one fails the run.
    reporters: ['default', './tests/support/skip-reporter.ts'],
    // PGlite and the local servers are shared per worker; two cores do not need more forks.
    pool: 'forks',
    maxWorkers: 2,
    // Every project runs its files in one process per worker, sharing the modules they load (React, zod,
    // supabase-js, PGlite's compiled WebAssembly, the JIT's warm code) instead of loading them again per
    // file. Each file still starts and stops its own servers and databases and restores what it changed;
    // SHARED_WORKER_GUARD fails a file that leaves the environment changed. Unit files proven order-free
    // by shuffled runs (`--sequence.shuffle`).
    isolate: false,
    // ...and a worker goes on to the next file only when it is of the same project and environment:
    // the files of each are queued together (see the sequencer).
    sequence: { sequencer: EnvironmentSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // Unit tests start no server, browser or database.
          name: 'unit',
          include: UNIT_TESTS,
          setupFiles: ['tests/support/dom-setup.ts', SHARED_WORKER_GUARD],
        },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', ...PACKAGE_TESTS],
          exclude: ['tests/bench/**', 'node_modules/**', ...REDIS_LANE, ...UNIT_TESTS],
          // Provisions Chromium (installing Debian's package when it can) before any file runs.
          globalSetup: ['tests/support/global-setup.ts', PREBUILT_ENTRIES],
          setupFiles: ['tests/support/dom-setup.ts', SHARED_WORKER_GUARD],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_LANE,
          // PGlite's own data-directory behaviour and the pool of PGlite test databases have nothing to prove on a server.
          exclude: ['tests/integration/supabase/local-db.test.ts', 'tests/integration/supabase/pooled-db.test.ts'],
          env: { ENSEMBLE_TEST_DATABASE: 'postgres' },
          // Provisions PostgreSQL (installing Debian's package when it can) and the migrated template.
          globalSetup: ['tests/support/postgres-global-setup.ts', PREBUILT_ENTRIES],
          setupFiles: [SHARED_WORKER_GUARD],
        },
      },
      {
        extends: true,
        test: {
          name: 'redis',
          include: REDIS_LANE,
          // Provisions redis-server (installing Debian's package when it can) and starts one.
          globalSetup: ['tests/support/redis-global-setup.ts', PREBUILT_ENTRIES],
          setupFiles: [SHARED_WORKER_GUARD],
        },
      },
    ],
  },
});
