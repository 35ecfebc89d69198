// The local stack behind `npm start` and `npm run dev`: the Supabase stand-in and the billing sandbox
// when their real counterparts are not configured, then the app server, each in a process of its own
// (scripts/stack-part.ts): the app server's event loop serves the app alone. Data stays in .data/.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { authProtectionFromEnv, ownerOnlyFolder } from '@ensemble/supabase-stand-in';
import { appOrigins } from '../web/server/http/app-origin.js';
import type { StackPartReply, StackPartStart } from './stack-part.js';

const portOf = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  return port;
};

/** Newest modification time under the client's sources (the build is stale when dist is older). */
function newestSource(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      // dist and its staging folders (dist.building-*, dist.retired-*) are output, not sources.
      for (const name of readdirSync(path)) if (!name.startsWith('dist') && name !== 'node_modules') visit(join(path, name));
    } else newest = Math.max(newest, info.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** Builds web/client/dist when it is missing or older than its sources; a failed build is reported, not fatal. */
export function buildClientIfNeeded(distDir = 'web/client/dist'): 'fresh' | 'built' | 'failed' {
  const index = join(distDir, 'index.html');
  // The client bundles core/ and the browser adapters too: a change there is a change of the client.
  const sources = newestSource(['web/client', 'web/public', 'core', 'adapters', 'vite.config.ts']);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return 'fresh';
  console.log('building the web client (vite build)...');
  // Built beside the target and swapped in whole: two stacks starting at once (tests, or npm start
  // beside npm test) never serve or overwrite a half-written folder.
  const staging = resolve(`${distDir}.building-${process.pid}`);
  // Always the production build: a NODE_ENV inherited from a test runner (vitest sets "test") would
  // make Vite bundle React's development build, which npm start and the benches would then serve.
  const run = spawnSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', staging, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status === 0) {
    const retired = resolve(`${distDir}.retired-${process.pid}`);
    try {
      renameSync(distDir, retired);
    } catch {
      // No earlier build, or another build is swapping it right now.
    }
    try {
      renameSync(staging, distDir);
    } catch (error) {
      // Another build won the race; its output is as good as ours.
      if (!existsSync(index)) throw error;
      rmSync(staging, { recursive: true, force: true });
    }
    rmSync(retired, { recursive: true, force: true });
    return 'built';
  }
  rmSync(staging, { recursive: true, force: true });
  console.warn('!! the client build failed; the server starts anyway and its pages say the client is not built');
  return 'failed';
}

/** A part of the stack in its own process. */
interface PartProcess {
  readonly pid: number;
  /** SIGTERM, then (past STOP_GRACE_MS) SIGKILL; resolves once the process is gone. */
  stop(): Promise<void>;
}

/** The app server, in its own process. */
export interface StackApp {
  readonly pid: number;
  readonly url: string;
  readonly port: number;
  readonly dataMode: 'supabase' | 'memory';
  readonly config: { readonly publicUrl: string | null; readonly supabase: { readonly url: string } | null; readonly billing: { readonly server: string } | null };
}

/** The Supabase stand-in and its mailbox, in their own process. */
export interface StackSupabase {
  readonly pid: number;
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly mailboxUrl: string;
  readonly keys: { readonly jwtSecret: string };
}

/** The billing sandbox, in its own process. */
export interface StackSandbox {
  readonly pid: number;
  readonly url: string;
  readonly seed: Extract<StackPartReply, { part: 'billing' }>['seed'];
}

export interface LocalStack {
  readonly app: StackApp;
  readonly supabase: StackSupabase | null;
  readonly sandbox: StackSandbox | null;
  /** The process that started the parts (it serves nothing itself). */
  readonly pid: number;
  stop(): Promise<void>;
}

const PART_SCRIPT = join(import.meta.dirname, 'stack-part.ts');
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 15_000;

type PartName = StackPartStart['part'];
type ReadyOf<P extends PartName> = Extract<StackPartReply, { type: 'ready'; part: P }>;

/** Copies a child's output line by line, each line prefixed with its part's name. */
function prefixLines(from: NodeJS.ReadableStream, to: NodeJS.WritableStream, name: string): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${name}] ${line}\n`));
}

/** Resolves once `url` answers 200 (a part is ready only when its health route says so). */
async function healthy(name: string, url: string, headers: Record<string, string> = {}): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < until) {
    try {
      const response = await fetch(url, { headers });
      await response.body?.cancel();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not answer its health route ${url} (${last})`);
}

/** A part's process, forked and loading its code, not started yet. */
interface LaunchedPart<P extends PartName> {
  /** Tells it what to start; resolves with what it serves once it listens. */
  start(message: Extract<StackPartStart, { part: P }>): Promise<ReadyOf<P>>;
  readonly process: PartProcess;
}

/**
 * Forks one part (scripts/stack-part.ts), its output prefixed with its name. Once started, a part
 * that exits on its own calls `onExit` with why.
 */
function launchPart<P extends PartName>(name: P, env: NodeJS.ProcessEnv, entry: readonly string[], onExit: (name: P, why: string) => void): LaunchedPart<P> {
  const script = entry.at(-1);
  if (script === undefined) throw new Error('A stack part needs a script to start');
  const child = fork(script, [name], { env, execArgv: entry.slice(0, -1), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  prefixLines(child.stdout!, process.stdout, name);
  prefixLines(child.stderr!, process.stderr, name);
  let stopping = false;
  let started = false;
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)));
  void exited.then((why) => {
    if (started && !stopping) onExit(name, why);
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  };
  const start = (message: Extract<StackPartStart, { part: P }>) =>
    new Promise<ReadyOf<P>>((resolve, reject) => {
      child.once('error', reject);
      child.on('message', (reply: StackPartReply) => {
        if (reply.type === 'failed') reject(new Error(`the ${name} process could not start: ${reply.message}`));
        else if (reply.part === name) {
          started = true;
          resolve(reply as ReadyOf<P>);
        }
      });
      void exited.then((why) => reject(new Error(`the ${name} process stopped while starting (${why})`)));
      child.send(message);
    });
  return { start, process: { pid: child.pid ?? -1, stop } };
}

/** Starts a launched part: what it serves, with its process. */
const startLaunched = async <P extends PartName>(part: LaunchedPart<P>, message: Extract<StackPartStart, { part: P }>) => ({ process: part.process, ready: await part.start(message) });

export interface LocalStackOptions {
  readonly serveClient: boolean;
  /**
   * A part stopped on its own (it crashed): the rest of the stack is stopped, then this is called
   * with what happened. Default: the message is printed.
   */
  readonly onCrash?: (message: string) => void;
  /**
   * The node arguments that start a part, its name appended: the script last, what node needs before
   * it first. Default: scripts/stack-part.ts through tsx, as `npm start` runs it. The browser tests'
   * stacks start one bundle of the same code instead (tests/support/prebuilt-entries.ts).
   */
  readonly partEntry?: readonly string[];
}

/**
 * Starts what is not configured, then the app server pointing at it, each in a process of its own:
 * the Supabase stand-in with its mailbox, the billing sandbox, the app server. Their output comes
 * through here line by line, prefixed [supabase], [billing], [app]; `stop()` stops them all.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  const partEntry = options.partEntry ?? ['--import', 'tsx', PART_SCRIPT];
  const dataDir = env['DATA_DIR'] ?? '.data';
  // Keys, the billing sandbox's token and webhook secret, every user's data: the owner's only.
  await ownerOnlyFolder(dataDir);
  const appPort = portOf('PORT', 3000);
  const appUrl = env['PUBLIC_URL'] ?? `http://localhost:${appPort}`;
  const standIns: PartProcess[] = [];
  let appProcess: PartProcess | null = null;
  let stopped: Promise<void> | null = null;
  // The app first (it may still write), then the stand-ins together.
  const stopAll = () =>
    (stopped ??= (async () => {
      await appProcess?.stop();
      await Promise.all(standIns.map((part) => part.stop()));
    })());
  const onExit = (name: PartName, why: string) => {
    const message = `the ${name} process stopped unexpectedly (${why}); stopping the rest of the stack`;
    void stopAll().then(() => (options.onCrash ?? ((text: string) => console.error(`!! ${text}`)))(message));
  };
  try {
    const wantsSupabase = !env['SUPABASE_URL'];
    const wantsSandbox = !env['BILLING_ACCESS_TOKEN'];
    if (wantsSupabase) {
      const protection = authProtectionFromEnv(env);
      if (!protection.success) throw new Error(protection.error);
    }
    // Every part is forked at once, so each loads its code while the others start.
    const launchedApp = launchPart('app', env, partEntry, onExit);
    appProcess = launchedApp.process;
    const launched = <P extends PartName>(name: P) => {
      const part = launchPart(name, env, partEntry, onExit);
      standIns.push(part.process);
      return part;
    };
    // Both at once; both settled before going on, so a failure of one leaves nothing of the other running.
    const [supabaseStart, sandboxStart] = await Promise.allSettled([
      wantsSupabase
        ? startLaunched(launched('supabase'),
            {
              part: 'supabase',
              dataDir,
              port: portOf('SUPABASE_PORT', 54321),
              mailboxPort: portOf('MAILBOX_PORT', 54324),
              siteUrl: appUrl,
              // Sign-in links go back to the origin that asked for them: the app under every loopback name
              // (a page opened at 127.0.0.1 keeps its session there), on its port and at its public address.
              additionalRedirectUrls: [...new Set([appUrl, `http://localhost:${appPort}`, 'http://localhost:5173'].flatMap(appOrigins))],
            },
          ).then(async (started) => {
            await healthy('the Supabase stand-in', `${started.ready.url}/auth/v1/health`, { apikey: started.ready.anonKey });
            await healthy('the mailbox', started.ready.mailboxUrl);
            return started;
          })
        : null,
      // The sandbox is optional: if it cannot start, the app runs with billing unavailable.
      wantsSandbox
        ? startLaunched(launched('billing'), { part: 'billing', dataDir, port: portOf('BILLING_SANDBOX_PORT', 54380), webhookUrl: `http://127.0.0.1:${appPort}/api/webhooks/billing` }).then(
            async (started) => {
              await healthy('the billing sandbox', `${started.ready.url}/__sandbox/health`);
              return started;
            },
            (error: Error) => {
              console.warn(`!! ${error.message}; billing is unavailable`);
              return null;
            },
          )
        : null,
    ]);
    if (supabaseStart.status === 'rejected') throw supabaseStart.reason;
    if (sandboxStart.status === 'rejected') throw sandboxStart.reason;
    const [supabasePart, sandboxPart] = [supabaseStart.value, sandboxStart.value];
    const supabase: StackSupabase | null = supabasePart && {
      pid: supabasePart.process.pid,
      url: supabasePart.ready.url,
      anonKey: supabasePart.ready.anonKey,
      serviceRoleKey: supabasePart.ready.serviceRoleKey,
      mailboxUrl: supabasePart.ready.mailboxUrl,
      keys: { jwtSecret: supabasePart.ready.jwtSecret },
    };
    if (supabase) {
      Object.assign(env, { SUPABASE_URL: supabase.url, SUPABASE_ANON_KEY: supabase.anonKey, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey, SUPABASE_JWT_SECRET: supabase.keys.jwtSecret });
    }
    const sandbox: StackSandbox | null = sandboxPart && { pid: sandboxPart.process.pid, url: sandboxPart.ready.url, seed: sandboxPart.ready.seed };
    if (sandbox) {
      Object.assign(env, {
        BILLING_ACCESS_TOKEN: sandbox.seed.accessToken,
        BILLING_SERVER: sandbox.url,
        BILLING_PRODUCT_ID: sandbox.seed.productId,
        BILLING_DISCOUNT_ID: sandbox.seed.discountId,
        BILLING_WEBHOOK_SECRET: sandbox.seed.webhookSecret,
      });
    }
    if (!options.serveClient) env['CLIENT_DIST'] = join(dataDir, 'no-client-in-dev');
    env['PORT'] = String(appPort);
    const appEnv = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const appPart = await startLaunched(launchedApp, { part: 'app', env: appEnv });
    const ready = appPart.ready;
    await healthy('the app server', `http://127.0.0.1:${ready.port}/api/health`);
    const app: StackApp = {
      pid: appPart.process.pid,
      url: ready.url,
      port: ready.port,
      dataMode: ready.dataMode,
      config: {
        publicUrl: ready.publicUrl,
        supabase: ready.supabaseUrl === null ? null : { url: ready.supabaseUrl },
        billing: ready.billingServer === null ? null : { server: ready.billingServer },
      },
    };
    return { app, supabase, sandbox, pid: process.pid, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

export function printStack(stack: LocalStack, appUrl: string): void {
  const dataDir = process.env['DATA_DIR'] ?? '.data';
  const lines = [
    '',
    `  Ensemble        ${appUrl}`,
    stack.supabase ? `  Supabase        ${stack.supabase.url}  (local stand-in, data in ${join(dataDir, 'postgres')})` : `  Supabase        ${stack.app.config.supabase?.url} (configured)`,
    stack.supabase ? `  Mailbox         ${stack.supabase.mailboxUrl}  (every magic link and sign-in code)` : null,
    stack.sandbox ? `  Billing sandbox ${stack.sandbox.url}  (test card 4242 4242 4242 4242, data in ${join(dataDir, 'billing')})` : `  Billing         ${stack.app.config.billing?.server ?? 'unavailable'}`,
    `  Processes       stack ${stack.pid}, app ${stack.app.pid}${stack.supabase ? `, supabase ${stack.supabase.pid}` : ''}${stack.sandbox ? `, billing ${stack.sandbox.pid}` : ''}`,
    '',
    '  Real providers: set SUPABASE_URL + SUPABASE_ANON_KEY + SUPABASE_SERVICE_ROLE_KEY (+ SUPABASE_JWT_SECRET),',
    '  BILLING_ACCESS_TOKEN + BILLING_SERVER + BILLING_PRODUCT_ID (+ BILLING_DISCOUNT_ID, BILLING_WEBHOOK_SECRET),',
    '  and model keys OPENAI_API_KEY / ANTHROPIC_API_KEY / GOOGLE_GENERATIVE_AI_API_KEY / OPENAI_COMPATIBLE_BASE_URL.',
    `  Without a model key the offline model answers. Ctrl-C stops everything; data is kept in ${dataDir}/.`,
    '',
  ];
  console.log(lines.filter((l) => l !== null).join('\n'));
}

/** A part of the stack crashed (the rest is stopped already): say so and exit with a failure. */
export function exitOnCrash(message: string): void {
  console.error(`!! ${message}`);
  process.exit(1);
}

/** Ctrl-C / SIGTERM: stop once, in order, then exit. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
