// The chat's header in Chromium against the whole local stack: it names the conversation, and on a
// phone (390×844) it is one row, the title and one "More" menu that holds the chat's tools (both
// exports, Share, Instructions & settings, Shortcuts). The menu is a real menu: it opens from the
// keyboard, ↑ ↓ Home End move through it, Esc closes it and gives the focus back to its button, and a
// dialog opened from it returns the focus there too. At 1280×800 the tools stay buttons in the same row.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedText, openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `chat-header-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const TOOLS = ['Export as Markdown', 'Export as JSON', 'Share', 'Instructions & settings', 'Shortcuts'];
let title = '';

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser({ viewport: DESKTOP });
  await signedInUser(browser.page, stack, email);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const more = (page: Page) => page.getByRole('button', { name: 'More', exact: true });
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** The header's visible parts: each with its box, to tell whether they stand in one row within the viewport. */
const headerParts = (page: Page) => page.locator('.chat-view__header').evaluate((header) => {
  const visible = [...header.querySelectorAll<HTMLElement>('h1, button')].filter((n) => n.getBoundingClientRect().width > 0 && !n.closest('[role="menu"]'));
  return {
    height: header.getBoundingClientRect().height,
    parts: visible.map((n) => {
      const r = n.getBoundingClientRect();
      return { name: n.getAttribute('aria-label') ?? n.textContent ?? '', top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }),
  };
});

describe('e2e: the chat header', () => {
  it('at 1280 px the header names the conversation and shows its tools as buttons in one row', async () => {
    const { page } = browser;
    await page.getByRole('textbox', { name: 'Your message' }).fill('Plan a weekend in Lisbon');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    const active = page.locator('.conversation--active .conversation__link');
    await expect.poll(async () => (await active.textContent())?.trim() ?? '', { timeout: 15_000 }).not.toBe('');
    title = ((await active.textContent()) ?? '').trim();
    expect(title).not.toMatch(/…$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(title);
    expect(await page.title()).toBe(`${title} · Ensemble`);
    const { parts, height } = await headerParts(page);
    expect(parts.map((p) => p.name)).toEqual([title, ...TOOLS]);
    expect(height).toBeLessThanOrEqual(60);
    for (const part of parts) expect([part.left >= 0, part.right <= DESKTOP.width, part.top >= 0]).toEqual([true, true, true]);
    expect(new Set(parts.map((p) => Math.round(p.top + (p.bottom - p.top) / 2))).size).toBeLessThanOrEqual(2);
    expect(await more(page).isVisible()).toBe(false);
    await screenshot(page, 'chat-header-1280');
    // Esc cancels an edit of the question in place, as Cancel does.
    await page.locator('.message--user').getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    await editor.fill('Plan a weekend in Porto');
    await editor.press('Escape');
    await editor.waitFor({ state: 'detached' });
    expect(await page.locator('.message--user .message__bubble').textContent()).toBe('Plan a weekend in Lisbon');
  }, 90_000);

  it('at 390 px the header is one row: the title and a More menu holding the tools', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.locator('.message--assistant').first().waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(title);
    const { parts, height } = await headerParts(page);
    expect(parts.map((p) => p.name)).toEqual([title, 'More']);
    expect(height).toBeLessThanOrEqual(56);
    const [heading, button] = parts;
    expect(Math.abs((heading?.top ?? 0) + (heading?.bottom ?? 0) - (button?.top ?? 0) - (button?.bottom ?? 0)) / 2).toBeLessThanOrEqual(8);
    expect(button?.right).toBeLessThanOrEqual(PHONE.width);
    // What is left for the conversation between the header and the composer.
    const room = await page.locator('.chat-view__area').evaluate((n) => n.getBoundingClientRect().height);
    expect(room).toBeGreaterThan(520);
    expect(await more(page).getAttribute('aria-haspopup')).toBe('menu');
    expect(await more(page).getAttribute('aria-expanded')).toBe('false');
    await screenshot(page, 'chat-header-390');

    await more(page).click();
    const menu = page.getByRole('menu', { name: 'More' });
    await menu.waitFor();
    expect(await more(page).getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(TOOLS);
    // Every item lies within the viewport.
    const boxes = await menu.getByRole('menuitem').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => [r.left, r.right, r.bottom]));
    for (const [left, right, bottom] of boxes) expect([left! >= 0, right! <= PHONE.width, bottom! <= PHONE.height]).toEqual([true, true, true]);
    await screenshot(page, 'chat-header-390-menu');
    // A press outside closes it.
    await page.locator('.chat-view__title').click();
    await menu.waitFor({ state: 'detached' });
  }, 60_000);

  it('at 390 px the menu answers the keyboard: Enter opens it at the first item, arrows, Home and End move, Esc closes it and focus returns', async () => {
    const { page } = browser;
    await more(page).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'More' });
    await menu.waitFor();
    await expect.poll(() => focusedName(page)).toBe('Export as Markdown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Export as JSON');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toBe('Shortcuts');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Export as Markdown');
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Shortcuts');
    await page.keyboard.press('Home');
    expect(await focusedName(page)).toBe('Export as Markdown');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('More');
    expect(await more(page).getAttribute('aria-expanded')).toBe('false');
    // ↑ on the button opens the menu at its last item.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedName(page)).toBe('Shortcuts');
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('More');
  }, 60_000);

  it('at 390 px every tool works from the menu: both exports download, Share and Instructions open their dialogs', async () => {
    const { page } = browser;
    const item = async (name: string) => {
      await more(page).click();
      await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name, exact: true }).click();
    };
    const [markdown] = await Promise.all([page.waitForEvent('download', { timeout: 40_000 }), item('Export as Markdown')]);
    expect(await downloadedText(markdown)).toContain('Plan a weekend in Lisbon');
    const [json] = await Promise.all([page.waitForEvent('download', { timeout: 40_000 }), item('Export as JSON')]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);

    await item('Share');
    const share = page.getByRole('dialog', { name: 'Share this conversation' });
    await share.getByRole('button', { name: 'Create a link' }).waitFor();
    await screenshot(page, 'chat-header-390-share');
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
    expect(await focusedName(page)).toBe('More');

    // Closed before its link loads, the dialog stays closed when the late answer arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    let asked: () => void = () => {};
    const askedFor = new Promise<void>((resolve) => { asked = resolve; });
    await page.route(/\/api\/conversations\/[^/]+\/share$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await item('Share');
    await askedFor;
    await share.waitFor();
    await page.keyboard.press('Escape');
    await share.waitFor({ state: 'detached' });
    const answered = page.waitForResponse(/\/api\/conversations\/[^/]+\/share$/);
    release();
    await answered;
    await page.unroute(/\/api\/conversations\/[^/]+\/share$/);
    // The answer is handled within a frame or two; the dialog must not come back, and the focus stays on More.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await share.count()).toBe(0);
    expect(await focusedName(page)).toBe('More');

    await item('Instructions & settings');
    const settings = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
    await settings.waitFor();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await settings.waitFor({ state: 'detached' });
  }, 60_000);

  it('at 390 px in German the header is one row too', async () => {
    const { page } = browser;
    await page.goto(`${page.url().split('?')[0]}?hl=de`);
    const button = page.getByRole('button', { name: 'Mehr', exact: true });
    await page.locator('.message--assistant').first().waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(title);
    const { parts } = await headerParts(page);
    expect(parts.map((p) => p.name)).toEqual([title, 'Mehr']);
    await button.click();
    const items = await page.getByRole('menu', { name: 'Mehr' }).getByRole('menuitem').count();
    expect(items).toBe(TOOLS.length);
    await screenshot(page, 'chat-header-390-de-menu');
    await page.keyboard.press('Escape');
    await page.goto(`${page.url().split('?')[0]}?hl=en`);
    await page.setViewportSize(DESKTOP);
  }, 60_000);
});
