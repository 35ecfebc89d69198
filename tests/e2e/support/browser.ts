import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';
import { SHARED_STACKS_ENV, sharedHost } from './stack.js';

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

/** This process's connection to the run's shared Chromium, and how many open contexts use it. */
let shared: { browser: Promise<Browser>; users: number } | null = null;

/**
 * A context with a fresh profile. Under `npm test` it is opened in the one Chromium the run's files
 * share (started by the first of them, stopped by the global teardown, like the shared stacks):
 * launching a browser per file costs seconds, a context milliseconds, and a context shares no
 * cookies, storage or cache with another. Without the global setup Chromium is launched here.
 */
async function freshContext(options: { viewport: { width: number; height: number }; locale: string }): Promise<{ context: BrowserContext; dispose: () => Promise<void> }> {
  const registry = process.env[SHARED_STACKS_ENV];
  if (registry) {
    shared ??= {
      browser: sharedHost<{ wsEndpoint: string }>(join(registry, 'browser'), 'browser-host', [], 'browser').then(({ wsEndpoint }) => chromium.connect(wsEndpoint)),
      users: 0,
    };
    const connection = shared;
    connection.users += 1;
    const release = async () => {
      connection.users -= 1;
      if (connection.users > 0 || shared !== connection) return;
      shared = null;
      await (await connection.browser).close();
    };
    try {
      const context = await (await connection.browser).newContext(options);
      return {
        context,
        dispose: async () => {
          await context.close();
          await release();
        },
      };
    } catch (error) {
      await release().catch(() => undefined);
      if (shared === connection) shared = null;
      throw error;
    }
  }
  const profile = mkdtempSync(join(tmpdir(), 'ensemble-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, ...options });
  return {
    context,
    dispose: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The system Chromium, headless, with a fresh profile (see freshContext). The harness never creates `window.dataLayer`:
 * an accessor installed before any page script watches the property, and when the app assigns its
 * data layer the array's `push` is wrapped so each push (and anything already in the array) is read
 * back. A page whose app never creates one records nothing, as a real tag manager would find nothing.
 */
export async function openBrowser(options: { viewport?: { width: number; height: number }; locale?: string } = {}): Promise<E2eBrowser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const { context, dispose } = await freshContext({ viewport: options.viewport ?? { width: 1280, height: 800 }, locale: options.locale ?? 'en-US' });
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
    close: dispose,
  };
}

/** A finished download's content as text, read through the browser's connection (a shared browser keeps its files to itself). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
