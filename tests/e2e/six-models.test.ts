// Six models side by side in Chromium against the whole local stack: the two offline models and four
// models of an OpenAI-compatible endpoint (the local stand-in of tests/support, as OpenRouter, Ollama or
// vLLM would serve them; their catalogue rows are seeded as an operator adds them). At 1280 px every
// column keeps its minimum width, none overlaps another, and the row scrolls sideways inside the page;
// at 390 px one column fills most of the screen and the others are a swipe away. The figures under
// each column are still there after a reload.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleStandIn, type StandIn } from '@ensemble/model-provider-stand-ins';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { completeProfiling, signUpWithCode } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let endpoint: StandIn;
let stack: E2eStack;
let browser: E2eBrowser;
const email = `six-models-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const COMPATIBLE = [
  { id: 'local-llama', label: 'Llama 3.1 8B (local endpoint)' },
  { id: 'local-qwen', label: 'Qwen 2.5 7B (local endpoint)' },
  { id: 'local-mistral', label: 'Mistral 7B (local endpoint)' },
  { id: 'local-gemma', label: 'Gemma 2 9B (local endpoint)' },
];
const ORDER = ['offline', 'offline-brief', ...COMPATIBLE.map((m) => m.id)];
/** The narrowest a column may be on a desktop (chat.css: `grid-auto-columns: minmax(280px, 1fr)`). */
const MIN_COLUMN_PX = 280;

beforeAll(async () => {
  endpoint = await startOpenAiCompatibleStandIn();
  stack = await startE2eStack({
    env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '2', OPENAI_COMPATIBLE_BASE_URL: endpoint.baseUrl, OPENAI_COMPATIBLE_MODELS: COMPATIBLE.map((m) => m.id).join(',') },
  });
  if (!stack.supabase) throw new Error('the stack runs without its Supabase stand-in');
  // Prices and plans live in the catalogue: an endpoint's models answer once an operator lists them there.
  const service = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await service.from('models').insert(
    COMPATIBLE.map((m, i) => ({ id: m.id, label: m.label, provider: 'openai-compatible', input_credits_per_1k: 1, output_credits_per_1k: 2, plan: 'free', sort_order: 2 + i })),
  );
  if (error) throw new Error(`could not seed the catalogue: ${error.message}`);
  browser = await openBrowser();
  await signUpWithCode(browser.page, stack.appUrl, stack.mailboxUrl, email);
  await completeProfiling(browser.page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await endpoint?.close();
});

const box = () => browser.page.getByRole('textbox', { name: 'Your message' });
const answerDone = () => browser.page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });

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
  it('at 1280 px: six columns in the order asked, each at least its minimum width, none overlapping, the row scrolling sideways', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await page.getByRole('button', { name: /^Models: / }).click();
    for (const model of COMPATIBLE) await page.locator('.model-option', { hasText: model.label }).click();
    await page.keyboard.press('Escape');
    await box().fill('Which lighthouse is the oldest?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();

    const columns = page.locator('.answer-column');
    expect(await columns.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')))).toEqual(ORDER);
    for (const model of COMPATIBLE) {
      await page.locator(`.answer-column[data-model-id="${model.id}"]`).getByText(`Hello from ${model.id}, you said: Which lighthouse is the oldest?`).waitFor();
    }
    // Each of the endpoint's models was asked once, by its own name.
    expect(endpoint.requests.map((r) => r.body.model).sort()).toEqual(COMPATIBLE.map((m) => m.id).sort());

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
    for (const line of figures) expect(line).toMatch(/^first word in \d+\.\d s · \d+\.\d s in all · tokens: \d+ · credits: \d+$/);
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
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
