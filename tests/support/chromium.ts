// Where the browser tests find Chromium, and how they launch it. Debian's package is the only browser
// the tests use: no tool may download a browser of its own (README "Two commands").
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Usual install places, in the order they are tried after CHROMIUM_PATH. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
] as const;

const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable Chromium: the usual places, then the names on PATH. Null when none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, places: readonly string[] = CHROMIUM_CANDIDATES): string | null {
  const onPath = (env['PATH'] ?? '').split(delimiter).filter(Boolean).flatMap((dir) => NAMES_ON_PATH.map((name) => join(dir, name)));
  return [...places, ...onPath].find(isExecutable) ?? null;
}

/**
 * The Chromium the browser tests launch. The global setup (tests/support/global-setup.ts) has found
 * or installed it and exported CHROMIUM_PATH before any test file runs.
 */
export function chromiumPath(): string {
  const configured = process.env['CHROMIUM_PATH'];
  if (configured) return configured;
  const found = findChromium();
  if (!found) throw new Error('No Chromium found: run the tests with `npm test` (its global setup installs Debian\'s chromium), or set CHROMIUM_PATH.');
  return found;
}
