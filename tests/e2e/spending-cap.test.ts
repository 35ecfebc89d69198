// The monthly spending cap in Chromium against the whole local stack: set in the account with the
// keyboard, messages sent until the cap refuses one, the refusal's numbers as the database has them,
// and the account's section at 390 px.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `spending-cap-${Date.now()}@example.com`;
const CAP = 8;
let userId: string;

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser();
  ({ userId } = await signedInUser(browser.page, stack, email));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
const capEvents = () =>
  browser.page.evaluate(() =>
    ((window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => e['event'] === 'spending_cap_set'),
  );
const openAccount = async (narrow = false) => {
  // On a phone the account button is in the menu.
  if (narrow) await browser.page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await browser.page.getByRole('button', { name: /Account/ }).click();
  const account = browser.page.getByRole('dialog', { name: 'Account' });
  await account.getByRole('heading', { name: 'Monthly spending cap' }).waitFor();
  return account;
};

/**
 * What the database says this test's user spent this calendar month: their charges since the month
 * began (UTC). The stack may be shared with other files' users: this one is named by its id.
 */
async function chargedThisMonth(): Promise<number> {
  if (!stack.supabase) throw new Error('the stack runs without its Supabase stand-in');
  const service = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const { data, error } = await service.from('usage_events').select('credits_charged').eq('user_id', userId).gte('created_at', monthStart);
  if (error) throw new Error(error.message);
  return data.reduce((sum, row) => sum + Number(row.credits_charged), 0);
}

describe('e2e: the monthly spending cap', () => {
  it('is set in the account with the keyboard; a wrong number is explained and not saved', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    const account = await openAccount();
    await account.getByTestId('spending-cap-current').getByText('No cap').waitFor();
    const field = account.getByRole('textbox', { name: 'Cap (credits per month)' });
    await field.focus();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await account.getByRole('alert').getByText('Enter a whole number of credits from 1 to 1,000,000.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await capEvents()).toEqual([]);
    await field.fill(String(CAP));
    await page.keyboard.press('Enter');
    await account.getByText(`Saved. Cap per month: ${CAP}.`).waitFor();
    expect(await account.getByTestId('spending-cap-current').textContent()).toBe(String(CAP));
    expect(await account.getByTestId('spending-cap-remaining').textContent()).toBe(String(CAP));
    expect(await capEvents()).toEqual([{ event: 'spending_cap_set', cap: CAP }]);
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'detached' });
  });

  it('messages are sent until the cap refuses one; the refusal says why with the numbers, and the cost beside Send warns', async () => {
    const { page } = browser;
    const refusal = page.locator('.alert[data-code="spending_cap_reached"]').first();
    let sent = 0;
    for (; sent < 12 && !(await refusal.isVisible()); sent += 1) {
      await box().fill(`Question number ${sent + 1}`);
      await page.getByRole('button', { name: 'Send' }).click();
      await answerDone();
    }
    await refusal.waitFor();
    // At least one message went through before the cap was reached.
    expect(sent).toBeGreaterThan(1);
    const text = (await refusal.textContent()) ?? '';
    expect(text).toContain('This message would pass your monthly spending cap.');
    const numbers = /Credits needed: (\d+) · left this month: (\d+) of your cap of (\d+) \(spent: (\d+)\)/.exec(text);
    expect(numbers, text).not.toBeNull();
    const [required, remaining, cap, spent] = numbers!.slice(1).map(Number) as [number, number, number, number];
    expect(cap).toBe(CAP);
    expect(spent).toBe(await chargedThisMonth());
    expect(remaining).toBe(CAP - spent);
    expect(required).toBeGreaterThan(remaining);
    // The message goes back to the composer; beside Send, the cost now says the cap would refuse it.
    expect(await box().inputValue()).toBe(`Question number ${sent}`);
    await page.locator('.composer__cost').getByText(`passes your monthly cap (${remaining} left)`).waitFor();
    await refusal.scrollIntoViewIfNeeded();
    await screenshot(page, 'spending-cap-refused');
  });

  it('at 390 px the account section is usable: figures, field and buttons fit; Remove takes the cap away', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const account = await openAccount(true);
      const section = account.locator('.spending-cap');
      await section.scrollIntoViewIfNeeded();
      await account.getByTestId('spending-cap-current').getByText(String(CAP)).waitFor();
      const spent = Number(await account.getByTestId('spending-cap-spent').textContent());
      expect(spent).toBe(await chargedThisMonth());
      expect(Number(await account.getByTestId('spending-cap-remaining').textContent())).toBe(CAP - spent);
      for (const control of [
        account.getByRole('textbox', { name: 'Cap (credits per month)' }),
        account.getByRole('button', { name: 'Save cap' }),
        account.getByRole('button', { name: 'Remove cap' }),
      ]) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
      expect(await section.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
      await account.locator('.spending-cap__status').scrollIntoViewIfNeeded();
      await screenshot(page, 'spending-cap-account-390');
      // Keyboard: from the field, Tab reaches Save, then Remove.
      await account.getByRole('textbox', { name: 'Cap (credits per month)' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Remove cap');
      await page.keyboard.press('Enter');
      await account.getByText('The cap is removed.').waitFor();
      await account.getByTestId('spending-cap-current').getByText('No cap').waitFor();
      expect(await capEvents()).toEqual([
        { event: 'spending_cap_set', cap: CAP },
        { event: 'spending_cap_set', cap: null },
      ]);
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    // Without the cap the refused message is sent.
    await page.getByRole('button', { name: 'Send' }).click();
    await answerDone();
    await page.getByText(/You asked: "Question number/).last().waitFor();
    expect(await page.locator('.alert[data-code="spending_cap_reached"]').count()).toBe(0);
  });
});
