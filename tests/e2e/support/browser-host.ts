// Hosts the one Chromium shared by the browser-test files of a run (see openBrowser in browser.ts):
// `browser-host.ts <folder>` launches it as a Playwright browser server, writes its pid to
// <folder>/pid and its address to <folder>/ready.json (or why it could not start to
// <folder>/failed.json), then serves until SIGTERM or until the run's process is gone. Each file
// connects and opens contexts of its own: a fresh profile each, as a newly launched browser has.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';
import { STACK_OWNER_ENV } from './stack.js';

const [folder] = process.argv.slice(2);
if (folder === undefined) throw new Error('usage: browser-host.ts <folder>');
const owner = Number(process.env[STACK_OWNER_ENV]);

/** Written whole or not at all: readers poll for the file. */
const writeAtomically = (name: string, value: unknown) => {
  const path = join(folder, name);
  writeFileSync(`${path}.tmp`, JSON.stringify(value));
  renameSync(`${path}.tmp`, path);
};

writeAtomically('pid', process.pid);
let server: BrowserServer | null = null;
let stopping = false;
const stopAndExit = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await server?.close().catch((error: unknown) => console.error(error));
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
  server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  writeAtomically('ready.json', { wsEndpoint: server.wsEndpoint() });
  if (stopping) await server.close();
} catch (error) {
  writeAtomically('failed.json', { message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  await stopAndExit(1);
}
