// Hosts one stack shared by the browser-test files of a run (see startE2eStack in stack.ts):
// `stack-host.ts <folder> <env as JSON>` starts it, writes its pid to <folder>/pid and its addresses
// to <folder>/ready.json (or why it could not start to <folder>/failed.json), then serves until
// SIGTERM or until the run's process is gone, and stops the stack before it exits.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STACK_OWNER_ENV, startOwnStack, type E2eStack } from './stack.js';

const [folder, envJson] = process.argv.slice(2);
if (folder === undefined || envJson === undefined) throw new Error('usage: stack-host.ts <folder> <env as JSON>');
const owner = Number(process.env[STACK_OWNER_ENV]);

/** Written whole or not at all: readers poll for the file. */
const writeAtomically = (name: string, value: unknown) => {
  const path = join(folder, name);
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
};

writeAtomically('pid', process.pid);
let stack: E2eStack | null = null;
let stopping = false;
const stopAndExit = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await stack?.stop().catch((error: unknown) => console.error(error));
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
  stack = await startOwnStack({ env: JSON.parse(envJson) as Record<string, string> });
  const { appUrl, mailboxUrl, supabase } = stack;
  writeAtomically('ready.json', { appUrl, mailboxUrl, supabase });
  if (stopping) await stack.stop();
} catch (error) {
  writeAtomically('failed.json', { message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await stopAndExit(1);
}
