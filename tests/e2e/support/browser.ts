import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';

export const ARTIFACTS = join(process.cwd(), 'tests/e2e/artifacts');

export interface E2eBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every data-layer push of every page load of this browser, in order. */
  readonly events: Record<string, unknown>[];
  close(): Promise<void>;
}

/**
 * The system Chromium, headless, with a fresh profile. A data layer exists from the first script,
 * as a tag manager would leave it, so the analytics events of app spec §7 can be read back.
 */
export async function openBrowser(): Promise<E2eBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'ensemble-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  // The data layer lives as long as a page; the record below outlives navigations.
  const events: Record<string, unknown>[] = [];
  await context.exposeBinding('__recordDataLayer', (_source, entry: Record<string, unknown>) => {
    if (typeof entry['event'] === 'string' && !entry['event'].startsWith('gtm.')) events.push(entry);
  });
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    const record = (window as unknown as { __recordDataLayer: (entry: unknown) => void }).__recordDataLayer;
    layer.push = (...entries: unknown[]) => {
      entries.forEach((entry) => void record(JSON.parse(JSON.stringify(entry))));
      return Array.prototype.push.apply(layer, entries);
    };
    (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return {
    context,
    page,
    events,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const screenshot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });


/** The newest e-mail sent to `to`, polled from the mailbox's JSON API. */
export async function latestMail(mailboxUrl: string, to: string, after = 0): Promise<{ code: string; magicLink: string }> {
  for (let i = 0; i < 100; i += 1) {
    const response = await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
    const body = (await response.json()) as { total: number; messages: { code: string; magicLink: string }[] };
    if (body.total > after && body.messages[0]) return body.messages[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail reached ${to}`);
}
