// Two things a newcomer trips over, in Chromium against the whole local stack: an answer stopped by the
// user says "Stopped" beside its figures (as it ends, after a reload, at 1280 and at 390 px), and the
// sidebar's balance ends at the server's after a reload in the middle of an answer. The offline models
// write one word every 40 ms here (the slow and thorough one three times slower).
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, openBrowser, type E2eBrowser } from './support/browser.js';
import { answerHasWords, signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `stopped-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/]+$/;

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '40' } });
  browser = await openBrowser();
  await signedInUser(browser.page, stack, email);
}, 180_000);

// A test that narrows the window gives the next one the desktop layout back, whether it passed or not.
afterEach(async () => {
  await browser?.page.setViewportSize({ width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = (page = browser.page) => page.getByRole('textbox', { name: 'Your message' });
const stopButton = (page = browser.page) => page.getByRole('button', { name: 'Stop', exact: true });
const answerDone = (page = browser.page) => stopButton(page).waitFor({ state: 'detached', timeout: 90_000 });
const lastAnswer = (page = browser.page) => page.locator('.message--assistant').last();
/** The model the balance tests wait out: about 200 pieces at 60 ms each here, some twelve seconds (the slow and thorough one writes for forty). */
const SKEPTIC = 'Offline demo: skeptic';

/**
 * A browser context and a user of its own, signed up and profiled, for `run`: the three tests that
 * wait out a whole answer (about twelve seconds each) run side by side, each with its own
 * balance, instead of one after another (so each asserts with its own test's `expect`).
 */
async function asOwnUser(name: string, run: (page: Page) => Promise<void>): Promise<void> {
  const own = await openBrowser();
  try {
    await signedInUser(own.page, stack, `stopped-${name}-${Date.now()}@example.com`);
    await run(own.page);
  } finally {
    await own.close();
  }
}

/** The balance as the server answers it (GET /api/credits), asked with the page's own session. */
const serverBalance = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    const session = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const response = await fetch('/api/credits?limit=1', { headers: { authorization: `Bearer ${session.access_token ?? ''}` } });
    if (!response.ok) throw new Error(`GET /api/credits answered ${response.status}`);
    return ((await response.json()) as { balance: number }).balance;
  });

/** What the monthly spending cap reads as spent: charged this month plus what running answers hold now. */
const serverSpent = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    const session = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const response = await fetch('/api/account/spending-cap', { headers: { authorization: `Bearer ${session.access_token ?? ''}` } });
    if (!response.ok) throw new Error(`GET /api/account/spending-cap answered ${response.status}`);
    return ((await response.json()) as { spent: number }).spent;
  });

/** The balance the sidebar shows, as a number (null while it loads). */
const shownBalance = async (page: Page): Promise<number | null> => {
  const text = (await page.locator('.credits__value').textContent()) ?? '';
  const digits = text.replace(/[^\d-]/g, '');
  return digits === '' ? null : Number(digits);
};

describe('e2e: a stopped answer says so; the balance follows every run', () => {
  it('an answer stopped with Stop says "Stopped" beside its figures, and still does after a reload, at 1280 and 390 px', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline demo: slow and thorough' }).click();
    await page.keyboard.press('Escape');
    await box().fill('Tell me a long story about a lighthouse keeper and the winter storms');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerHasWords(page, 8);
    await stopButton().click();
    await answerDone();
    const stopped = lastAnswer().locator('.answer-metrics__stopped');
    await stopped.waitFor();
    expect(await stopped.textContent()).toBe('Stopped');
    // Beside the figures it was charged with.
    expect(await lastAnswer().locator('.answer-metrics').textContent()).toMatch(/^Stopped · .*credits: \d+/);
    await lastAnswer().screenshot({ path: join(ARTIFACTS, 'stopped-answer-1280.png') });

    await page.reload();
    await lastAnswer().locator('.answer-metrics__stopped').waitFor();
    expect(await lastAnswer().locator('.answer-metrics').textContent()).toMatch(/^Stopped · .*credits: \d+/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const label = lastAnswer().locator('.answer-metrics__stopped');
    // The list settles where it opens (the latest turn) before it shows its rows: wait for it to show this one.
    await label.scrollIntoViewIfNeeded();
    await label.waitFor({ state: 'visible' });
    const box390 = await label.boundingBox();
    expect(box390 && box390.x >= 0 && box390.x + box390.width <= 390).toBe(true);
    await lastAnswer().screenshot({ path: join(ARTIFACTS, 'stopped-answer-390.png') });
  }, 90_000);

  it('an answer read to its end does not say "Stopped"', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline model, brief' }).click();
    await page.keyboard.press('Escape');
    await box().fill('A short question');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await lastAnswer().locator('.answer-metrics').waitFor();
    expect(await page.locator('.answer-metrics__stopped').count()).toBe(0);
  });

  it.concurrent('reloaded right after sending, the sidebar ends at the server\'s balance once the answer is written', ({ expect }) => asOwnUser('reload', async (page) => {
    await page.getByRole('button', { name: 'New chat' }).click();
    // The skeptic writes for about twelve seconds: the reload lands inside its answer however busy the machine is.
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: SKEPTIC }).click();
    await page.keyboard.press('Escape');
    await box(page).fill('Explain how a tide works');
    await page.getByRole('button', { name: 'Send' }).click();
    // The server named the conversation: the answer runs there, and the page goes away at once.
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await page.reload();
    // The answer comes back still being written, then ends.
    await stopButton(page).waitFor({ timeout: 30_000 });
    await answerDone(page);
    await lastAnswer(page).locator('.answer-metrics').waitFor();
    expect(await lastAnswer(page).locator('.answer-metrics__stopped').count()).toBe(0);
    const server = await serverBalance(page);
    await expect.poll(() => shownBalance(page), { timeout: 10_000 }).toBe(server);
    // And stays so: nothing later moves either.
    await page.waitForTimeout(1500);
    expect(await shownBalance(page)).toBe(server);
    expect(await serverBalance(page)).toBe(server);
  }), 210_000);

  it.concurrent('a run left streaming for another conversation still ends with the sidebar at the server\'s balance', ({ expect }) => asOwnUser('away', async (page) => {
    await page.getByRole('button', { name: 'New chat' }).click();
    // The skeptic writes for about twelve seconds: the page leaves long before it ends.
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: SKEPTIC }).click();
    await page.keyboard.press('Escape');
    await box(page).fill('Tell me about the phases of the moon');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerHasWords(page, 3);
    // Read while the answer is written: nothing of it is charged yet.
    const before = await serverBalance(page);
    // Away to a new chat while it is written: the answer goes on on the server.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL(/\/chat\/?$/);
    await expect.poll(() => serverBalance(page), { timeout: 90_000, interval: 500 }).toBeLessThan(before);
    const server = await serverBalance(page);
    await expect.poll(() => shownBalance(page), { timeout: 10_000 }).toBe(server);
  }), 210_000);

  it.concurrent('sent and reloaded before the server named the conversation, the sidebar still ends at the server\'s balance', ({ expect }) => asOwnUser('early-reload', async (page) => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: SKEPTIC }).click();
    await page.keyboard.press('Escape');
    const before = await serverBalance(page);
    const spentBefore = await serverSpent(page);
    // The send reaches the server, its answer never reaches the page: the page is reloaded first.
    await page.route('**/api/chat', (route) => void route.fetch().catch(() => undefined));
    await box(page).fill('Tell me about the tides of the Bay of Fundy');
    await page.getByRole('button', { name: 'Send' }).click();
    // The server holds credits for the answer: it runs.
    await expect.poll(() => serverSpent(page), { timeout: 30_000, interval: 100 }).toBeGreaterThan(spentBefore);
    await page.reload();
    expect(page.url()).toMatch(/\/chat\/?$/);
    await expect.poll(() => serverBalance(page), { timeout: 90_000, interval: 500 }).toBeLessThan(before);
    const server = await serverBalance(page);
    await expect.poll(() => shownBalance(page), { timeout: 10_000 }).toBe(server);
    await page.unroute('**/api/chat');
  }), 210_000);
});
