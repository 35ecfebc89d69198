// What a newcomer meets, in Chromium against the whole local stack, started from the loopback address
// 127.0.0.1 while the stack's public address is localhost: the magic link finishes the sign-in where it
// was asked for; no model that costs credits is called free; the library lists all its prompts; the
// plan states its credits (the configured figure) and how long its discount lasts; leaving the checkout
// is not a failed payment, a declined card is; the billing portal and the app agree on the price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/accessibility.js';
import { latestMail, openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { completeProfiling } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
/** The app under the name the visitor typed: not the stack's public address (localhost). */
let origin: string;
// The stack grants 1,200 credits a period (INSTANT_STACK_ENV), not the default of 1,000: the plan must state the configured figure.
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  origin = stack.appUrl.replace('//localhost:', '//127.0.0.1:');
  browser = await openBrowser({ viewport: DESKTOP });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const subscribeEvents = () => browser.events.filter((e) => String(e['event']).startsWith('subscribe_')).map((e) => e['event']);

/** Every control and text of the page lies within the viewport's width (nothing cut off at the side). */
async function fitsWidth(page: Page, selector: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.locator(selector).evaluateAll((nodes, w) =>
    nodes.filter((n) => { const r = n.getBoundingClientRect(); return r.width > 0 && (r.left < -1 || r.right > w + 1); }).map((n) => n.textContent?.slice(0, 60)), width);
  expect(overflow).toEqual([]);
}

/**
 * Texts that run past their own box (a button's label wider than the button, a title wider than the
 * page): the ones whose overflow shows, not the ones a scroller or an ellipsis clips on purpose.
 */
const textsRunningOver = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const node of document.querySelectorAll<HTMLElement>('main a, main button, main label, main h1, main h2, main h3, main p')) {
      const style = getComputedStyle(node);
      if (node.offsetWidth === 0 || style.overflowX !== 'visible') continue;
      if (node.scrollWidth > node.clientWidth + 1) found.push(`${node.tagName.toLowerCase()} "${node.textContent?.trim().slice(0, 50)}": ${node.scrollWidth} > ${node.clientWidth} px`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth} px`);
    return found;
  });

describe('e2e: what a newcomer meets, from 127.0.0.1', () => {
  it('at 390 px in every language, the home, sign-in, FAQ and legal pages keep each label and title inside its box; axe-core finds nothing wrong with them', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    const languages: string[] = [];
    const overflowing: string[] = [];
    try {
      for (const path of ['/', '/signup', '/faq', '/privacy-policy', '/terms-of-use']) {
        await page.goto(`${origin}${path}`);
        const switcher = page.locator('.topbar .language-switcher select');
        await switcher.waitFor();
        if (languages.length === 0) languages.push(...(await switcher.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))));
        // The language changes in place: the page is read once per language without loading it again.
        for (const language of languages) {
          await switcher.selectOption(language);
          await page.waitForFunction((code) => document.documentElement.lang === code, language);
          // The screen is drawn in the new language once React has rendered and two frames have passed.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          for (const text of await textsRunningOver(page)) overflowing.push(`${language} ${path}: ${text}`);
        }
        // Each page once, in the last language: what axe-core finds wrong with it (headings, names, contrast).
        for (const problem of await accessibilityViolations(page)) overflowing.push(`${path}: ${problem}`);
      }
    } finally {
      // The next tests read the pages in English, at the desktop width.
      await page.evaluate(() => localStorage.removeItem('selectedLanguage'));
      await page.setViewportSize(DESKTOP);
    }
    // German, French and Spanish labels are the longest; German page titles are single long words.
    expect(languages).toEqual(expect.arrayContaining(['de', 'fr', 'es', 'pt', 'ja', 'en']));
    expect(overflowing).toEqual([]);
  }, 120_000);

  it('the home page calls no model "Free": a model open to everyone needs no subscription and costs at least 1 credit an answer; the plan states its credits and its discount', async () => {
    const { page } = browser;
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/`);
      const cards = page.locator('.model-card');
      await cards.first().waitFor();
      expect(await page.locator('.model-card .badge').allTextContents()).not.toContain('Free');
      expect(await page.getByText('Free', { exact: true }).count()).toBe(0);
      const open = cards.filter({ hasText: 'No subscription needed' });
      expect(await open.count()).toBeGreaterThan(0);
      for (const price of await open.locator('.model-card__price').allTextContents()) expect(price).toContain('at least 1 credit per answer');
      const terms = page.getByTestId('plan-terms');
      await terms.scrollIntoViewIfNeeded();
      expect(await terms.textContent()).toBe('1,200 credits every month · Discount for as long as you keep the plan');
      await fitsWidth(page, '.model-card, .home-plan__card');
      await screenshot(page, `newcomer-home-plan-${viewport.width}`);
    }
    await page.setViewportSize(DESKTOP);
  }, 120_000);

  it('a magic link asked for at 127.0.0.1 finishes the sign-in at 127.0.0.1', async () => {
    const { page } = browser;
    const address = `newcomer-${Date.now()}@example.com`;
    await page.goto(`${origin}/signup`);
    await page.getByLabel('E-mail address').fill(address);
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    const mail = await latestMail(stack.mailboxUrl, address);
    // The link leads back to the origin that asked for it, whatever the stack's public address is.
    expect(new URL(new URL(mail.magicLink).searchParams.get('redirect_to') ?? '').origin).toBe(origin);
    await page.goto(mail.magicLink);
    await page.waitForURL(/\/profiling/, { timeout: 30_000 });
    expect(new URL(page.url()).origin).toBe(origin);
    await completeProfiling(page);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(browser.events.filter((e) => e['event'] === 'signup_succeeded')).toHaveLength(1);
  }, 120_000);

  it('the model picker calls no model "Free" either', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /^Models:/ }).first().click();
    const panel = page.locator('.model-picker__panel');
    await panel.waitFor();
    expect(await panel.getByText('Free', { exact: true }).count()).toBe(0);
    const open = panel.locator('.model-option').filter({ hasText: 'No subscription needed' });
    expect(await open.count()).toBeGreaterThan(0);
    expect(await open.first().textContent()).toContain('at least 1 credit per answer');
    await screenshot(page, 'newcomer-model-picker-1280');
    await page.keyboard.press('Escape');
  }, 120_000);

  async function readToTheEnd(page: Page, showMore: RegExp): Promise<number> {
    const status = page.locator('.library__count');
    await page.locator('.prompt-card').first().waitFor();
    const total = Number(/(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(20);
    // The first page says it is only the first, and offers the rest.
    expect(await page.locator('.prompt-card').count()).toBe(20);
    for (let pages = 1; pages < 10; pages += 1) {
      const more = page.getByRole('button', { name: showMore });
      if ((await more.count()) === 0) break;
      const before = await page.locator('.prompt-card').count();
      await more.click();
      await expect.poll(() => page.locator('.prompt-card').count()).toBeGreaterThan(before);
    }
    expect(await page.locator('.prompt-card').count()).toBe(total);
    expect(await page.getByRole('button', { name: showMore }).count()).toBe(0);
    return total;
  }

  it('the prompt library lists every prompt, the Writing ones included, without a filter, at both widths', async () => {
    const { page } = browser;
    await page.goto(`${origin}/chat/prompts`);
    await page.locator('.library__count').filter({ hasText: /Showing 20 of \d+/ }).waitFor();
    const total = await readToTheEnd(page, /^Show \d+ more prompts?$/);
    expect(await page.locator('.library__count').textContent()).toBe(`Results: ${total}`);
    // Writing is the last category of the list: its prompts are reached without choosing it.
    const writing = page.locator('.prompt-card').filter({ has: page.locator('.badge', { hasText: /^Writing$/ }) });
    expect(await writing.count()).toBeGreaterThan(0);
    await page.locator('.prompt-card').last().scrollIntoViewIfNeeded();
    await screenshot(page, 'newcomer-library-end-1280');
    // Every prompt once.
    const titles = await page.locator('.prompt-card__title').allTextContents();
    expect(new Set(titles).size).toBe(total);

    await page.setViewportSize(PHONE);
    try {
      await page.goto(`${origin}/chat/prompts?hl=de`);
      await page.locator('.library__count').filter({ hasText: new RegExp(`20 von ${total} angezeigt`) }).waitFor();
      expect(await readToTheEnd(page, /weitere[n]? Prompts? anzeigen$/)).toBe(total);
      await fitsWidth(page, '.prompt-card');
      await page.locator('.prompt-card').last().scrollIntoViewIfNeeded();
      await screenshot(page, 'newcomer-library-end-390-de');
    } finally {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${origin}/chat/prompts?hl=en`);
      await page.locator('.prompt-card').first().waitFor();
    }
  }, 120_000);

  it('the plan states its credits and how long the discount lasts; leaving the checkout is not a failed payment, a declined card is', async () => {
    const { page } = browser;
    await page.goto(`${origin}/subscribe`);
    const subscribe = page.getByRole('button', { name: 'Subscribe', exact: true });
    await subscribe.waitFor();
    expect(await page.getByTestId('plan-terms').textContent()).toBe('1,200 credits every month · Discount for as long as you keep the plan');
    expect(await page.locator('.subscribe .price__now').textContent()).toBe('Your price $20.00');
    await screenshot(page, 'newcomer-subscribe-1280');

    // Into the checkout and straight back through its back link: nothing was paid, nothing failed.
    await subscribe.click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('link', { name: /Back to/ }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/subscribe');
    await page.getByRole('status').filter({ hasText: 'You left the checkout without paying, so nothing was charged.' }).waitFor();
    expect(await page.getByText(/did not go through/).count()).toBe(0);
    expect(subscribeEvents()).toEqual(['subscribe_initiated']);
    await screenshot(page, 'newcomer-checkout-left-1280');

    // A declined card, then back: that payment did fail.
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await pay(page, '4000 0000 0000 0002');
    await page.locator('#payment-error').filter({ hasText: /declined/i }).waitFor();
    await page.getByRole('link', { name: /Back to/ }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/subscribe');
    await page.getByRole('alert').filter({ hasText: 'The payment did not go through' }).waitFor();
    expect(subscribeEvents()).toEqual(['subscribe_initiated', 'subscribe_initiated', 'subscribe_failed']);

    await page.setViewportSize(PHONE);
    await page.getByTestId('plan-terms').scrollIntoViewIfNeeded();
    await fitsWidth(page, '.subscribe__card, .subscribe__card *');
    await screenshot(page, 'newcomer-subscribe-declined-390');
    await page.setViewportSize(DESKTOP);
  }, 120_000);

  it('paid: the billing portal lists the same amount per month as the app', async () => {
    const { page } = browser;
    const appPrice = (await page.locator('.subscribe .price__now').textContent())?.replace('Your price ', '') ?? '';
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL(/\/checkout\//);
    await pay(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.origin === origin && url.pathname === '/subscribe', { timeout: 30_000 });
    await page.getByText('Thank you! Your subscription is active').first().waitFor({ timeout: 30_000 });
    expect(subscribeEvents()).toEqual(['subscribe_initiated', 'subscribe_initiated', 'subscribe_failed', 'subscribe_initiated', 'subscribe_succeeded']);

    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/portal\?/);
    const amount = (await page.getByTestId('portal-subscription-amount').first().textContent()) ?? '';
    await screenshot(page, 'newcomer-portal-1280');
    // "20.00 USD (25.00 USD before the discount)" in the portal, "$20.00" in the app: the same figure.
    const charged = /^(\d+\.\d{2}) USD/.exec(amount)?.[1];
    expect(appPrice).toBe(`$${charged}`);
  }, 120_000);
});

/** Pays on the billing sandbox's hosted checkout with a test card and a United States address. */
async function pay(page: Page, card: string): Promise<void> {
  await page.locator('#card-number').fill(card);
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  const name = page.locator('#cardholder-name');
  if ((await name.inputValue()) === '') await name.fill('E2E Newcomer');
  await page.locator('#address-line1').fill('1 Main Street');
  await page.locator('#address-city').fill('New York');
  await page.locator('#address-postal-code').fill('10001');
  await page.locator('#address-state').fill('US-NY');
  await page.locator('#pay-button').click();
}
