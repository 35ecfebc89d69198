import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/free-port.js';
import { migratedDataDir } from '../../support/migrated-data-dir.js';
import { entryArgs, type PrebuiltEntry } from '../../support/prebuilt-entry-args.js';
import type { LocalStack } from '../../../scripts/local-stack.js';

export interface E2eStack {
  readonly appUrl: string;
  readonly mailboxUrl: string;
  /** The Supabase stand-in with its service-role key (rows a test seeds, such as catalogue models). */
  readonly supabase: { readonly url: string; readonly serviceRoleKey: string } | null;
  stop(): Promise<void>;
}

/**
 * The configuration of every file that need not watch an answer being written: the offline models
 * answer at once, and a paid period grants a figure other than the default 1,000 (the newcomer test
 * checks that the plan states the configured one). One configuration, so one shared stack for them all.
 */
export const INSTANT_STACK_ENV: Readonly<Record<string, string>> = { OFFLINE_MODEL_TOKEN_DELAY_MS: '0', CREDITS_PER_PERIOD: '1200' };

/** What a running stack serves, as the process hosting a shared one writes it down. */
type StackAddresses = Omit<E2eStack, 'stop'>;

/**
 * Set by the global setup (tests/support/global-setup.ts): the folder where the stacks shared by the
 * run's browser-test files are registered, one sub-folder per configuration.
 */
export const SHARED_STACKS_ENV = 'ENSEMBLE_E2E_STACKS';
/** The test run's own process: a shared stack outlives no run. */
export const STACK_OWNER_ENV = 'ENSEMBLE_E2E_STACKS_OWNER';
/** Sign-ins one address may make per window on a shared stack: every file of the run signs its users up from 127.0.0.1. */
const SHARED_AUTH_LIMIT = '1000';
const START_TIMEOUT_MS = 240_000;

/**
 * The whole product as `npm start` runs it (scripts/local-stack.ts: Supabase stand-in, mailbox,
 * billing sandbox, app server serving the built client), on free ports with a temporary data dir.
 * Real services and provider keys of the environment are left out; `env` may set them (a provider
 * stand-in's base URL, for instance).
 *
 * Under `npm test` the files asking for the same `env` share one stack, started by the first of them
 * in a process of its own and stopped by the global teardown once every file has run (each test signs
 * up its own user, so files never see each other's data); `stop()` then leaves it to the others.
 * Without the global setup (a file run by hand outside vitest's config) each call starts its own.
 */
export async function startE2eStack(options: { env?: Record<string, string> } = {}): Promise<E2eStack> {
  const registry = process.env[SHARED_STACKS_ENV];
  if (!registry) return startOwnStack(options);
  const addresses = await sharedStack(registry, options.env ?? {});
  return { ...addresses, stop: async () => undefined };
}

/**
 * A stack of this process's own, stopped by `stop()`. Its ports are free when chosen and bound by its
 * parts a few seconds later; should another process of the run have bound one in between, the stack
 * starts again on other ports (up to three times).
 */
export async function startOwnStack(options: { env?: Record<string, string> } = {}): Promise<E2eStack> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOwnStackOnce(options);
    } catch (error) {
      if (attempt >= 3 || !/already in use|EADDRINUSE/.test(error instanceof Error ? error.message : String(error))) throw error;
      console.warn(`The stack's ports were taken before it bound them (${error instanceof Error ? error.message : String(error)}); starting again on others.`);
    }
  }
}

async function startOwnStackOnce(options: { env?: Record<string, string> }): Promise<E2eStack> {
  // Loaded here, not at the top: a file on a shared stack never loads the stack's code.
  const { buildClientIfNeeded, startLocalStack } = await import('../../../scripts/local-stack.js');
  if (buildClientIfNeeded() === 'failed') throw new Error('The web client does not build');
  const dataDir = mkdtempSync(join(tmpdir(), 'ensemble-e2e-'));
  // The stand-in opens this folder already migrated (its migrations are applied once per machine and content).
  cpSync(await migratedDataDir(), join(dataDir, 'postgres'), { recursive: true });
  const [app, supabase, mailbox, sandbox] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const saved = { ...process.env };
  const appUrl = `http://localhost:${app}`;
  for (const name of ['SUPABASE_URL', 'BILLING_ACCESS_TOKEN', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL', SHARED_STACKS_ENV, STACK_OWNER_ENV]) delete process.env[name];
  Object.assign(process.env, {
    DATA_DIR: dataDir, PORT: String(app), PUBLIC_URL: appUrl, SUPABASE_PORT: String(supabase), MAILBOX_PORT: String(mailbox),
    BILLING_SANDBOX_PORT: String(sandbox),
    // A JSON line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...options.env,
  });
  let stack: LocalStack;
  try {
    // Each part from the run's bundle of scripts/stack-part.ts when the global setup built one.
    stack = await startLocalStack({ serveClient: true, partEntry: entryArgs('stack-part') });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    process.env = saved;
  }
  return {
    appUrl,
    mailboxUrl: stack.supabase?.mailboxUrl ?? `http://127.0.0.1:${mailbox}`,
    supabase: stack.supabase ? { url: stack.supabase.url, serviceRoleKey: stack.supabase.serviceRoleKey } : null,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One configuration's folder name: the same `env` in any order is the same stack. */
const configKey = (env: Record<string, string>): string =>
  createHash('sha256').update(JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)))).digest('hex').slice(0, 16);

/** The shared stack of this configuration (see sharedHost). */
async function sharedStack(registry: string, env: Record<string, string>): Promise<StackAddresses> {
  const stackEnv = {
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: SHARED_AUTH_LIMIT,
    AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: SHARED_AUTH_LIMIT,
    ...env,
  };
  return sharedHost<StackAddresses>(join(registry, configKey(env)), 'stack-host', [JSON.stringify(stackEnv)], 'browser-test stack');
}

/**
 * What a process shared by the run's files serves (a stack, the browser): the first file to ask
 * creates `folder` (mkdir is atomic, so exactly one does) and starts `host <folder> ...args` in a
 * detached process, which writes its pid there and then what it serves (`ready.json`) or why it could
 * not start (`failed.json`); every file waits for one of them. The global teardown stops the process
 * (or it stops on its own once the run's process is gone).
 */
export async function sharedHost<T>(folder: string, host: Extract<PrebuiltEntry, 'stack-host' | 'browser-host'>, args: readonly string[], what: string): Promise<T> {
  let first = true;
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    first = false;
  }
  if (first) {
    const log = openSync(join(folder, 'log'), 'a');
    const child = spawn(process.execPath, [...entryArgs(host), folder, ...args], { detached: true, stdio: ['ignore', log, log], env: process.env });
    child.unref();
  }
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (existsSync(join(folder, 'ready.json'))) return JSON.parse(readFileSync(join(folder, 'ready.json'), 'utf8')) as T;
    if (existsSync(join(folder, 'failed.json'))) throw new Error(`The shared ${what} did not start: ${(JSON.parse(readFileSync(join(folder, 'failed.json'), 'utf8')) as { message: string }).message}\n${logTail(folder)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The shared ${what} did not start within ${START_TIMEOUT_MS / 1000} s\n${logTail(folder)}`);
}

const logTail = (folder: string): string => {
  const path = join(folder, 'log');
  if (!existsSync(path)) return '';
  return `its output (${path}) ends:\n${readFileSync(path, 'utf8').split('\n').slice(-30).join('\n')}`;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops every shared process (stacks, the browser) registered under `registry` (SIGTERM, then SIGKILL after 20 s) and removes the folder. */
export async function stopSharedStacks(registry: string): Promise<void> {
  if (!existsSync(registry)) return;
  const pids = readdirSync(registry)
    .map((name) => join(registry, name, 'pid'))
    .filter((path) => existsSync(path))
    .map((path) => Number(readFileSync(path, 'utf8')))
    .filter((pid) => Number.isInteger(pid) && pid > 0 && alive(pid));
  pids.forEach((pid) => process.kill(pid, 'SIGTERM'));
  const until = Date.now() + 20_000;
  while (pids.some(alive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  pids.filter(alive).forEach((pid) => process.kill(pid, 'SIGKILL'));
  rmSync(registry, { recursive: true, force: true });
}
