// The conversation's settings dialog on a phone in Chromium against the whole local stack: its buttons
// and each model's headings in view at 390×844, the context set to the last 4 messages, and the cost
// beside Send saying so. Screenshots of the dialog at 1280×800 and 390×844, in English and Japanese.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `context-setting-${Date.now()}@example.com`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ja = JSON.parse(readFileSync(join(process.cwd(), 'web/public/locales/ja/translation.json'), 'utf8')) as { settings: Record<string, string>; chat: Record<string, string> };

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser({ viewport: PHONE });
  await signedInUser(browser.page, stack, email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

/** Whether the whole of an element is inside the viewport (not cut off at an edge). */
async function inViewport(locator: Locator, viewport: { width: number; height: number }): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

/** Opens a tool of the chat's header: a button on a wide screen, an item of its More menu on a phone. */
async function openTool(page: Page, name: string, more = 'More'): Promise<void> {
  await page.locator('.chat-view__header').waitFor();
  const menu = page.getByRole('button', { name: more, exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else await page.getByRole('button', { name }).click();
}

describe('e2e: the context setting and the settings dialog on a phone', () => {
  it('three questions answered make a conversation of six messages', async () => {
    const { page } = browser;
    const box = page.getByRole('textbox', { name: 'Your message' });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const questions = ['Name a harbour', 'Name a lighthouse', 'Name a tide'];
    for (const question of questions) {
      await box.fill(question);
      // Enter sends once the composer can (its models read, the last answer ended): Send says when.
      await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
      await page.keyboard.press('Enter');
      // By text and as the latest: the list draws only the turns near the view.
      await page.locator('.message--user', { hasText: question }).waitFor();
      await page.locator('.message--assistant').last().locator('.answer-metrics').waitFor({ timeout: 30_000 });
      await answerDone();
    }
    await page.waitForURL(/\/chat\/[\w-]+$/);
    expect(await page.locator('.message--user').count()).toBe(3);
    expect(await page.locator('.message--assistant').count()).toBe(3);
    await page.locator('.composer__cost').waitFor();
    expect(await page.locator('.composer__cost').textContent()).not.toContain('sends the last');
  });

  it('at 390×844 the dialog shows Save and Cancel and each model’s Temperature and Longest answer headings', async () => {
    const { page } = browser;
    await openTool(page, 'Instructions & settings');
    const dialog = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
    await dialog.waitFor();
    await screenshot(page, 'settings-dialog-390-en');
    expect(await inViewport(dialog.getByRole('button', { name: 'Save settings' }), PHONE)).toBe(true);
    expect(await inViewport(dialog.getByRole('button', { name: 'Cancel' }), PHONE)).toBe(true);
    const temperature = dialog.locator('.settings-models__label:visible', { hasText: 'Temperature' }).first();
    const longest = dialog.locator('.settings-models__label:visible', { hasText: 'Longest answer (tokens)' }).first();
    await temperature.scrollIntoViewIfNeeded();
    expect(await temperature.isVisible()).toBe(true);
    expect(await longest.isVisible()).toBe(true);
    await screenshot(page, 'settings-dialog-390-en-models');
    // The buttons stay in view while the body scrolls.
    expect(await inViewport(dialog.getByRole('button', { name: 'Save settings' }), PHONE)).toBe(true);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('the context set to the last 4 messages is saved, and the cost beside Send says what is sent', async () => {
    const { page } = browser;
    const dialog = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
    await dialog.getByRole('radio', { name: 'Last 20 messages' }).check();
    await dialog.getByRole('spinbutton', { name: 'Messages sent whole' }).fill('4');
    await dialog.getByRole('radio', { name: 'Last 4 messages' }).waitFor();
    await dialog.getByText('Every message sends at most the last 4 messages', { exact: false }).waitFor();
    await screenshot(page, 'settings-dialog-390-en-context');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.composer__cost', { hasText: 'sends the last 4 of 6 messages' }).waitFor();
    // Kept with the conversation: a reload reads it back.
    await page.reload();
    await page.locator('.composer__cost', { hasText: 'sends the last 4 of 6 messages' }).waitFor();
    await openTool(page, 'Instructions & settings');
    expect(await page.getByRole('dialog').getByRole('radio', { name: 'Last 4 messages' }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('screenshots of the dialog in English and Japanese at 1280×800 and 390×844', async () => {
    const { page } = browser;
    const conversation = page.url().split('?')[0] as string;
    for (const [size, viewport] of [['390', PHONE], ['1280', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      for (const language of ['en', 'ja'] as const) {
        await page.goto(`${conversation}?hl=${language}`);
        const open = language === 'en' ? 'Instructions & settings' : (ja.settings['open'] as string);
        const title = language === 'en' ? 'Instructions and settings of this chat' : (ja.settings['title'] as string);
        const save = language === 'en' ? 'Save settings' : (ja.settings['save'] as string);
        await openTool(page, open, language === 'en' ? 'More' : (ja.chat['more'] as string));
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        expect(await inViewport(dialog.getByRole('button', { name: save }), viewport)).toBe(true);
        await screenshot(page, `settings-dialog-${size}-${language}`);
        await page.keyboard.press('Escape');
      }
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it('past 8,000 tokens of history a note above the composer offers a new conversation from a summary, which one click starts', async () => {
    const { page } = browser;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${stack.appUrl}/chat?hl=en`);
    const box = page.getByRole('textbox', { name: 'Your message' });
    const send = page.getByRole('button', { name: 'Send', exact: true });
    const banner = page.getByRole('region', { name: 'This conversation has grown long.' });
    // Two long questions (about 5,000 tokens each): the next message would send more than 8,000.
    for (const [i, topic] of ['harbours', 'lighthouses'].entries()) {
      await box.fill(`Tell me about ${topic}. ${'The tide comes in and goes out again over the sand. '.repeat(380)}`);
      // A fresh page reads its models first: Enter sends only once Send is enabled.
      await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
      await page.keyboard.press('Enter');
      // Found by its text: the list draws only the turns near the view, and the first long question may be gone from it.
      await page.locator('.message--user', { hasText: `Tell me about ${topic}.` }).waitFor();
      await answerDone();
      if (i === 0) await page.waitForURL(/\/chat\/[\w-]+(\?.*)?$/);
    }
    const old = page.url();
    await banner.waitFor();
    // The offline model's window (8,192 tokens) already cuts the oldest turns: the note says what it forgets.
    expect(await banner.textContent()).toMatch(/Offline model \(local, no network\)’s window no longer holds all of it: the next message sends only the last \d+ of 4 messages/);
    expect(await banner.textContent()).toMatch(/Sending holds \d+ credits?/);
    await screenshot(page, 'long-conversation-banner-1280-en');
    await page.setViewportSize(PHONE);
    // The menu slides away as the screen narrows.
    await page.locator('.chat-sidebar').evaluate((sidebar) => Promise.all(sidebar.getAnimations().map((a) => a.finished)));
    await page.waitForTimeout(300);
    // On a phone the note is one line: its title and a Details toggle; the rest opens with it.
    const start = banner.getByRole('button', { name: 'Start a new conversation from a summary' });
    expect(await start.isVisible()).toBe(false);
    expect((await banner.boundingBox())?.height).toBeLessThan(64);
    await screenshot(page, 'long-conversation-banner-390-en');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await banner.getByRole('button', { name: 'Details' }).click();
    await start.waitFor();
    await screenshot(page, 'long-conversation-banner-390-en-details');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await start.click();
    await page.waitForURL((url) => url.href !== old && /\/chat\/[\w-]+$/.test(url.pathname));
    await page.getByText(/^Summary of “.+” to continue from$/).waitFor();
    await answerDone();
    // The new conversation is short: no note.
    expect(await banner.count()).toBe(0);
    await screenshot(page, 'long-conversation-summary-390-en');
    expect(browser.consoleErrors).toEqual([]);
  });
});
