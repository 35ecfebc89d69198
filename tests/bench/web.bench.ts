// The web client's budgets (DESIGN.md): the home route's initial JavaScript <= 150 KB gzipped, the
// size of each lazy chunk, and first contentful paint of home and chat in headless Chromium against
// the built client served by the whole local stack. Run: npm run bench -- web
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openBrowser } from '../e2e/support/browser.js';
import { completeProfiling, signUpWithCode } from '../e2e/support/journeys.js';
import { startE2eStack } from '../e2e/support/stack.js';

const DIST = 'web/client/dist';
const BUDGET_KB = 150;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

const build = spawnSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (build.status !== 0) throw new Error('vite build failed');

// What index.html makes the browser fetch at once: the entry script and its modulepreload links.
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [
  ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1] as string),
  ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => m[1] as string),
];
const initialBytes = initial.reduce((sum, file) => sum + gzipped(file), 0);
console.log(`home route initial JavaScript (entry + ${initial.length - 1} modulepreload): ${kb(initialBytes)} gzipped (budget ${BUDGET_KB} KB) ${initialBytes <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`);
for (const file of initial) console.log(`  initial  ${file.padEnd(48)} ${kb(gzipped(file)).padStart(9)}`);
const lazy = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`)).sort();
for (const f of lazy) console.log(`  lazy     ${`assets/${f}`.padEnd(48)} ${kb(gzipped(`assets/${f}`)).padStart(9)}  (${kb(statSync(join(DIST, 'assets', f)).size)} raw)`);

// First contentful paint, each a fresh navigation (a warm second load, as a returning visitor has).
const stack = await startE2eStack();
const browser = await openBrowser();
try {
  const { page } = browser;
  const fcp = async (path: string): Promise<number> => {
    await page.goto(`${stack.appUrl}${path}`, { waitUntil: 'load' });
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const seen = performance.getEntriesByName('first-contentful-paint')[0];
          if (seen) return resolve(seen.startTime);
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  };
  await fcp('/');
  console.log(`first contentful paint, home: ${(await fcp('/')).toFixed(0)} ms`);
  await signUpWithCode(page, stack.appUrl, stack.mailboxUrl, `bench-${Date.now()}@example.com`);
  await completeProfiling(page);
  console.log(`first contentful paint, chat (signed in): ${(await fcp('/chat')).toFixed(0)} ms`);
} finally {
  await browser.close();
  await stack.stop();
}
