import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryArgs } from './prebuilt-entry-args.js';

const root = join(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];

/** Kills whatever app server a test left running (call from afterAll). */
export function killAppServerProcesses(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface AppServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Everything it printed so far (JSON log lines). */
  output(): string;
  /** The parsed log lines with this message. */
  logged(message: string): Record<string, unknown>[];
  /** Resolves once a log line with this message has been printed (at once if one was). */
  waitForLog(message: string): Promise<Record<string, unknown>>;
  /** Resident memory now, and its peak since start (VmRSS, VmHWM), in bytes. */
  memory(): { rss: number; peak: number };
  /** Starts the peak over from the memory now (so a test measures its own peak, not an earlier one's). */
  resetPeak(): void;
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Runs the app server (web/server/main.ts) as a process of its own with a clean environment (no real
 * provider keys) plus `env`, and resolves once it listens. Fault tests kill it (SIGKILL) and start
 * it again, as a crash and a restart in production.
 */
export async function spawnAppServer(env: Record<string, string>): Promise<AppServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', CLIENT_DIST: 'tests/integration/server/no-client-here' };
  for (const name of ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'BILLING_ACCESS_TOKEN', 'PUBLIC_URL', 'NODE_ENV', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL']) {
    delete childEnv[name];
  }
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, entryArgs('app-server'), { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const waiters = new Set<() => void>();
  const printed = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const check of waiters) check();
  };
  child.stderr.on('data', printed);
  child.stdout.on('data', printed);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = /"message":"app server listening","url":"([^"]+)"/.exec(output);
      if (found?.[1]) {
        waiters.delete(check);
        resolve(found[1]);
      }
    };
    waiters.add(check);
    void exited.then(({ code, signal }) => reject(new Error(`the app server exited (${code ?? signal}) before listening:\n${output}`)));
  });
  // Whole lines only: the last one may still be arriving.
  const lines = () =>
    output
      .split('\n')
      .slice(0, -1)
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const logged = (message: string) => lines().filter((l) => l['message'] === message);
  return {
    url,
    pid: child.pid!,
    output: () => output,
    logged,
    waitForLog: (message) =>
      new Promise((resolve) => {
        const check = () => {
          const line = logged(message)[0];
          if (line === undefined) return;
          waiters.delete(check);
          resolve(line);
        };
        waiters.add(check);
        check();
      }),
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kib('VmRSS'), peak: kib('VmHWM') };
    },
    // Linux: writing 5 to clear_refs sets the process's VmHWM back to its VmRSS.
    resetPeak: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    exited,
    kill: (signal) => child.kill(signal),
  };
}

/**
 * The environment of an app server whose Supabase is unreachable and whose tokens are checked by
 * their signature alone (`jwtSecret`): for what is decided before any data is read or written
 * (bodies refused, uploads bounded, files refused).
 */
export const signatureOnlyServerEnv = (jwtSecret: string): Record<string, string> => ({
  PORT: '0',
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'anon-key-for-tests',
  SUPABASE_JWT_SECRET: jwtSecret,
  AUTH_SESSION_CHECK_MS: '0',
  BILLING_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
});
