// Six models side by side in Chromium against the whole local stack with nothing configured: the six
// offline demo models (adapters/models/offline-answer.ts), each answering in its own style. The landing
// page and the model picker offer only what answers on this server; the catalogue's other models wait
// in the picker's collapsed "Not on this server" group. At 1280 px every column keeps its minimum
// width, none overlaps another, and the row scrolls sideways inside the page; at 390 px one column
// fills most of the screen and the others are a swipe away. The figures under each column are still
// there after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `six-models-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
/** The six offline demo models, in the catalogue's order, with a line only that model's answer to QUESTION has (each in its own style). */
const QUESTION = 'Write a Python function to find the oldest lighthouse';
const OFFLINE = [
  { id: 'offline', label: 'Offline model (local, no network)', own: `You asked: "${QUESTION}"` },
  { id: 'offline-brief', label: 'Offline model, brief (local, no network)', own: 'In brief: your message is about write, python and function. A configured model would answer it here in a sentence or two.' },
  { id: 'offline-steps', label: 'Offline demo: step by step (local, no network)', own: `Step by step for "${QUESTION}":` },
  { id: 'offline-critic', label: 'Offline demo: skeptic (local, no network)', own: `Before trusting any answer to "${QUESTION}", consider:` },
  { id: 'offline-code', label: 'Offline demo: code first (local, no network)', own: `Code first, for "${QUESTION}":` },
  { id: 'offline-thorough', label: 'Offline demo: slow and thorough (local, no network)', own: 'Overview' },
];
const ORDER = OFFLINE.map((m) => m.id);
/** The catalogue's models of real providers, none of which has a key here. */
const NOT_HERE = 7;
/** The narrowest a column may be on a desktop (chat.css: `grid-auto-columns: minmax(280px, 1fr)`). */
const MIN_COLUMN_PX = 280;

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '2' } });
  browser = await openBrowser();
  await signedInUser(browser.page, stack, email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

/** Where the columns are: the row's box and scroll, each column's box, and whether its heading fits it. */
const layout = () =>
  browser.page.locator('.answer-columns').first().evaluate((row) => {
    const box = (node: Element) => {
      const r = node.getBoundingClientRect();
      return { left: r.left, right: r.right, width: r.width };
    };
    return {
      row: { ...box(row), scrollWidth: row.scrollWidth, clientWidth: row.clientWidth },
      columns: [...row.querySelectorAll('.answer-column')].map((column) => {
        const heading = column.querySelector('.answer-column__model') as HTMLElement;
        return { ...box(column), model: column.getAttribute('data-model-id'), headingFits: heading.scrollWidth <= heading.clientWidth + 1 };
      }),
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });

describe('e2e: six models side by side', () => {
  it('the picker offers the six offline models first, and keeps the others in a collapsed "Not on this server" group', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await page.getByRole('button', { name: /^Models: / }).click();
    const panel = page.locator('.model-picker__panel');
    const offered = await panel.locator(':scope > .model-option').evaluateAll((nodes) => nodes.map((n) => n.querySelector('.model-option__name')?.firstChild?.textContent));
    expect(offered).toEqual(OFFLINE.map((m) => m.label));
    const elsewhere = panel.locator('details.model-picker__elsewhere');
    expect(await elsewhere.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await expect.poll(() => elsewhere.locator('summary').textContent()).toBe(`Not on this server (${NOT_HERE})`);
    expect(await elsewhere.locator('.model-option', { hasText: 'GPT-4o mini' }).isVisible()).toBe(false);
    // Opened, it says why each cannot be chosen.
    await elsewhere.locator('summary').click();
    const gpt = elsewhere.locator('.model-option', { hasText: 'GPT-4o mini' });
    expect(await gpt.textContent()).toContain('No OpenAI API key is set on this server.');
    expect(await gpt.locator('input').isDisabled()).toBe(true);
    await elsewhere.locator('summary').click();
    await page.keyboard.press('Escape');
  });

  it('at 1280 px: six offline columns in the order asked, each in its own style, at least its minimum width, none overlapping, the row scrolling sideways', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /^Models: / }).click();
    for (const model of OFFLINE.slice(2)) await page.locator('.model-option', { hasText: model.label }).click();
    await page.keyboard.press('Escape');
    await box().fill(QUESTION);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();

    const columns = page.locator('.answer-column');
    expect(await columns.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')))).toEqual(ORDER);
    // Every column is headed by its model, says it is an offline answer (naming no model), is written in
    // its model's own style, and no two read alike.
    for (const model of OFFLINE) {
      const column = page.locator(`.answer-column[data-model-id="${model.id}"]`);
      expect(await column.locator('.answer-column__model').textContent()).toBe(model.label);
      await column.getByText('Offline answer', { exact: true }).waitFor();
      await column.getByText(model.own, { exact: true }).waitFor();
    }
    const texts = await page.locator('.answer-column .markdown').allTextContents();
    expect(new Set(texts).size).toBe(6);
    await page.locator('.answer-column[data-model-id="offline-steps"] ol li').first().waitFor();
    await page.locator('.answer-column[data-model-id="offline-critic"]').getByText('Counter-points').waitFor();
    await page.locator('.answer-column[data-model-id="offline-code"] .code-block').waitFor();

    const at1280 = await layout();
    expect(at1280.columns).toHaveLength(6);
    for (const column of at1280.columns) {
      expect(column.width).toBeGreaterThanOrEqual(MIN_COLUMN_PX - 0.5);
      expect(column.headingFits).toBe(true);
    }
    at1280.columns.slice(1).forEach((column, i) => expect(column.left).toBeGreaterThanOrEqual((at1280.columns[i]?.right ?? Infinity) - 0.5));
    // Six do not fit beside the sidebar: the row scrolls, the page does not.
    expect(at1280.row.scrollWidth).toBeGreaterThan(at1280.row.clientWidth);
    expect(at1280.pageOverflow).toBeLessThanOrEqual(0);
    expect(at1280.columns[0]?.left).toBeGreaterThanOrEqual(at1280.row.left - 0.5);
    await screenshot(page, 'six-models-1280');

    // Scrolled to its end, the last column is whole inside the row.
    await page.locator('.answer-columns').first().evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await expect.poll(async () => {
      const end = await layout();
      const last = end.columns.at(-1);
      return last !== undefined && last.right <= end.row.right + 0.5 && last.left >= end.row.left - 0.5;
    }).toBe(true);
    await screenshot(page, 'six-models-1280-scrolled');
  });

  it('after a reload every column still shows its figures: first word, duration, tokens and credits, as the server stored them', async () => {
    const { page } = browser;
    await page.reload();
    await page.locator('.answer-column').first().waitFor();
    const figures = await page.locator('.answer-column .answer-metrics').allTextContents();
    expect(figures).toHaveLength(6);
    for (const line of figures) expect(line).toMatch(/^first word in \d+\.\d s · \d+\.\d s in all · [\d,]+ tokens in · [\d,]+ out · credits: \d+$/);
  });

  it('at 390 px: one column fills most of the screen, the others scroll sideways, and the page itself does not', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('.answer-column').first().waitFor();
    const at390 = await layout();
    expect(at390.columns).toHaveLength(6);
    expect(at390.row.scrollWidth).toBeGreaterThan(at390.row.clientWidth);
    expect(at390.pageOverflow).toBeLessThanOrEqual(0);
    for (const column of at390.columns) expect(column.width).toBeGreaterThanOrEqual(0.8 * 390);
    at390.columns.slice(1).forEach((column, i) => expect(column.left).toBeGreaterThanOrEqual((at390.columns[i]?.right ?? Infinity) - 0.5));
    // The chat's tools above the columns are all on screen (they wrap rather than run off the edge).
    const tools = await page.locator('.chat-view__toolbar > button').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => [r.left, r.right]));
    expect(tools.length).toBeGreaterThanOrEqual(4);
    for (const [left, right] of tools) expect([left! >= 0, right! <= 390]).toEqual([true, true]);
    await screenshot(page, 'six-models-390');
    await page.locator('.answer-column').nth(3).scrollIntoViewIfNeeded();
    await screenshot(page, 'six-models-390-scrolled');
  });

  it('at 390 px: the landing page lists the six models that answer here, and only says how many more a key would add', async () => {
    const { page } = browser;
    await page.goto(stack.appUrl);
    await page.getByRole('heading', { name: 'The models on offer' }).waitFor();
    // The heading comes first and the catalogue's cards when its answer arrives: wait for them.
    await page.getByText(`${NOT_HERE} more models of the catalogue answer here once their providers’ API keys are set on this server.`).waitFor();
    const names = await page.locator('.home-models .model-card__name').allTextContents();
    expect(names).toEqual(OFFLINE.map((m) => m.label));
    expect(await page.getByText('Not available here').count()).toBe(0);
    await page.getByText(`${NOT_HERE} more models of the catalogue answer here once their providers’ API keys are set on this server.`).waitFor();
    await page.locator('#models').scrollIntoViewIfNeeded();
    await screenshot(page, 'six-models-home-390');
    await page.goto(`${stack.appUrl}/chat/all`);
    await page.getByRole('button', { name: /^Models: / }).click();
    await page.locator('.model-picker__panel').waitFor();
    await screenshot(page, 'six-models-picker-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
