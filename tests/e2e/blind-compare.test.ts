// Blind compare in Chromium against the whole local stack with nothing configured: two offline demo
// models side by side with the names hidden ("Model A", "Model B", no figures, no model ids in the
// page), a "Best answer" vote that reveals them and marks the winner, the vote still shown after a
// reload, and the personal leaderboard counting it; at 1280 px and at 390 px. Before the vote nothing
// on the page names either model, to the eye or to a screen reader: no visible text (the answers say
// they are offline without naming their model, the model picker says how many), no accessible name,
// title or alt in the turn; the vote reveals them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `blind-compare-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#?]+(#.*)?$/;
const LABELS: Record<string, string> = { offline: 'Offline model (local, no network)', 'offline-brief': 'Offline model, brief (local, no network)' };
/** What only that model's answer says, in its own style (adapters/models/offline-answer.ts). */
const STYLE: Record<string, string> = { offline: 'You asked: "', 'offline-brief': 'In brief: ' };

beforeAll(async () => {
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '2' } });
  browser = await openBrowser();
  await signedInUser(browser.page, stack, email);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const answerDone = (page: Page) => page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
const columnsOf = (page: Page) =>
  page.locator('.answer-columns').last().locator('.answer-column').evaluateAll((nodes) => nodes.map((n) => ({
    heading: n.querySelector('.answer-column__model')?.textContent ?? '',
    model: n.getAttribute('data-model-id'),
    figures: n.querySelector('.answer-metrics') !== null,
    winner: n.classList.contains('answer-column--winner'),
    text: n.querySelector('.markdown')?.textContent ?? '',
  })));
/** The names of the models chosen, as the open model picker lists them. */
async function chosenNames(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: /^Models: / });
  await button.click();
  const names = await page.locator('.model-picker__panel .model-option').evaluateAll((nodes) =>
    nodes.filter((n) => n.querySelector('input')?.checked).map((n) => n.querySelector('.model-option__name')?.firstChild?.textContent ?? ''));
  await page.keyboard.press('Escape');
  await page.locator('.model-picker__panel').waitFor({ state: 'detached' });
  return names;
}

/**
 * Which of `names` the page tells: its visible text and title, and in the side-by-side turn every
 * accessible name (the accessibility tree as a screen reader gets it) and every title, aria-label and alt.
 */
async function namesTold(page: Page, names: readonly string[]): Promise<string[]> {
  const visible = await page.evaluate(() => `${document.title}\n${document.body.innerText}`);
  const turn = page.locator('.chat-turn').filter({ has: page.locator('.answer-columns') }).last();
  const tree = await turn.ariaSnapshot();
  const attributes = await turn.evaluate((node) => [...node.querySelectorAll('*')].flatMap((el) =>
    ['title', 'aria-label', 'aria-description', 'alt', 'placeholder'].map((name) => el.getAttribute(name) ?? '')).join('\n'));
  // The model picker's button is outside the turn: its accessible name is read as well.
  const picker = await page.locator('.model-picker__button').ariaSnapshot();
  return names.filter((name) => [visible, tree, attributes, picker].some((told) => told.includes(name)));
}

/**
 * Watches the page's last side-by-side turn from before its question is sent: after every change of
 * the page, which model's answer (told by its style) each column shows so far ('' before its style
 * shows). Read back with `columnOrders`.
 */
async function watchColumnOrder(page: Page, styles: Readonly<Record<string, string>>) {
  await page.evaluate((byModel) => {
    const seen: string[][] = [];
    (window as unknown as { columnOrders: string[][] }).columnOrders = seen;
    const read = () => {
      const columns = [...(document.querySelectorAll('.answer-columns') as NodeListOf<HTMLElement>)].at(-1)?.querySelectorAll('.answer-column') ?? [];
      const order = [...columns].map((c) => Object.entries(byModel).find(([, style]) => c.textContent?.includes(style))?.[0] ?? '');
      if (order.length > 0 && order.join('|') !== seen.at(-1)?.join('|')) seen.push(order);
    };
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, styles);
}
const columnOrders = (page: Page) => page.evaluate(() => (window as unknown as { columnOrders: string[][] }).columnOrders);

/** Asks the two offline models side by side, blind, in a new chat; answers what the columns show and the models' names. */
async function blindTurn(page: Page, question: string) {
  await page.goto(`${stack.appUrl}/chat/all`);
  // The picker lists the models once the catalogue has loaded: opened before, it holds none.
  await expect.poll(async () => {
    const current = (await page.locator('.model-picker__current').textContent()) ?? '';
    return Object.values(LABELS).every((label) => current.includes(label));
  }, { timeout: 20_000 }).toBe(true);
  const names = await chosenNames(page);
  expect([...names].sort()).toEqual(Object.values(LABELS).sort());
  const blind = page.getByRole('button', { name: 'Blind', exact: true });
  await blind.click();
  await expect.poll(() => blind.getAttribute('aria-pressed')).toBe('true');
  await watchColumnOrder(page, STYLE);
  await page.getByRole('textbox', { name: 'Your message' }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
  await answerDone(page);
  await page.locator('.answer-column .markdown').nth(1).waitFor();
  const columns = await columnsOf(page);
  // From the first word to the stored answers, each column showed one model's answer and kept it.
  const final = columns.map((c) => Object.entries(STYLE).find(([, style]) => c.text.includes(style))?.[0] ?? '');
  expect([...final].sort()).toEqual(Object.keys(STYLE).sort());
  const orders = await columnOrders(page);
  expect(orders.length).toBeGreaterThan(0);
  for (const order of orders) expect(order.map((model, i) => (model === '' ? final[i] : model))).toEqual(final);
  return { columns, names };
}
const leaderboardRows = (page: Page) =>
  page.locator('.leaderboard__table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));

describe('e2e: blind compare and the leaderboard', () => {
  let winner = '';

  it('at 1280 px: the names are hidden until the vote; the vote reveals them, marks the winner and survives a reload', async () => {
    const { page } = browser;
    const { columns: hidden, names } = await blindTurn(page, 'Which lighthouse should I visit first?');
    expect(hidden.map((c) => c.heading)).toEqual(['Model A', 'Model B']);
    expect(hidden.map((c) => c.model)).toEqual([null, null]);
    expect(hidden.map((c) => c.figures)).toEqual([false, false]);
    // Nothing on the page names either model, and the answers say they are offline.
    expect(await namesTold(page, names)).toEqual([]);
    expect(hidden.every((c) => c.text.startsWith('Offline answer: no AI provider was contacted.'))).toBe(true);
    expect(await page.locator('.model-picker__current').innerText()).toBe('2 models, names hidden until you vote');
    // Merging waits for the vote (its choice of model would name one); the rest of the turn's actions are there.
    expect(await page.getByRole('button', { name: 'Merge answers' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Regenerate all' }).waitFor();
    // So does continuing with one column: the next answer's header would name the model behind it.
    expect(await page.getByRole('button', { name: 'Continue with this model' }).count()).toBe(0);
    // And exporting or sharing, which name every answer's model.
    for (const name of ['Export as Markdown', 'Export as JSON', 'Share']) expect(await page.locator('.chat-view__header').getByRole('button', { name, exact: true }).count()).toBe(0);
    await screenshot(page, 'blind-compare-1280-hidden');
    // A reload shows the columns in the order they were written in, still hidden.
    await page.reload();
    await page.locator('.answer-column .markdown').nth(1).waitFor();
    await expect.poll(async () => (await columnsOf(page)).map((c) => [c.heading, c.text])).toEqual(hidden.map((c) => [c.heading, c.text]));

    // Text selected in a hidden column is quoted as the column is called, never by its model.
    const quoted = await page.locator('.answer-column').nth(1).locator('.markdown p').first().evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const selection = document.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      node.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return selection.toString().trim();
    });
    await page.getByRole('toolbar', { name: 'Actions for the selected text' }).getByRole('button', { name: 'Add to chat' }).click();
    const box = page.getByRole('textbox', { name: 'Your message' });
    await expect.poll(() => box.inputValue()).toContain('> — Model B');
    expect(await box.inputValue()).toContain(`> ${quoted.split('\n')[0]}`);
    for (const name of names) expect(await box.inputValue()).not.toContain(name);
    expect(await namesTold(page, names)).toEqual([]);
    expect(browser.events.filter((e) => e['event'] === 'add_selection_to_chat')).toEqual([{ event: 'add_selection_to_chat', blind_label: 'Model B' }]);
    // Nothing pushed to the data layer before the vote names a model of the hidden columns either.
    expect(browser.events.flatMap((e) => Object.values(e)).filter((v) => v === 'offline' || v === 'offline-brief')).toEqual([]);
    await box.fill('');

    // The vote goes to the answer shown as Model A, whichever model wrote it.
    await page.locator('.answer-column').first().getByRole('button', { name: 'Best answer' }).click();
    await page.locator('.answer-column--winner').waitFor();
    // The names show where the columns stood: the chosen one is still first, now named and marked.
    const revealed = await columnsOf(page);
    expect(revealed.map((c) => c.text)).toEqual(hidden.map((c) => c.text));
    expect(revealed.map((c) => c.heading)).toEqual(revealed.map((c) => LABELS[c.model as string]));
    expect(revealed.map((c) => c.model).sort()).toEqual(['offline', 'offline-brief']);
    expect(revealed.every((c) => c.figures)).toBe(true);
    expect(revealed.map((c) => c.winner)).toEqual([true, false]);
    // Revealed: the page names both, the picker too, and merging is offered.
    await expect.poll(() => namesTold(page, names)).toEqual(names);
    expect(await page.locator('.model-picker__current').innerText()).toBe(names.join(', '));
    await page.getByRole('button', { name: 'Merge answers' }).waitFor();
    await page.getByRole('button', { name: 'Continue with this model' }).first().waitFor();
    for (const name of ['Export as Markdown', 'Share']) await page.locator('.chat-view__header').getByRole('button', { name, exact: true }).waitFor();
    const won = revealed.filter((c) => c.winner);
    winner = won[0]?.model as string;
    expect(browser.events.filter((e) => e['event'] === 'compare_vote')).toEqual([{ event: 'compare_vote', model_id: winner, blind: true }]);
    await screenshot(page, 'blind-compare-1280-revealed');

    await page.reload();
    await page.locator('.answer-column--winner').waitFor();
    const again = await columnsOf(page);
    expect(again.map((c) => [c.model, c.winner])).toEqual(revealed.map((c) => [c.model, c.winner]));
    expect(await page.getByRole('button', { name: 'Blind', exact: true }).getAttribute('aria-pressed')).toBe('true');
  });

  it('at 1280 px: the leaderboard counts the win; with one model that has won, Compare my best is not offered yet', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'My leaderboard' }).click();
    await page.waitForURL(/\/leaderboard$/);
    await page.getByRole('heading', { name: 'My leaderboard' }).waitFor();
    await page.locator('.leaderboard__table').waitFor();
    const rows = await leaderboardRows(page);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['1', LABELS[winner], '1', '1', '100%'],
      ['2', LABELS[winner === 'offline' ? 'offline-brief' : 'offline'], '0', '1', '0%'],
    ]);
    expect(browser.events.filter((e) => e['event'] === 'leaderboard_opened')).toEqual([{ event: 'leaderboard_opened', period: '30d' }]);
    await screenshot(page, 'leaderboard-1280');
    // A week ago nothing had been voted either way; the period changes what is counted, not who sees it.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(async () => (await leaderboardRows(page)).length).toBe(2);
    // Only one model has won: nothing to compare yet.
    expect(await page.getByRole('button', { name: 'Compare my best' }).count()).toBe(0);
  });

  it('at 390 px: the columns stay blind until a vote for the other model; the leaderboard shows a win each; Compare my best opens both', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const { columns: hidden, names } = await blindTurn(page, 'And which one at dawn?');
    expect(hidden.map((c) => c.heading)).toEqual(['Model A', 'Model B']);
    expect(hidden.map((c) => c.figures)).toEqual([false, false]);
    // The tabs that name the columns on a phone say "Model A" and "Model B"; nothing names a model.
    await page.getByRole('group', { name: 'Columns' }).last().waitFor();
    expect(await page.getByRole('group', { name: 'Columns' }).last().getByRole('button').allInnerTexts()).toEqual(['Model A', 'Model B']);
    expect(await namesTold(page, names)).toEqual([]);
    await screenshot(page, 'blind-compare-390-hidden');
    // The model picker says how many models are hidden, whole and readable, in every language.
    const conversation = page.url().replace(/[?#].*$/, '');
    for (const lng of ['de', 'fr', 'es', 'pt', 'ja', 'en']) {
      await page.goto(`${conversation}?hl=${lng}`);
      const label = page.locator('.model-picker__current--counted');
      const short = (JSON.parse(readFileSync(new URL(`../../web/public/locales/${lng}/translation.json`, import.meta.url), 'utf8')) as { compare: Record<string, string> }).compare['pickerHiddenShort_other'];
      await expect.poll(() => label.innerText()).toBe(short?.replace('{{count}}', '2'));
      const fit = await label.evaluate((node) => {
        const button = node.closest('button') as HTMLElement;
        const shown = [...node.children].filter((child) => getComputedStyle(child).display !== 'none').map((child) => (child as HTMLElement).innerText);
        return { shown, cut: node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1, buttonCut: button.scrollWidth > button.clientWidth + 1 };
      });
      expect(fit.shown).toHaveLength(1);
      expect(fit.shown[0]).toMatch(/2/);
      expect({ lng, cut: fit.cut, buttonCut: fit.buttonCut }).toEqual({ lng, cut: false, buttonCut: false });
      await screenshot(page, `blind-compare-390-picker-${lng}`);
    }
    expect(await page.locator('.model-picker__current').innerText()).toBe('2 hidden models');
    // This time the vote goes to the model that lost the first one (its answer's style says which it is).
    const other = winner === 'offline' ? 'offline-brief' : 'offline';
    const at = hidden.findIndex((c) => c.text.includes(STYLE[other] as string));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(hidden.filter((c) => c.text.includes(STYLE[other] as string))).toHaveLength(1);
    await page.locator('.answer-column').nth(at).getByRole('button', { name: 'Best answer' }).click();
    await page.locator('.answer-column--winner').waitFor();
    const revealed = await columnsOf(page);
    expect(revealed.filter((c) => c.winner).map((c) => c.model)).toEqual([other]);
    expect(revealed.findIndex((c) => c.winner)).toBe(at);
    await expect.poll(() => namesTold(page, names)).toEqual(names);
    await page.locator('.answer-column--winner').scrollIntoViewIfNeeded();
    await screenshot(page, 'blind-compare-390-revealed');

    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await page.getByRole('link', { name: 'My leaderboard' }).click();
    await page.locator('.leaderboard__table').waitFor();
    const rows = await leaderboardRows(page);
    expect(rows.map((r) => r.slice(1, 5)).sort()).toEqual([
      [LABELS['offline'], '1', '2', '50%'],
      [LABELS['offline-brief'], '1', '2', '50%'],
    ]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'leaderboard-390');
    await page.getByRole('button', { name: 'Compare my best' }).click();
    await page.waitForURL(/\/chat\/all\?models=/);
    // A tie in wins and rate is ranked by id; the picker starts with both, in that order.
    expect(new URL(page.url()).searchParams.get('models')).toBe('offline,offline-brief');
    await expect.poll(() => page.locator('.model-picker__current').textContent()).toBe(`${LABELS['offline']}, ${LABELS['offline-brief']}`);
  });
});
