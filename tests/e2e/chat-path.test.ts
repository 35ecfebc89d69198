// The chat path in Chromium against the whole local stack: what a person typing in the chat meets in the
// first minute. The offline model writes slowly enough here (one word every 40 ms) to type while it answers.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { answerHasWords, signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `chat-path-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/]+$/;
let userId: string;

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '40' } });
  browser = await openBrowser();
  const { page } = browser;
  ({ userId } = await signedInUser(page, stack, email));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

/** Selects the first paragraph of an answer the way a mouse does, and lets the page see the mouseup. */
async function selectIn(answer: string): Promise<string> {
  const target = browser.page.locator(answer).locator('p').first();
  await target.waitFor();
  const selected = await target.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    node.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return selection.toString().trim();
  });
  await browser.page.getByRole('toolbar', { name: 'Actions for the selected text' }).waitFor();
  return selected;
}

describe('e2e: the chat path', () => {
  it('a draft typed while the first answer streams survives the switch from /chat to /chat/{id}', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    await box().fill('Explain how a lighthouse works');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await box().pressSequentially('and who keeps it', { delay: 10 });
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    expect(await box().inputValue()).toBe('and who keeps it');
    expect(await box().evaluate((node) => node === document.activeElement)).toBe(true);
  });

  it('a message sent right after the answer ends is sent; the second answer appears once, before and after a reload', async () => {
    const { page } = browser;
    await box().fill('A second question, sent at once');
    await box().press('Enter');
    await page.getByText('You asked: "A second question, sent at once"').waitFor({ timeout: 30_000 });
    await answerDone();
    const answers = page.locator('.message--assistant');
    expect(await answers.count()).toBe(2);
    expect(await page.getByText('You asked: "A second question, sent at once"').count()).toBe(1);
    await page.reload();
    await page.getByText('You asked: "A second question, sent at once"').waitFor();
    expect(await page.locator('.message--assistant').count()).toBe(2);
    expect(await page.locator('.message--user').count()).toBe(2);
  });

  it('the credits shown beside Send are the credits the server holds for the message, history included', async () => {
    const { page } = browser;
    if (!stack.supabase) throw new Error('the stack runs without its Supabase stand-in');
    const service = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const heldNow = async () => {
      // This user's holds only: other files' users chat on the same shared stack at the same time.
      const { data, error } = await service.from('credit_holds').select('amount').eq('user_id', userId);
      if (error) throw new Error(error.message);
      return (data as { amount: number }[]).reduce((sum, row) => sum + row.amount, 0);
    };
    expect(await heldNow()).toBe(0);
    await box().fill('A third question: what does it hold?');
    const cost = page.locator('.composer__cost[data-held]');
    await expect.poll(() => cost.textContent()).toMatch(/^Sending holds \d+ credits? · \d+ left after$/);
    const shown = Number(await cost.getAttribute('data-held'));
    await box().press('Enter');
    // One model, one hold: taken before the first word and given back when the answer is charged.
    let held = 0;
    await expect.poll(async () => (held = await heldNow()), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    expect(held).toBe(shown);
    await answerDone();
  });

  it('"Add to chat" quotes a selection of a single answer into this conversation\'s composer, with the model\'s label', async () => {
    const { page } = browser;
    const url = page.url();
    await box().fill('');
    const selected = await selectIn('.message--assistant >> nth=-1');
    await page.getByRole('toolbar', { name: 'Actions for the selected text' }).getByRole('button', { name: 'Add to chat' }).click();
    expect(page.url()).toBe(url);
    const draft = await box().inputValue();
    expect(draft).toContain(`> ${selected.split('\n')[0]}`);
    expect(draft).toContain('> — Offline model (local, no network)');
    expect(await box().evaluate((node) => node === document.activeElement)).toBe(true);
    await box().fill('');
  });

  it('a side-by-side conversation reopens as columns, in the order asked; "continue with this model" goes back to one', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await box().fill('Name a lighthouse');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    const order = () => page.locator('.answer-column').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')));
    expect(await order()).toEqual(['offline', 'offline-brief']);
    const url = page.url();
    // Away and back through the sidebar: the same columns, in the same order.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL(/\/chat\/?$/);
    await page.locator(`a[href$="${new URL(url).pathname.replace(/^\/chat/, '')}"]`).first().click();
    await page.waitForURL(url);
    await page.locator('.answer-column').first().waitFor();
    expect(await order()).toEqual(['offline', 'offline-brief']);
    await screenshot(page, '13-side-by-side-reopened');
    await box().fill('');
    await selectIn('.answer-column[data-model-id="offline-brief"]');
    await page.getByRole('toolbar', { name: 'Actions for the selected text' }).getByRole('button', { name: 'Add to chat' }).click();
    expect(page.url()).toBe(url);
    expect(await box().inputValue()).toContain('> — Offline model, brief (local, no network)');
    await box().fill('');
    await page.locator('.answer-column[data-model-id="offline-brief"]').getByRole('button', { name: 'Continue with this model' }).click();
    await box().fill('Tell me more');
    await page.getByRole('button', { name: 'Send' }).click();
    await answerDone();
    await page.getByText('Tell me more').waitFor();
    expect(await page.locator('.message--assistant[data-model-id="offline-brief"]').count()).toBe(1);
  });

  it('at 390 px the columns scroll sideways and the composer stays usable', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.answer-column').first().waitFor();
    const scrolls = await page.locator('.answer-columns').evaluate((node) => node.scrollWidth > node.clientWidth);
    expect(scrolls).toBe(true);
    await box().fill('still here');
    expect(await box().inputValue()).toBe('still here');
    await screenshot(page, '13-side-by-side-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a conversation shared as a link reads signed out, read only and unindexed; turning the link off ends it', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).waitFor();
    await page.locator('.conversation__link').first().click();
    await page.waitForURL(CONVERSATION_URL);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
    await dialog.getByRole('button', { name: 'Create a link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{22,}$/);

    const visitor = await openBrowser();
    try {
      const response = await visitor.page.goto(url);
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      await visitor.page.getByText('Shared conversation · read only').waitFor();
      expect(await visitor.page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
      await visitor.page.locator('.message--user').first().waitFor();
      expect(await visitor.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      expect(await visitor.page.content()).not.toContain(email);
      await screenshot(visitor.page, '14-shared-link');

      await dialog.getByRole('button', { name: 'Turn the link off' }).click();
      await dialog.getByRole('button', { name: 'Create a link' }).waitFor();
      await visitor.page.reload();
      await visitor.page.getByText('This link does not work').waitFor();
    } finally {
      await visitor.close();
    }
    await page.keyboard.press('Escape');
  });

  it('a reload in the middle of an answer brings it back still being written, without sending the question again', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).click();
    // The slow and thorough demo model writes for half a minute here (three times the pause, a long answer),
    // so the reload lands inside the answer however busy the machine is.
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline demo: slow and thorough' }).click();
    await page.keyboard.press('Escape');
    await box().fill('Tell me a long story about a lighthouse keeper');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    const streaming = page.locator('.message--assistant').last();
    await answerHasWords(page, 8);
    const before = (await streaming.textContent()) ?? '';
    await page.reload();
    // The running answer comes back, still being written, and grows past what was shown before the reload.
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ timeout: 30_000 });
    const answerText = async () => (await page.locator('.message--assistant').last().locator('.markdown').textContent()) ?? '';
    await expect.poll(async () => (await answerText()).length, { timeout: 30_000 }).toBeGreaterThan(before.length);
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await page.locator('.message--assistant').count()).toBe(1);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDone();
    const after = await answerText();
    // What is shown is what was saved: the same after another reload, the question still asked once.
    await page.reload();
    await page.locator('.message--assistant .markdown').first().waitFor();
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await answerText()).toBe(after);
    await screenshot(page, '15-resumed-after-reload');
  });

  it('Stop ends the answer where it is: what stays on screen is what was saved', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-option', { hasText: 'Offline demo: slow and thorough' }).click();
    await page.keyboard.press('Escape');
    await box().fill('Tell me a long story about a ship in a storm');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerHasWords(page, 5);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDone();
    const answerText = () => page.locator('.message--assistant').last().locator('.markdown').textContent();
    const shown = (await answerText()) ?? '';
    await page.reload();
    await page.locator('.message--assistant .markdown').first().waitFor();
    expect((await answerText()) ?? '').toBe(shown);
  });
});
