import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';

export const ARTIFACTS = join(process.cwd(), 'tests/e2e/artifacts');

export interface E2eBrowser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every push to the app's own data layer, on every page of this browser, in order. */
  readonly events: Record<string, unknown>[];
  /** Console errors and uncaught page errors, with the page's address, in order. */
  readonly consoleErrors: string[];
  /**
   * Every console message about /favicon.ico: a page without an icon of its own makes Chromium ask for
   * one, and the 404 shows only in the console (headless Chromium's favicon request never reaches
   * Playwright's request events), as "Failed to load resource" located at /favicon.ico.
   */
  readonly faviconMisses: string[];
  /** Every page (top-level document over http) whose head has no `link[rel~=icon]`, by address. */
  readonly pagesWithoutIcon: string[];
  close(): Promise<void>;
}

/**
 * The system Chromium, headless, with a fresh profile. The harness never creates `window.dataLayer`:
 * an accessor installed before any page script watches the property, and when the app assigns its
 * data layer the array's `push` is wrapped so each push (and anything already in the array) is read
 * back. A page whose app never creates one records nothing, as a real tag manager would find nothing.
 */
export async function openBrowser(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<E2eBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'ensemble-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
  // The data layer lives as long as a page; the record below outlives navigations.
  const events: Record<string, unknown>[] = [];
  const consoleErrors: string[] = [];
  const faviconMisses: string[] = [];
  const pagesWithoutIcon: string[] = [];
  await context.exposeBinding('__recordDataLayer', (_source, entry: Record<string, unknown>) => {
    if (typeof entry['event'] === 'string' && !entry['event'].startsWith('gtm.')) events.push(entry);
  });
  await context.exposeBinding('__recordNoIcon', (_source, address: string) => void pagesWithoutIcon.push(address));
  // Each page's own icon, read once its head is parsed (before any favicon request could be made).
  await context.addInitScript(() => {
    if (window.top !== window || !location.protocol.startsWith('http')) return;
    document.addEventListener('DOMContentLoaded', () => {
      if (document.querySelector('link[rel~="icon"]') === null) void (window as unknown as { __recordNoIcon: (a: string) => void }).__recordNoIcon(location.href);
    });
  });
  await context.addInitScript(() => {
    const host = window as unknown as { __recordDataLayer: (entry: unknown) => void; dataLayer?: unknown };
    const record = host.__recordDataLayer;
    const copy = (entry: unknown) => JSON.parse(JSON.stringify(entry)) as unknown;
    let layer: unknown;
    Object.defineProperty(window, 'dataLayer', {
      configurable: true,
      enumerable: true,
      get: () => layer,
      set: (value: unknown) => {
        if (Array.isArray(value) && value !== layer) {
          value.forEach((entry) => void record(copy(entry)));
          const push = value.push.bind(value);
          value.push = (...entries: unknown[]) => {
            entries.forEach((entry) => void record(copy(entry)));
            return push(...entries);
          };
        }
        layer = value;
      },
    });
  });
  const watch = (page: Page) => {
    page.on('console', (message) => {
      const at = message.location().url;
      if (URL.canParse(at) && new URL(at).pathname.endsWith('/favicon.ico')) faviconMisses.push(`${page.url()}: ${message.text()} (${at})`);
      // A resource that failed to load names it as the message's location.
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}${at !== '' && at !== page.url() ? ` (${at})` : ''}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(20_000);
  return {
    context,
    page,
    events,
    consoleErrors,
    faviconMisses,
    pagesWithoutIcon,
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
