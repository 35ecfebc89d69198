import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, openBrowser, screenshot } from './support/browser.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

// The other ways in, each a newcomer of its own in a browser of its own on the journey's stack: the
// magic link, Google's stand-in, and the hosted checkout in a German browser. Apart from the journey
// (journey.test.ts) so the two run side by side.
let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('e2e: the magic link', () => {
  // The stand-in, like Supabase, sends one e-mail per address a minute, so the link goes to a new address.
  it('app §4, §7: the link opened in a second tab signs up once; opened again while signed in, it sends the visitor on', async () => {
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
      // The mail app opens the link in a new tab; the first tab still shows "Check your inbox".
      const tab = await other.context.newPage();
      await tab.goto(mail.magicLink);
      // A new account answers the questionnaire first, then lands where it was going.
      await tab.waitForURL(/\/profiling/, { timeout: 30_000 });
      // The first tab learns of the sign-in too (supabase-js broadcasts it) and moves on by itself.
      await page.waitForURL((url) => !url.pathname.startsWith('/signup'), { timeout: 30_000 });
      await tab.getByRole('heading', { level: 1 }).waitFor();
      const userId = other.events.find((e) => e['event'] === 'signup_succeeded')?.['user_id'];
      expect(other.events).toEqual([
        { event: 'button_click', button_name: 'send_magic_link' },
        { event: 'signup_initiated', method: 'magic_link' },
        { event: 'signup_succeeded', user_id: userId, method: 'magic_link' },
      ]);
      // The same link again, already signed in: no "This link no longer works", just on.
      await tab.goto(mail.magicLink);
      await tab.waitForURL(/\/(profiling|chat)/, { timeout: 30_000 });
      await tab.getByRole('heading', { level: 1 }).waitFor();
      expect(await tab.getByText('This link no longer works').count()).toBe(0);
      expect(other.events.filter((e) => e['event'] === 'signup_succeeded' || e['event'] === 'signin_succeeded')).toHaveLength(1);
      expect(other.pagesWithoutIcon).toEqual([]);
      expect(other.faviconMisses).toEqual([]);
    } finally {
      await other.close();
    }
  }, 90_000);
});

describe('e2e: Google (the local stand-in)', () => {
  it('app §7: signs up with method google; the stand-in pages (its expired page too) carry their icon; no console error', async () => {
    const visitor = await openBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${stack.appUrl}/signup`);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.getByRole('heading', { name: 'Local stand-in for Google sign-in' }).waitFor();
      const standIn = new URL(page.url());
      await page.getByLabel('E-mail address').fill(`e2e-google-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Sign in as this Google user' }).click();
      await page.waitForURL(/\/(profiling|chat)/, { timeout: 30_000 });
      const userId = visitor.events.find((e) => e['event'] === 'signup_succeeded')?.['user_id'];
      expect(visitor.events).toEqual([
        { event: 'button_click', button_name: 'google_sign_in' },
        { event: 'signup_initiated', method: 'google' },
        { event: 'signup_succeeded', user_id: userId, method: 'google' },
      ]);
      expect(visitor.consoleErrors, visitor.consoleErrors.join('\n')).toEqual([]);
      // A sign-in that is unknown or has expired gets the stand-in's own page (a 400), with its icon too.
      const expired = await page.goto(`${standIn.origin}${standIn.pathname}?state=${crypto.randomUUID()}`);
      expect(expired?.status()).toBe(400);
      await page.getByText('This sign-in is unknown or has expired.').waitFor();
      expect(visitor.pagesWithoutIcon).toEqual([]);
      expect(visitor.faviconMisses).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 60_000);
});

describe('e2e: the hosted checkout in a German browser', () => {
  it("the checkout's country follows the browser's language: de-DE preselects Germany", async () => {
    const visitor = await openBrowser({ locale: 'de-DE' });
    try {
      const { page } = visitor;
      // The app in English (`hl` is kept for the visit), the browser's languages German.
      await page.goto(`${stack.appUrl}/signup?hl=en`);
      expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.getByLabel('E-mail address').fill(`e2e-de-${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Sign in as this Google user' }).click();
      await page.waitForURL(/\/profiling/, { timeout: 30_000 });
      for (let step = 0; step < 4; step += 1) {
        await page.locator('.profiling input[type="radio"], .profiling input[type="checkbox"]').first().check();
        await page.getByRole('button', { name: /Continue|Finish and start chatting/ }).click();
        if (step < 3) await page.getByText(`Question ${step + 2} of 4`).waitFor();
      }
      await page.waitForURL(/\/chat\/?(\?.*)?$/);
      await page.goto(`${stack.appUrl}/subscribe`);
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      await page.waitForURL(/\/checkout\//);
      expect(await page.locator('#country').inputValue()).toBe('DE');
      await screenshot(page, '14-checkout-de-DE');
      expect(visitor.consoleErrors, visitor.consoleErrors.join('\n')).toEqual([]);
      expect(visitor.pagesWithoutIcon).toEqual([]);
      expect(visitor.faviconMisses).toEqual([]);
    } finally {
      await visitor.close();
    }
  }, 90_000);
});
