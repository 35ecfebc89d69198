import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SeedInfo } from '@ensemble/billing-sandbox';
import { entryArgs } from './prebuilt-entry-args.js';

const root = join(import.meta.dirname, '..', '..');

export interface SandboxProcess {
  readonly url: string;
  readonly pid: number;
  readonly seed: SeedInfo;
  /** Sends a signal: SIGSTOP freezes it (connections are still accepted by the kernel, never answered), SIGCONT thaws it. */
  signal(signal: NodeJS.Signals): void;
  /** Kills it and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The billing sandbox (`npm run sandbox:billing`) as a process of its own, so a test can freeze it
 * as a provider that stops answering. Its seed is read from `<data>/seed.json`.
 */
export async function spawnSandbox(options: { webhookUrl: string }): Promise<SandboxProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-process-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [...entryArgs('billing-sandbox'), '--port', '0', '--data', dataDir, '--webhook-url', options.webhookUrl],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /billing sandbox listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    void exited.then(() => reject(new Error(`the billing sandbox exited before listening:\n${output}`)));
  });
  const seed = JSON.parse(readFileSync(join(dataDir, 'seed.json'), 'utf8')) as SeedInfo;
  return {
    url,
    pid: child.pid!,
    seed,
    signal: (signal) => void child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
