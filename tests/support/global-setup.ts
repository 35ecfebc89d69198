// Global setup of `npm test`: provisions what the tests need on a fresh machine, exactly as CI does,
// so the README's test command passes by itself. Here that is Chromium for the browser tests: found
// where it usually lives, else installed from Debian's packages when this process may (root and
// apt-get), else the run stops at once with the one command to run. (The PostgreSQL lane provisions
// its server the same way: postgres-global-setup.ts.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_STACKS_ENV, STACK_OWNER_ENV, stopSharedStacks } from '../e2e/support/stack.js';
import { CHROMIUM_CANDIDATES, findChromium, isExecutable } from './chromium.js';
import { aptInstall, canInstallWithApt, setupLog as log } from './debian-packages.js';

const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium';

export interface ProvisionOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Where to look before PATH (tests point this at an empty list). */
  readonly places?: readonly string[];
  readonly canInstall?: () => boolean;
  readonly install?: () => void;
}

/** Finds Chromium or installs it; returns its path, or throws the message that stops the run. */
export function provisionChromium(options: ProvisionOptions = {}): string {
  const env = options.env ?? process.env;
  const places = options.places ?? CHROMIUM_CANDIDATES;
  const configured = env['CHROMIUM_PATH'];
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`CHROMIUM_PATH is set to ${configured}, which is not an executable file. Point it at Chromium, or unset it to use Debian's chromium (${INSTALL_COMMAND}).`);
  }
  const found = findChromium(env, places);
  if (found) return found;
  if (!(options.canInstall ?? canInstallWithApt)()) {
    throw new Error(`The browser tests need Chromium and none was found (CHROMIUM_PATH, /usr/bin/chromium, chromium-browser, google-chrome). Install it with:\n\n    ${INSTALL_COMMAND}\n\nor set CHROMIUM_PATH to a Chromium executable, then run npm test again.`);
  }
  const started = Date.now();
  log('no Chromium found: installing Debian\'s chromium package for the browser tests (first run only, about 20 s)…');
  (options.install ?? (() => aptInstall('chromium')))();
  const installed = findChromium(env, places);
  if (!installed) throw new Error(`apt-get installed chromium but no executable was found; install it by hand: ${INSTALL_COMMAND}`);
  log(`installed ${installed} in ${Math.round((Date.now() - started) / 1000)} s`);
  return installed;
}

export default function setup(): () => Promise<void> {
  // Workers are forked after the global setup and inherit this environment.
  process.env['CHROMIUM_PATH'] = provisionChromium();
  // The browser-test files asking for the same stack share one (tests/e2e/support/stack.ts), started
  // by the first of them and registered here; the teardown stops them once every file has run.
  const stacks = mkdtempSync(join(tmpdir(), 'ensemble-e2e-stacks-'));
  process.env[SHARED_STACKS_ENV] = stacks;
  process.env[STACK_OWNER_ENV] = String(process.pid);
  return () => stopSharedStacks(stacks);
}
