// Hosts the one Chromium shared by the browser-test files of a run (see openBrowser in browser.ts):
// `browser-host.ts <folder>` launches it as a Playwright browser server, writes its pid to
// <folder>/pid and its address to <folder>/ready.json (or why it could not start to
// <folder>/failed.json), then serves until SIGTERM or until the run's process is gone (host-process.ts).
// Each file connects and opens contexts of its own: a fresh profile each, as a newly launched browser has.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';
import { hostShared } from './host-process.js';

const [folder] = process.argv.slice(2);
if (folder === undefined) throw new Error('usage: browser-host.ts <folder>');

await hostShared(folder, async () => {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  return { ready: { wsEndpoint: server.wsEndpoint() }, stop: () => server.close() };
});
