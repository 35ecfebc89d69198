// The life of a process that hosts something the browser-test files of a run share (a stack, the
// browser): see stack-host.ts and browser-host.ts.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STACK_OWNER_ENV } from './stack.js';

/** What was started: what its readers are told (ready.json), and how it stops. */
export interface Hosted {
  readonly ready: unknown;
  stop(): Promise<void>;
}

/**
 * Writes this process's pid to <folder>/pid, starts what it hosts, and writes its addresses to
 * <folder>/ready.json (or why it could not start to <folder>/failed.json); then serves until SIGTERM
 * or SIGINT, or until the run's process (STACK_OWNER_ENV) is gone, and stops it before it exits.
 */
export async function hostShared(folder: string, start: () => Promise<Hosted>): Promise<void> {
  const owner = Number(process.env[STACK_OWNER_ENV]);
  /** Written whole or not at all: readers poll for the file. */
  const writeAtomically = (name: string, value: unknown) => {
    const path = join(folder, name);
    writeFileSync(`${path}.tmp`, JSON.stringify(value));
    renameSync(`${path}.tmp`, path);
  };

  writeAtomically('pid', process.pid);
  let hosted: Hosted | null = null;
  let stopping = false;
  const stopAndExit = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await hosted?.stop().catch((error: unknown) => console.error(error));
    process.exit(code);
  };
  process.on('SIGTERM', () => void stopAndExit(0));
  process.on('SIGINT', () => void stopAndExit(0));
  if (Number.isInteger(owner) && owner > 0) {
    setInterval(() => {
      try {
        process.kill(owner, 0);
      } catch {
        void stopAndExit(0);
      }
    }, 1000);
  }

  try {
    const started = await start();
    hosted = started;
    writeAtomically('ready.json', started.ready);
    if (stopping) await started.stop();
  } catch (error) {
    writeAtomically('failed.json', { message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    await stopAndExit(1);
  }
}
