// A side-by-side turn fits the chat's width, in Chromium against the whole local stack: two models
// answer, a third merges them, and the chat goes on with the model that merged. At 1280×800 the three
// columns (the merge's "Merged by …" heading too) stand side by side within the chat, with no sideways
// scrolling, before and after the next message and a reload, and on the shared read-only page; at
// 390×844 the columns are tabs, one column at a time, and the page does not scroll sideways.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.js';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `columns-fit-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const MERGED_BY = 'Merged by Offline model, brief (local, no network)';
let conversationUrl = '';
let shareUrl = '';

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser({ viewport: DESKTOP });
  await signedInUser(browser.page, stack, email);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

interface Fit {
  /** How far the row of columns scrolls sideways (0: it does not). */
  readonly rowOverflow: number;
  readonly rowWidth: number;
  /** How far the page scrolls sideways. */
  readonly pageOverflow: number;
  readonly columns: readonly { left: number; right: number; width: number }[];
  /** Column headings cut off (wider than their box, or past their column or the viewport's edge). */
  readonly clippedHeadings: readonly string[];
  readonly viewport: number;
  /** The outermost elements that reach past the viewport's right edge (outside the rows that scroll sideways). */
  readonly widerThanPage: readonly string[];
}

/** How the side-by-side turn's columns lie on the page. */
function fitOf(page: Page): Promise<Fit> {
  return page.locator('.answer-columns').first().evaluate((row) => {
    const columns = [...row.querySelectorAll<HTMLElement>(':scope > .answer-column')].map((c) => {
      const r = c.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width };
    });
    const clippedHeadings = [...row.querySelectorAll<HTMLElement>('.answer-column__model')].filter((h) => {
      const r = h.getBoundingClientRect();
      const column = (h.closest('.answer-column') as HTMLElement).getBoundingClientRect();
      return h.scrollWidth > h.clientWidth + 1 || r.right > column.right + 1 || r.left < column.left - 1 || r.right > window.innerWidth + 1 || r.left < -1;
    }).map((h) => h.textContent ?? '');
    return {
      rowOverflow: row.scrollWidth - row.clientWidth,
      rowWidth: row.getBoundingClientRect().width,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      columns,
      clippedHeadings,
      viewport: window.innerWidth,
      widerThanPage: [...document.body.querySelectorAll<HTMLElement>('*')].filter((n) => {
        if (n.closest('.answer-columns, .answer-switcher__row') && !n.matches('.answer-columns, .answer-switcher__row')) return false;
        const parent = n.parentElement;
        return n.getBoundingClientRect().right > window.innerWidth + 1 && (!parent || parent.getBoundingClientRect().right <= window.innerWidth + 1);
      }).map((n) => `${n.tagName.toLowerCase()}.${n.className}`),
    };
  });
}

/** Whether a select is wide enough for the name of the option it shows. */
const nameFits = (select: Locator) => select.evaluate((node: HTMLSelectElement) => {
  const style = getComputedStyle(node);
  const probe = document.createElement('span');
  probe.textContent = node.selectedOptions[0]?.textContent ?? '';
  Object.assign(probe.style, { font: style.font, position: 'absolute', visibility: 'hidden', whiteSpace: 'nowrap' });
  document.body.append(probe);
  const needed = probe.getBoundingClientRect().width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  probe.remove();
  // The arrow of the list takes about 20 px on the right.
  return node.clientWidth >= needed + 16;
});

/** At 1280 px: three columns side by side, within the row and the viewport, none scrolled away. */
function expectSideBySide(fit: Fit, widerThan: number): void {
  expect(fit.columns).toHaveLength(3);
  expect(fit.rowOverflow).toBeLessThanOrEqual(1);
  expect(fit.pageOverflow).toBeLessThanOrEqual(0);
  expect(fit.rowWidth).toBeGreaterThan(widerThan);
  for (const column of fit.columns) {
    expect(column.left).toBeGreaterThanOrEqual(0);
    expect(column.right).toBeLessThanOrEqual(fit.viewport);
    expect(column.width).toBeGreaterThanOrEqual(260);
  }
  expect(fit.clippedHeadings).toEqual([]);
}

/** At 390 px: the columns are tabs above a row that shows one column at a time; the page itself does not scroll sideways. */
async function expectTabs(page: Page): Promise<void> {
  const tabs = page.getByRole('group', { name: 'Columns' }).getByRole('button');
  expect(await tabs.count()).toBe(3);
  expect(await tabs.nth(2).textContent()).toBe(MERGED_BY);
  const fit = await fitOf(page);
  expect(fit.pageOverflow, fit.widerThanPage.join(', ')).toBeLessThanOrEqual(0);
  for (const column of fit.columns) expect(column.width).toBeGreaterThanOrEqual(0.75 * PHONE.width);
  await tabs.nth(2).click();
  await expect.poll(async () => {
    const merged = (await fitOf(page)).columns[2];
    return merged !== undefined && merged.left >= -1 && merged.right <= PHONE.width + 1;
  }).toBe(true);
  expect(await tabs.nth(2).getAttribute('aria-pressed')).toBe('true');
}

describe('e2e: a side-by-side turn fits the chat', () => {
  it('compare two models, merge, continue with the model that merged: at 1280 px the three columns fit the chat, before and after the next message and a reload', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await box().fill('Name a famous bridge');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByRole('combobox', { name: 'Model that merges the answers' }).selectOption({ label: 'Offline model, brief (local, no network)' });
    await page.getByRole('button', { name: 'Merge answers' }).click();
    const merged = page.locator('.answer-column[data-merged="true"]');
    await merged.getByText('2 answers merged into one.').waitFor({ timeout: 30_000 });
    await answerDone();
    expect(await merged.getByRole('heading').textContent()).toBe(MERGED_BY);
    expectSideBySide(await fitOf(page), 900);
    // The merge keeps its model chosen, and the whole name shows.
    const mergeModel = page.getByRole('combobox', { name: 'Model that merges the answers' });
    expect(await mergeModel.inputValue()).toBe('offline-brief');
    expect(await nameFits(mergeModel)).toBe(true);

    // Going on with one model: the turn before keeps its width.
    await merged.getByRole('button', { name: 'Continue with this model' }).click();
    await expect.poll(() => page.locator('.compare-toggle').getAttribute('aria-pressed')).toBe('false');
    expectSideBySide(await fitOf(page), 900);
    await screenshot(page, 'columns-fit-continued-1280');

    await box().fill('And a famous tunnel?');
    await page.getByRole('button', { name: 'Send' }).click();
    // The model that merged answers alone, below the columns.
    await page.locator('.message--assistant').first().waitFor({ timeout: 30_000 });
    await answerDone();
    expect(await page.locator('.message--assistant').count()).toBe(1);
    conversationUrl = page.url().split('#')[0] as string;
    await page.reload();
    await page.locator('.answer-column').first().waitFor();
    await page.locator('.answer-columns').first().scrollIntoViewIfNeeded();
    expectSideBySide(await fitOf(page), 900);
    // The single answer after it keeps the chat's reading width.
    const single = await page.locator('.message--assistant').last().evaluate((n) => n.getBoundingClientRect().width);
    expect(single).toBeLessThanOrEqual(780);
    await screenshot(page, 'columns-fit-after-reload-1280');
  }, 120_000);

  it('at 390 px the same turn is three tabs, one column at a time, and the page does not scroll sideways', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    try {
      await page.goto(conversationUrl);
      await page.locator('.answer-column').first().waitFor();
      await page.locator('.answer-switcher').first().scrollIntoViewIfNeeded();
      await expectTabs(page);
      await screenshot(page, 'columns-fit-390');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  }, 60_000);

  it('the shared read-only page shows the three columns side by side at 1280 px, and as tabs at 390 px', async () => {
    const { page } = browser;
    await page.goto(conversationUrl);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this conversation' });
    await dialog.getByRole('button', { name: 'Create a link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await link.waitFor();
    shareUrl = await link.inputValue();
    await page.keyboard.press('Escape');

    const visitor = await openBrowser({ viewport: DESKTOP });
    try {
      await visitor.page.goto(shareUrl);
      await visitor.page.getByText('Shared conversation · read only').waitFor();
      await visitor.page.locator('.answer-column').first().waitFor();
      expectSideBySide(await fitOf(visitor.page), 900);
      await screenshot(visitor.page, 'columns-fit-shared-1280');
      await visitor.page.setViewportSize(PHONE);
      await visitor.page.reload();
      await visitor.page.locator('.answer-column').first().waitFor();
      await visitor.page.locator('.answer-switcher').first().scrollIntoViewIfNeeded();
      await expectTabs(visitor.page);
      await screenshot(visitor.page, 'columns-fit-shared-390');
      // Its top bar in every language at 390 px: the brand, "Try Ensemble" and the language list stay on
      // the screen (German's "Ensemble ausprobieren" pushed the list off it), and axe-core finds nothing wrong.
      const switcher = visitor.page.locator('.topbar .language-switcher select');
      for (const language of await switcher.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
        await switcher.selectOption(language);
        await visitor.page.waitForFunction((code) => document.documentElement.lang === code, language);
        const outside = await visitor.page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.topbar a, .topbar select')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).map((el) => el.textContent?.trim().slice(0, 30))
          .concat(document.documentElement.scrollWidth > window.innerWidth ? ['the page scrolls sideways'] : []));
        expect(outside, language).toEqual([]);
      }
      expect(await accessibilityViolations(visitor.page)).toEqual([]);
      await visitor.page.evaluate(() => localStorage.removeItem('selectedLanguage'));
    } finally {
      await visitor.close();
    }
  }, 90_000);
});
