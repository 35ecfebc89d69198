import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

// One person's path through the product, in order: each step starts where the last one ended.
let stack: E2eStack;
let browser: E2eBrowser;
const email = `e2e-${Date.now()}@example.com`;

beforeAll(async () => {
  stack = await startE2eStack();
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('e2e: a new user in Chromium against the whole local stack', () => {
  it('app §2: the home page shows the models and the plan', async () => {
    const { page } = browser;
    await page.goto(stack.appUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, '01-home');
  });

  it('issue 8: a signed-out visit to /chat goes to /signup; sign-up with the e-mailed code (pasted) then profiling', async () => {
    const { page } = browser;
    await page.goto(`${stack.appUrl}/chat`);
    await page.waitForURL(/\/signup/);
    await page.getByRole('checkbox', { name: /occasional news/ }).check();
    await page.getByLabel('E-mail address').fill(email);
    await screenshot(page, '02-signup');
    await page.getByRole('button', { name: /6-digit code/ }).click();
    const mail = await latestMail(stack.mailboxUrl, email);
    const first = page.getByRole('textbox', { name: /Sign-in code 1\// });
    await first.waitFor();
    await screenshot(page, '03-code');
    await first.focus();
    await page.evaluate((code) => {
      const data = new DataTransfer();
      data.setData('text', code);
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, mail.code);
    // A complete code, typed or pasted, is sent at once.
    await page.waitForURL(/\/profiling/);
    await screenshot(page, '04-profiling');
  });

  it('app §4: profiling is saved step by step, then the chat opens', async () => {
    const { page } = browser;
    for (let step = 0; step < 4; step += 1) {
      await page.locator('.profiling input[type="radio"], .profiling input[type="checkbox"]').first().check();
      const next = page.getByRole('button', { name: /Continue|Finish and start chatting/ });
      await next.click();
      if (step < 3) await page.getByText(`Question ${step + 2} of 4`).waitFor();
    }
    await page.waitForURL(/\/chat\/?(\?.*)?$/);
    await page.getByRole('button', { name: 'New chat' }).waitFor();
  });

  it('app §7: a streamed answer from the offline model, charged and saved to a new conversation', async () => {
    const { page } = browser;
    await expect.poll(() => page.locator('.credits__value').textContent()).toMatch(/\d/);
    const creditsBefore = await page.locator('.credits__value').textContent();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Explain **streaming** in one paragraph');
    await page.getByRole('button', { name: 'Send' }).click();
    // The address names the new conversation as soon as the server does, while the answer streams.
    await page.waitForURL(/\/chat\/[^/]+$/, { timeout: 30_000 });
    await page.locator('.message--assistant, [data-role="assistant"]').first().waitFor();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });
    await screenshot(page, '05-chat');
    await expect.poll(() => page.locator('.credits__value').textContent()).not.toBe(creditsBefore);
  });

  it('issue 8: regenerate and edit the last message; after a reload the server kept one exchange', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('textbox', { name: 'Edit your message' });
    await edit.fill('Explain backpressure instead');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.getByText('You asked: "Explain backpressure instead"').waitFor();
    await page.reload();
    await page.getByText('You asked: "Explain backpressure instead"').waitFor();
    // One user message and one answer: regenerate and edit replaced, they did not append.
    expect(await page.locator('.message').count()).toBe(2);
    await screenshot(page, '05b-chat-edited');
  });

  it('app §2: all models answer side by side; a selection is copied and added to the chat quoted with its model', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await page.getByRole('textbox', { name: 'Your message' }).fill('Compare two answers');
    await page.getByRole('button', { name: 'Send' }).click();
    // The side-by-side chat becomes a conversation of its own.
    await page.waitForURL(/\/chat\/(?!all$|prompts$)[^/]+$/, { timeout: 30_000 });
    // With no provider key the two offline models are the first usable ones: two columns, two personas.
    const column = page.locator('[data-model-id="offline"]');
    const briefColumn = page.locator('[data-model-id="offline-brief"]');
    await column.getByText('Offline model (local)').first().waitFor({ timeout: 30_000 });
    await briefColumn.getByText('Offline model, brief (local)').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.locator('[data-model-id]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')))).toEqual(['offline', 'offline-brief']);
    await briefColumn.getByText('In brief: your message is about compare, two and answers.').waitFor();
    expect(await column.getByText('You asked: "Compare two answers"').count()).toBe(1);
    await screenshot(page, '06-all-models');
    const modelId = await column.getAttribute('data-model-id');
    const modelLabel = (await column.getByRole('heading').textContent())?.trim() ?? '';
    await column.locator('p').first().evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      node.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      document.dispatchEvent(new Event('selectionchange'));
    });
    await page.getByRole('toolbar', { name: 'Actions for the selected text' }).getByRole('button', { name: 'Copy' }).click();
    await column.locator('p').first().evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      node.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      document.dispatchEvent(new Event('selectionchange'));
    });
    const conversationUrl = page.url();
    await page.getByRole('toolbar', { name: 'Actions for the selected text' }).getByRole('button', { name: 'Add to chat' }).click();
    // Quoted into this conversation's composer, with the model's label: no new chat, no raw id.
    const box = page.getByRole('textbox', { name: 'Your message' });
    await expect.poll(() => box.inputValue()).toContain(`— ${modelLabel}`);
    expect(page.url()).toBe(conversationUrl);
    expect(modelLabel).not.toBe(modelId);
    const events = browser.events;
    expect(events.filter((e) => e['event'] === 'copy_selection' || e['event'] === 'add_selection_to_chat')).toEqual([
      { event: 'copy_selection', model_id: modelId },
      { event: 'add_selection_to_chat', model_id: modelId },
    ]);
  });

  it('app §2, §7: the prompt library: search, open, favourite, run into a chat', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Prompt library' }).click();
    await page.waitForURL(/\/chat\/prompts$/);
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await search.waitFor();
    await screenshot(page, '07-library');
    const firstTitle = (await page.locator('.prompt-card__open').first().textContent())?.trim() ?? '';
    await search.fill(firstTitle.split(' ')[0] ?? 'a');
    await expect.poll(() => browser.events.some((e) => e['event'] === 'prompt_library_search')).toBe(true);
    await page.getByRole('button', { name: /^Add “.*” to favourites$/ }).first().click();
    await page.getByRole('button', { name: /^Remove “.*” from favourites$/ }).first().waitFor();
    await page.locator('.prompt-card__open').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, '08-prompt-viewer');
    await dialog.getByRole('button', { name: 'Run prompt' }).click();
    await page.waitForURL(/\/chat\/?(\?.*)?$/);
    expect((await page.getByRole('textbox', { name: 'Your message' }).inputValue()).length).toBeGreaterThan(0);
    const names = browser.events.map((e) => e['event']);
    const library = names.filter((n) => String(n).startsWith('prompt_'));
    expect(library).toEqual(['prompt_library_opened', 'prompt_library_search', 'prompt_favorite_changed', 'prompt_viewer_opened', 'prompt_run']);
  });

  it('app §6, §7: subscribe through the hosted checkout with the test card; subscribed and credits granted', async () => {
    const { page } = browser;
    const before = Number((await page.locator('.credits__value').textContent().catch(() => '0'))?.replace(/\D/g, '') || 0);
    await page.goto(`${stack.appUrl}/subscribe`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/checkout|checkout/);
    await screenshot(page, '09-checkout');
    await page.locator('#card-number').fill('4242 4242 4242 4242');
    await page.locator('#card-expiry').fill('12/34');
    await page.locator('#card-cvc').fill('123');
    const name = page.locator('#cardholder-name');
    if ((await name.inputValue()) === '') await name.fill('E2E Tester');
    await page.locator('#pay-button').click();
    await page.waitForURL(new RegExp(`${stack.appUrl}/subscribe\\?checkout_id=`), { timeout: 30_000 });
    await page.getByText('Thank you! Your subscription is active').first().waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      await screenshot(page, '10-subscribe-failed');
      throw error;
    });
    await screenshot(page, '10-subscribed');
    await page.goto(`${stack.appUrl}/chat`);
    await page.getByText('Subscribed', { exact: true }).waitFor();
    await expect.poll(async () => Number((await page.locator('.credits__value').textContent())?.replace(/\D/g, '') || 0)).toBeGreaterThan(before);
    const names = browser.events.map((e) => e['event']);
    expect(names.filter((n) => String(n).startsWith('subscribe_'))).toEqual(['subscribe_initiated', 'subscribe_succeeded']);
  }, 90_000);

  it('billing-api: cancel at period end with a reason; the plan shows its end date', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('combobox').selectOption({ index: 1 });
    await dialog.getByRole('textbox').fill('Only testing');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText(/Ends on/).first().waitFor();
    await screenshot(page, '11-account-cancelled');
    await page.keyboard.press('Escape');
  });

  it('app §2, §9: switching the language sets hl and translates the page', async () => {
    const { page } = browser;
    await page.goto(`${stack.appUrl}/faq`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await page.waitForURL(/hl=fr/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await screenshot(page, '12-faq-fr');
    await page.getByRole('combobox').first().selectOption('en');
    await page.waitForURL((url) => !url.search.includes('hl='));
  });

  it('app §7: the data layer received every event of the journey, in order, with its payload', () => {
    const userId = browser.events.find((e) => e['event'] === 'signup_succeeded')?.['user_id'];
    expect(typeof userId).toBe('string');
    expect(browser.events.map((e) => e['event']), JSON.stringify(browser.events)).toEqual([
      'button_click', 'signup_initiated', 'signup_succeeded', 'copy_selection', 'add_selection_to_chat',
      'prompt_library_opened', 'prompt_library_search', 'prompt_favorite_changed', 'prompt_viewer_opened', 'prompt_run',
      'subscribe_initiated', 'subscribe_succeeded',
    ]);
    expect(browser.events.slice(0, 3)).toEqual([
      { event: 'button_click', button_name: 'send_email_code' },
      { event: 'signup_initiated', method: 'email_code' },
      { event: 'signup_succeeded', user_id: userId, method: 'email' },
    ]);
    expect(browser.events.filter((e) => String(e['event']).startsWith('subscribe_'))).toEqual([
      { event: 'subscribe_initiated', user_id: userId },
      { event: 'subscribe_succeeded', user_id: userId },
    ]);
  });
});

describe('e2e: the magic link', () => {
  // The stand-in, like Supabase, sends one e-mail per address a minute, so the link goes to a new address.
  it('app §4, §7: the e-mailed link opens /auth/callback, signs up and returns to where the visitor was going', async () => {
    const other = await openBrowser();
    const address = `e2e-link-${Date.now()}@example.com`;
    try {
      const { page } = other;
      await page.goto(`${stack.appUrl}/chat/prompts`);
      await page.waitForURL(/\/signup/);
      await page.getByLabel('E-mail address').fill(address);
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
      await page.getByText('Check your inbox').waitFor();
      await screenshot(page, '13-link-sent');
      const mail = await latestMail(stack.mailboxUrl, address);
      await page.goto(mail.magicLink);
      // A new account answers the questionnaire first, then lands where it was going.
      await page.waitForURL(/\/profiling/, { timeout: 30_000 });
      const names = other.events.map((e) => e['event']);
      expect(names).toEqual(['button_click', 'signup_initiated', 'signup_succeeded']);
      expect(other.events[1]).toEqual({ event: 'signup_initiated', method: 'magic_link' });
    } finally {
      await other.close();
    }
  });
});
