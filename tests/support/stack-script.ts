import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];

export { freePort } from './free-port.js';

/** Kills whatever a test left running (call from afterAll). */
export function killStackScripts(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface StartedScript {
  readonly output: () => string;
  /** The addresses the script printed, by label (Ensemble, Mailbox, Billing sandbox, ...). */
  url(label: string): string;
  /** Ctrl-C (SIGINT); resolves with the exit code and everything printed. */
  stop(): Promise<{ code: number | null; output: string }>;
}

/**
 * Runs scripts/start.ts or scripts/dev.ts as a child process with a clean environment (no real
 * providers configured) plus `env`, and resolves once it printed its URLs: the stack is then up.
 */
export async function runStackScript(script: 'scripts/start.ts' | 'scripts/dev.ts', env: Record<string, string>): Promise<StartedScript> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, OFFLINE_MODEL_TOKEN_DELAY_MS: '0', LOG_LEVEL: 'warn' };
  for (const name of ['SUPABASE_URL', 'BILLING_ACCESS_TOKEN', 'PUBLIC_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL']) delete childEnv[name];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Ctrl-C stops everything/.test(output)) resolve();
    });
    void exited.then((code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return {
    output: () => output,
    url: (label) => new RegExp(`${label}\\s+(http://\\S+)`).exec(output)?.[1] ?? '',
    stop: async () => {
      child.kill('SIGINT');
      return { code: await exited, output };
    },
  };
}
