// A user's own prompts in Chromium against the whole local stack: created in the library, found by
// its search, favourited, run with a placeholder filled in, edited and deleted; another user never
// sees it. Screenshots at 1280×800 and 390×844.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const stamp = Date.now();

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser();
  await signedInUser(browser.page, stack, `own-prompts-a-${stamp}@example.com`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const TITLE = 'Release notes for my team';

describe('e2e: my own prompts in the library', () => {
  it('creates a prompt, finds it by search, favourites it and runs it with its placeholder filled', async () => {
    const { page } = browser;
    await page.goto(`${stack.appUrl}/chat/prompts`);
    await page.getByRole('status').filter({ hasText: /Results: \d+/ }).waitFor();
    await page.getByRole('button', { name: 'New prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'New prompt' });
    // Nothing written: the dialog says what is missing and keeps the form open.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Give your prompt a title.' }).waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Write the prompt itself.' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Short and friendly');
    await dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Write the release notes of {{product}} version [number] for the whole team.');
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Writing' });
    await screenshot(page, 'own-prompts-01-new');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.locator('.prompt-card', { hasText: TITLE });
    await card.getByText('Mine', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('release notes team');
    await page.getByRole('status').filter({ hasText: 'Results: 1' }).waitFor();
    await page.getByRole('button', { name: `Add “${TITLE}” to favourites` }).click();
    await page.getByRole('button', { name: `Remove “${TITLE}” from favourites` }).waitFor();
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Results: 1' }).waitFor();
    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await page.getByRole('button', { name: 'Mine', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Results: 1' }).waitFor();
    await screenshot(page, 'own-prompts-02-mine');
    await page.getByRole('button', { name: TITLE, exact: true }).click();
    const viewer = page.getByRole('dialog', { name: TITLE });
    await viewer.getByRole('textbox', { name: 'product' }).fill('Ensemble');
    await screenshot(page, 'own-prompts-03-run');
    await viewer.getByRole('button', { name: 'Run prompt' }).click();
    await page.waitForURL(/\/chat\/?(\?.*)?$/);
    const box = page.getByRole('textbox', { name: 'Your message' });
    expect(await box.inputValue()).toBe('Write the release notes of Ensemble version [number] for the whole team.');
    const prompts = browser.events.map((e) => String(e['event'])).filter((n) => n.startsWith('prompt_'));
    expect(prompts).toContain('prompt_run');
  });

  it('edits and deletes it (asked first); at 390×844 the library and the dialog fit', async () => {
    const { page } = browser;
    await page.goto(`${stack.appUrl}/chat/prompts`);
    await page.getByRole('button', { name: `Edit “${TITLE}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit prompt' });
    expect(await dialog.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(TITLE);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Changelog for my team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Changelog for my team', exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('button', { name: 'Changelog for my team', exact: true }).waitFor();
    await screenshot(page, 'own-prompts-04-phone');
    await page.getByRole('button', { name: 'New prompt' }).click();
    await screenshot(page, 'own-prompts-05-phone-dialog');
    await page.getByRole('dialog', { name: 'New prompt' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Delete “Changelog for my team”' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this prompt?' });
    // Cancel keeps it; confirming deletes it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Changelog for my team', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete “Changelog for my team”' }).click();
    await page.getByRole('dialog', { name: 'Delete this prompt?' }).getByRole('button', { name: 'Delete prompt' }).click();
    await page.getByRole('button', { name: 'Changelog for my team', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Mine', exact: true }).click();
    await page.getByText('No prompts of your own yet').waitFor();
  });

  it('another user does not see a prompt of mine', async () => {
    const { page } = browser;
    await page.goto(`${stack.appUrl}/chat/prompts`);
    await page.getByRole('button', { name: 'New prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'New prompt' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Secret onboarding checklist');
    await dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill('List what {{name}} needs on day one.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Secret onboarding checklist', exact: true }).waitFor();
    const other = await openBrowser();
    try {
      await signedInUser(other.page, stack, `own-prompts-b-${stamp}@example.com`);
      await other.page.goto(`${stack.appUrl}/chat/prompts`);
      await other.page.getByRole('searchbox', { name: 'Search prompts' }).fill('secret onboarding checklist');
      await other.page.getByRole('status').filter({ hasText: 'Results: 0' }).waitFor();
      await other.page.getByRole('searchbox', { name: 'Search prompts' }).fill('');
      await other.page.getByRole('button', { name: 'Mine', exact: true }).click();
      await other.page.getByText('No prompts of your own yet').waitFor();
    } finally {
      await other.close();
    }
  });
});
