// The conversation's settings dialog on a phone in Chromium against the whole local stack: its buttons
// and each model's headings in view at 390×844, the context set to the last 4 messages, and the cost
// beside Send saying so. Screenshots of the dialog at 1280×800 and 390×844, in English and Japanese.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { completeProfiling, signUpWithCode } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `context-setting-${Date.now()}@example.com`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ja = JSON.parse(readFileSync(join(process.cwd(), 'web/public/locales/ja/translation.json'), 'utf8')) as { settings: Record<string, string> };

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' } });
  browser = await openBrowser({ viewport: PHONE });
  await signUpWithCode(browser.page, stack.appUrl, stack.mailboxUrl, email);
  await completeProfiling(browser.page);
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

describe('e2e: the context setting and the settings dialog on a phone', () => {
  it('three questions answered make a conversation of six messages', async () => {
    const { page } = browser;
    const box = page.getByRole('textbox', { name: 'Your message' });
    for (const question of ['Name a harbour', 'Name a lighthouse', 'Name a tide']) {
      await box.fill(question);
      await page.keyboard.press('Enter');
      await answerDone();
    }
    await page.waitForURL(/\/chat\/[\w-]+$/);
    await page.locator('.composer__cost').waitFor();
    expect(await page.locator('.composer__cost').textContent()).not.toContain('sends the last');
  });

  it('at 390×844 the dialog shows Save and Cancel and each model’s Temperature and Longest answer headings', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Instructions & settings' }).click();
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
    await page.getByRole('button', { name: 'Instructions & settings' }).click();
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
        await page.getByRole('button', { name: open }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        expect(await inViewport(dialog.getByRole('button', { name: save }), viewport)).toBe(true);
        await screenshot(page, `settings-dialog-${size}-${language}`);
        await page.keyboard.press('Escape');
      }
    }
    expect(browser.consoleErrors).toEqual([]);
  });
});
