// Which prebuilt file starts a process the tests spawn (see prebuilt-entries.ts, which bundles them),
// apart from the bundling itself: the processes that start one (a browser-test stack's host) load
// this without esbuild.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

/** Where the bundles go: beside node_modules, so their package imports resolve from the repository. */
export const OUT_DIR = join(root, 'node_modules', '.cache', 'ensemble-test-entries');

/** Set by the global setup to OUT_DIR once the bundles are built; workers inherit it. */
export const PREBUILT_ENV = 'ENSEMBLE_TEST_PREBUILT_ENTRIES';

/** The entry points spawned by tests, by the name of their bundle. */
export const ENTRIES = {
  'app-server': 'web/server/main.ts',
  'billing-sandbox': 'adapters/stand-ins/billing/main.ts',
  // A part of the local stack (the Supabase stand-in, the billing sandbox or the app server), as
  // scripts/local-stack.ts forks it; the browser tests' stacks start theirs from this.
  'stack-part': 'scripts/stack-part.ts',
  // The processes that host what the browser-test files share: a stack, the browser.
  'stack-host': 'tests/e2e/support/stack-host.ts',
  'browser-host': 'tests/e2e/support/browser-host.ts',
} as const;
export type PrebuiltEntry = keyof typeof ENTRIES;

/** The node arguments that start `name`: its bundle when the global setup built one, else its source through tsx. */
export function entryArgs(name: PrebuiltEntry): string[] {
  const dir = process.env[PREBUILT_ENV];
  const bundle = dir ? join(dir, `${name}.mjs`) : null;
  return bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', join(root, ENTRIES[name])];
}
