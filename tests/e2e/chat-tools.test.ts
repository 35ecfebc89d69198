// Instructions and settings, search, export, merge and the keyboard in Chromium against the whole
// local stack (npm start's parts on free ports): what a person does with the chat's tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedText, openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `chat-tools-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const INSTRUCTION = 'Answer like a lighthouse keeper.';

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

describe('e2e: the chat’s tools', () => {
  it('a system instruction set before the first message reaches the model: the offline model states it; it shows in the header and is saved as a preset', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).waitFor();
    await page.getByRole('button', { name: 'Instructions & settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
    await dialog.getByRole('textbox', { name: 'System instruction' }).fill(INSTRUCTION);
    await dialog.getByRole('spinbutton', { name: /^Temperature of Offline model \(local/ }).fill('0.4');
    await dialog.getByRole('spinbutton', { name: /^Longest answer of Offline model \(local/ }).fill('600');
    await expect.poll(() => dialog.getByText('Highest price of an answer, in credits: 1 (plus your message)').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Save this instruction as' }).fill('Keeper');
    await dialog.getByRole('button', { name: 'Save preset' }).click();
    await dialog.getByRole('combobox', { name: 'Your presets' }).locator('option', { hasText: 'Keeper' }).waitFor({ state: 'attached' });
    await screenshot(page, '19-settings-dialog-1280');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.chat-view__instruction', { hasText: INSTRUCTION }).waitFor();

    await box().fill('What do you do when the fog comes in?');
    await box().press('Enter');
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByText(`Received: instruction "${INSTRUCTION}", temperature 0.4, maximum length 600 tokens.`).waitFor();
    // Stored with the conversation: a reload shows the instruction in the header again.
    await page.reload();
    await page.locator('.chat-view__instruction', { hasText: INSTRUCTION }).waitFor();
  });

  it('Shift+Enter adds a line, Enter sends; ↑ in the empty box edits the last message; ? lists the shortcuts', async () => {
    const { page } = browser;
    await box().click();
    await box().pressSequentially('first line');
    await box().press('Shift+Enter');
    await box().pressSequentially('second line about beacons');
    expect(await box().inputValue()).toBe('first line\nsecond line about beacons');
    await box().press('Enter');
    await answerDone();
    expect(await box().inputValue()).toBe('');
    await box().press('ArrowUp');
    expect(await page.getByRole('textbox', { name: 'Edit your message' }).inputValue()).toBe('first line\nsecond line about beacons');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.chat-view__messages').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.getByText('Search your chats').waitFor();
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('the conversation downloads as a Markdown file with its messages', async () => {
    const { page } = browser;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.md$/);
    const text = await downloadedText(download);
    expect(text).toContain('What do you do when the fog comes in?');
    expect(text).toContain('second line about beacons');
    // Each answer under its model's name, its text as written.
    expect(text).toContain('## Offline model (local, no network)\n\n**Offline answer**: no AI provider was contacted.');
  });

  it('side by side, then merge: a chosen model fuses the answers into a new column, priced, and it is still there after a reload', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'All models' }).click();
    await page.waitForURL(/\/chat\/all$/);
    await box().fill('Name a famous lighthouse');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
    await answerDone();
    await page.getByRole('combobox', { name: 'Model that merges the answers' }).selectOption({ label: 'Offline model, brief (local, no network)' });
    await page.getByRole('button', { name: 'Merge answers' }).click();
    const merged = page.locator('.answer-column[data-merged="true"]');
    await merged.getByText('2 answers merged into one.').waitFor({ timeout: 30_000 });
    await answerDone();
    expect(await merged.getByRole('heading').textContent()).toBe('Merged by Offline model, brief (local, no network)');
    expect(await merged.locator('.answer-metrics').textContent()).toMatch(/credits: \d+/);
    const order = () => page.locator('.answer-column').evaluateAll((nodes) => nodes.map((n) => `${n.getAttribute('data-model-id')}${n.getAttribute('data-merged') ? '+merged' : ''}`));
    expect(await order()).toEqual(['offline', 'offline-brief', 'offline-brief+merged']);
    await screenshot(page, '19-merged-columns-1280');
    await page.reload();
    await merged.waitFor();
    expect(await order()).toEqual(['offline', 'offline-brief', 'offline-brief+merged']);
    // After the reload each column, the merge too, shows how its answer went, as the server stored it.
    const figures = await page.locator('.answer-column .answer-metrics').allTextContents();
    expect(figures).toHaveLength(3);
    for (const line of figures) expect(line).toMatch(/^first word in \d+\.\d s · \d+\.\d s in all · [\d,]+ tokens in · [\d,]+ out · credits: \d+$/);
    // Continue with the model that merged: the next message goes to it alone.
    await merged.getByRole('button', { name: 'Continue with this model' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    // The side menu slides away at this width; the picture is taken once it is gone.
    await page.getByRole('button', { name: 'New chat' }).waitFor({ state: 'hidden' });
    await screenshot(page, '19-merged-columns-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('Ctrl+K searches every conversation; a hit opens its conversation at the message, marked', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    expect(await search.evaluate((node) => node === document.activeElement)).toBe(true);
    await search.pressSequentially('beacons');
    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results.getByRole('button').filter({ hasText: 'You wrote' }).first();
    await hit.waitFor();
    expect(await hit.locator('mark').first().textContent()).toBe('beacons');
    await screenshot(page, '19-search-results-1280');
    await hit.click();
    await page.waitForURL(/#message-/);
    const id = new URL(page.url()).hash.slice(1);
    const target = page.locator(`[id="${id}"]`);
    await target.waitFor();
    await expect.poll(() => target.evaluate((node) => node.classList.contains('message--found'))).toBe(true);
    expect(await target.textContent()).toContain('second line about beacons');
    const inView = await target.evaluate((node) => {
      const r = node.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight;
    });
    expect(inView).toBe(true);
  });

  it('a chat pinned from the sidebar stays on top under Pinned, after a reload too; unpinned, it goes back among the recent ones', async () => {
    const { page } = browser;
    const sidebar = page.getByRole('complementary', { name: 'Chats and account' });
    const titles = (list: string) => sidebar.locator(list).locator('.conversation__link').allTextContents();
    // The search of the test before is left in the box: cleared, the box shows the list again.
    await sidebar.getByRole('searchbox', { name: 'Search chats' }).fill('');
    const fog = sidebar.getByRole('link', { name: /^What do you do when the fog/ });
    // Its tools show once the pointer is on its row.
    await fog.hover();
    await sidebar.getByRole('button', { name: /^Pin “What do you do when the fog/ }).click();
    const pinned = sidebar.getByRole('list', { name: 'Pinned' });
    await pinned.waitFor();
    await page.reload();
    await pinned.waitFor();
    expect(await titles('.conversations__list--pinned')).toEqual([expect.stringMatching(/^What do you do when the fog/)]);
    expect(await titles('.conversations__list:not(.conversations__list--pinned)')).not.toContainEqual(expect.stringMatching(/^What do you do/));
    await screenshot(page, '19-pinned-chat-1280');
    await fog.hover();
    await sidebar.getByRole('button', { name: /^Unpin “What do you do when the fog/ }).click();
    await pinned.waitFor({ state: 'detached' });
    expect(await titles('.conversations__list')).toContainEqual(expect.stringMatching(/^What do you do when the fog/));
  });

  it('the account saves every chat as one JSON file, with its settings and messages', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: /^Account/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Account' });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download all chats' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ensemble-chats-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await downloadedText(download)) as { format: string; conversations: { conversation: { title: string }; settings: { instruction: string }; messages: { content: string }[] }[] };
    expect(file.format).toBe('ensemble.conversations');
    const fog = file.conversations.find((c) => c.conversation.title.startsWith('What do you do when the fog'));
    expect(fog?.settings.instruction).toBe(INSTRUCTION);
    expect(fog?.messages.map((m) => m.content)).toContain('first line\nsecond line about beacons');
    expect(file.conversations.map((c) => c.conversation.title)).toContain('Name a famous lighthouse');
    await page.getByText('Your chats are downloaded.').waitFor();
    await dialog.getByRole('heading', { name: 'Your chats' }).scrollIntoViewIfNeeded();
    await screenshot(page, '19-account-chats-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('on a phone, Ctrl+K opens the menu with the search; the settings dialog fits the screen', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.keyboard.press('Control+k');
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await expect.poll(() => search.evaluate((node) => node === document.activeElement)).toBe(true);
    await search.fill('lighthouse');
    await page.getByRole('list', { name: 'Search results' }).getByRole('button').first().waitFor();
    await screenshot(page, '19-search-results-390');
    await page.keyboard.press('Escape');
    // The scrim beside the menu closes it.
    await page.locator('.chat-scrim').click({ position: { x: 360, y: 400 } });
    // On a phone the chat's tools are items of the header's More menu.
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Instructions & settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
    await dialog.waitFor();
    const fits = await dialog.evaluate((node) => node.getBoundingClientRect().width <= window.innerWidth);
    expect(fits).toBe(true);
    await screenshot(page, '19-settings-dialog-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
