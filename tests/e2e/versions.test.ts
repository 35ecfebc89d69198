// Versions and branches in Chromium against the whole local stack. A regenerated answer keeps the one
// before it a ‹ › away, and the version shown is stored with the conversation, so a reload keeps it;
// an earlier question edited starts a branch from there (the later turns leave the view and come back
// with the question's first version); one column of a side-by-side turn is answered again, or by
// another model that keeps the column for the next message. At 390 px the switcher stays usable and
// the page does not scroll sideways. The offline models answer deterministically: a regenerated
// answer reads like the first, so versions are told apart by the switcher's label and message ids.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `versions-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const OFFLINE = 'Offline model (local, no network)';
const BRIEF = 'Offline model, brief (local, no network)';
const STEPS = 'Offline demo: step by step (local, no network)';
/** Each scenario's conversation, opened again at 390 px. */
const urls = { single: '', branch: '', columns: '' };

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
const switcher = (scope: Locator) => scope.getByRole('group', { name: /^Version \d+ of \d+$/ });
const switcherLabel = (scope: Locator) => switcher(scope).getAttribute('aria-label');
/** Waits for a switcher labelled `label` inside `scope` (a new version is shown once its answer is stored). */
const versionShown = (scope: Locator, label: string) => scope.getByRole('group', { name: label, exact: true }).waitFor({ timeout: 30_000 });
/** A state the page reaches after a round trip to the server. */
const settles = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
/** The `#message-<id>` ids of the elements matched, in order. */
const idsOf = (locator: Locator) => locator.evaluateAll((nodes) => nodes.map((n) => n.id));
const questions = () => browser.page.locator('.message--user');
const answers = () => browser.page.locator('.message--assistant');
const bubbles = () => browser.page.locator('.message--user .message__bubble').allTextContents();

/** Sends a question and waits for its answer (the offline persona quotes it). */
async function ask(question: string): Promise<void> {
  const { page } = browser;
  await box().fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText(`You asked: "${question}"`).waitFor({ timeout: 30_000 });
  await answerDone();
}

/** The page does not scroll sideways. */
const pageOverflow = () => browser.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('e2e: versions and branches', () => {
  it('single chat: Regenerate makes version 2 of 2; "Previous version" shows the first answer again, and a reload keeps it', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    await box().fill('Why is the sea salty?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByText('You asked: "Why is the sea salty?"').waitFor();
    const first = await idsOf(answers());
    expect(first).toHaveLength(1);
    expect(await switcher(page.locator('body')).count()).toBe(0);

    await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const answer = answers().last();
    await versionShown(answer, 'Version 2 of 2');
    await answerDone();
    expect(await answers().count()).toBe(1);
    const second = await idsOf(answers());
    expect(second[0]).not.toBe(first[0]);
    // The question itself has one version.
    expect(await switcher(questions().first()).count()).toBe(0);
    await screenshot(page, 'versions-answer-1280');

    await answer.getByRole('button', { name: 'Previous version' }).click();
    await settles(() => idsOf(answers())).toEqual(first);
    expect(await switcherLabel(answers().last())).toBe('Version 1 of 2');
    expect(await answers().last().getByRole('button', { name: 'Previous version' }).isDisabled()).toBe(true);
    expect(await answers().last().getByRole('button', { name: 'Next version' }).isEnabled()).toBe(true);

    await page.reload();
    await page.locator(`#${first[0]}`).waitFor();
    expect(await idsOf(answers())).toEqual(first);
    expect(await switcherLabel(answers().last())).toBe('Version 1 of 2');
    urls.single = page.url();
  });

  it('a branch from the second message: the edited question answers from Q1 alone, Q3 leaves, "Previous version" brings it back, and a reload keeps it', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.waitForURL(/\/chat\/?$/);
    await box().fill('First: name a river');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByText('You asked: "First: name a river"').waitFor();
    await ask('Second: name a mountain');
    await ask('Third: name a desert');
    expect(await bubbles()).toEqual(['First: name a river', 'Second: name a mountain', 'Third: name a desert']);
    const original = { questions: await idsOf(questions()), answers: await idsOf(answers()) };
    // Every question can be edited, not only the last.
    for (let i = 0; i < 3; i += 1) expect(await questions().nth(i).getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);

    await questions().nth(1).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    expect(await editor.inputValue()).toBe('Second: name a mountain');
    await editor.fill('Second, edited: name a lake');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.getByText('You asked: "Second, edited: name a lake"').waitFor({ timeout: 30_000 });
    await answerDone();
    // Q1, its answer, the edited Q2 (version 2 of 2) and its new answer; nothing of Q3.
    await versionShown(questions().nth(1), 'Version 2 of 2');
    expect(await bubbles()).toEqual(['First: name a river', 'Second, edited: name a lake']);
    expect(await answers().count()).toBe(2);
    expect(await page.getByText('Third: name a desert').count()).toBe(0);
    expect(await page.getByText('You asked: "Third: name a desert"').count()).toBe(0);
    const branch = { questions: await idsOf(questions()), answers: await idsOf(answers()) };
    expect(branch.questions[0]).toBe(original.questions[0]);
    expect(branch.answers[0]).toBe(original.answers[0]);
    expect(branch.questions[1]).not.toBe(original.questions[1]);
    // What the model received is the branch: Q1 and its answer before the edited question (the original Q3 saw four).
    const edited = answers().nth(1);
    expect(await edited.textContent()).toContain('Earlier turns in this conversation: 2');
    expect(await answers().nth(0).textContent()).toContain('Earlier turns in this conversation: 0');
    // The answer has one version of its own: only the question switches.
    expect(await switcher(edited).count()).toBe(0);
    expect(await switcher(questions().first()).count()).toBe(0);
    await screenshot(page, 'versions-branch-1280');

    await questions().nth(1).getByRole('button', { name: 'Previous version' }).click();
    await settles(() => bubbles()).toEqual(['First: name a river', 'Second: name a mountain', 'Third: name a desert']);
    expect(await idsOf(questions())).toEqual(original.questions);
    expect(await idsOf(answers())).toEqual(original.answers);
    expect(await switcherLabel(questions().nth(1))).toBe('Version 1 of 2');
    expect(await answers().nth(2).textContent()).toContain('Earlier turns in this conversation: 4');

    await page.reload();
    await page.locator(`#${original.answers[2]}`).waitFor();
    expect(await bubbles()).toEqual(['First: name a river', 'Second: name a mountain', 'Third: name a desert']);
    expect(await idsOf(questions())).toEqual(original.questions);
    expect(await idsOf(answers())).toEqual(original.answers);
    expect(await switcherLabel(questions().nth(1))).toBe('Version 1 of 2');

    // And forward again to the branch, which a reload keeps too.
    await questions().nth(1).getByRole('button', { name: 'Next version' }).click();
    await settles(() => bubbles()).toEqual(['First: name a river', 'Second, edited: name a lake']);
    await page.reload();
    await page.locator(`#${branch.answers[1]}`).waitFor();
    expect(await idsOf(questions())).toEqual(branch.questions);
    expect(await idsOf(answers())).toEqual(branch.answers);
    expect(await switcherLabel(questions().nth(1))).toBe('Version 2 of 2');
    urls.branch = page.url();
  });

  it('side by side: one column regenerated gets its own versions; "Other model…" swaps the first column, and the next message asks the swapped model there', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await box().fill('Name a famous bridge');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    const columns = page.locator('.answer-column');
    const order = () => columns.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')));
    expect(await order()).toEqual(['offline', 'offline-brief']);
    const before = await idsOf(columns);
    expect(await switcher(page.locator('.answer-columns')).count()).toBe(0);

    await page.getByRole('button', { name: `Regenerate the answer of ${BRIEF}` }).click();
    await versionShown(columns.nth(1), 'Version 2 of 2');
    await answerDone();
    expect(await order()).toEqual(['offline', 'offline-brief']);
    const regenerated = await idsOf(columns);
    expect(regenerated[0]).toBe(before[0]);
    expect(regenerated[1]).not.toBe(before[1]);
    expect(await switcher(columns.nth(0)).count()).toBe(0);
    await screenshot(page, 'versions-columns-1280');

    // The other version of the second column; the first stays as it was.
    await columns.nth(1).getByRole('button', { name: 'Previous version' }).click();
    await settles(() => idsOf(columns)).toEqual(before);
    expect(await switcherLabel(columns.nth(1))).toBe('Version 1 of 2');
    expect(await switcher(columns.nth(0)).count()).toBe(0);

    // The first column given another model: a second version of that column, the second column untouched.
    const swap = page.getByRole('combobox', { name: `Answer this column with another model instead of ${OFFLINE}` });
    await swap.selectOption({ label: STEPS });
    await versionShown(page.locator('.answer-column[data-model-id="offline-steps"]'), 'Version 2 of 2');
    await answerDone();
    expect(await order()).toEqual(['offline-steps', 'offline-brief']);
    expect(await switcherLabel(columns.nth(0))).toBe('Version 2 of 2');
    await page.locator('.answer-column[data-model-id="offline-steps"]').getByText('Step by step for "Name a famous bridge":', { exact: true }).waitFor();
    expect((await idsOf(columns))[1]).toBe(before[1]);
    expect(await switcherLabel(columns.nth(1))).toBe('Version 1 of 2');

    // The next message goes to the swapped model in the first column.
    await box().fill('Name a famous tunnel');
    await page.getByRole('button', { name: 'Send' }).click();
    const last = page.locator('.answer-columns').nth(1);
    await last.waitFor({ timeout: 30_000 });
    // Both columns written and stored: each shows its figures.
    await expect.poll(() => last.locator('.answer-metrics').count(), { timeout: 30_000 }).toBe(2);
    await answerDone();
    expect(await page.locator('.answer-columns').count()).toBe(2);
    await last.locator('.answer-column[data-model-id="offline-steps"]').getByText('Step by step for "Name a famous tunnel":', { exact: true }).waitFor();
    expect(await last.locator('.answer-column').first().textContent()).toMatch(/tunnel/i);
    expect(await last.locator('.answer-column').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model-id')))).toEqual(['offline-steps', 'offline-brief']);
    expect(await switcher(last).count()).toBe(0);
    urls.columns = page.url();
  });

  it('at 390 px: the switchers are on screen, at least 28 px tall, and the page does not scroll sideways', async () => {
    const { page } = browser;
    // The single chat of the first test, its answer at version 1 of 2.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(urls.single);
    await answers().first().waitFor();
    const answerSwitch = switcher(answers().last());
    expect(await answerSwitch.getAttribute('aria-label')).toBe('Version 1 of 2');
    await checkSwitcher(answerSwitch);
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'versions-answer-390');

    await answerSwitch.getByRole('button', { name: 'Next version' }).click();
    await versionShown(answers().last(), 'Version 2 of 2');
    expect(await pageOverflow()).toBeLessThanOrEqual(0);

    // The branch conversation: the question's switcher beside its Edit button.
    await page.goto(urls.branch);
    await questions().nth(1).waitFor();
    const questionSwitch = switcher(questions().nth(1));
    expect(await questionSwitch.getAttribute('aria-label')).toBe('Version 2 of 2');
    await checkSwitcher(questionSwitch);
    expect(await questions().nth(1).getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    // The switcher and the Edit button sit below the bubble, not over it.
    const [bubble, tools] = await Promise.all([
      questions().nth(1).locator('.message__bubble').boundingBox(),
      questions().nth(1).locator('.message__tools').boundingBox(),
    ]);
    expect(bubble && tools && tools.y >= bubble.y + bubble.height - 0.5).toBe(true);
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'versions-branch-390');

    // The side-by-side conversation: the column's switcher among its tools.
    await page.goto(urls.columns);
    await page.locator('.answer-column').first().waitFor();
    // The list draws only the turns near the screen and opens at the latest: the first turn, whose
    // column has versions, is drawn once the reader scrolls up to it.
    await page.locator('.chat-view__scroll').evaluate((list) => list.scrollTo({ top: 0 }));
    const column = page.locator('.answer-column').filter({ has: page.getByRole('group', { name: /^Version \d+ of \d+$/ }) }).first();
    await column.waitFor();
    await checkSwitcher(switcher(column));
    expect(await pageOverflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'versions-columns-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

/** Both buttons of a switcher are visible, on screen and at least 28 px tall. */
async function checkSwitcher(group: Locator): Promise<void> {
  await group.scrollIntoViewIfNeeded();
  for (const name of ['Previous version', 'Next version']) {
    const button = group.getByRole('button', { name });
    expect(await button.isVisible()).toBe(true);
    const rect = await button.boundingBox();
    expect(rect).not.toBeNull();
    expect(rect!.height).toBeGreaterThanOrEqual(28);
    expect(rect!.x).toBeGreaterThanOrEqual(0);
    expect(rect!.x + rect!.width).toBeLessThanOrEqual(390);
  }
}

