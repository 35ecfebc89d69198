// Every dialog and menu of the app, opened in Chromium against the whole local stack at 390×844 and at
// 1280×800: the model picker, the chat header's More menu (a phone's), the phone's side menu,
// instructions and settings (with a preset saved), the shortcuts, sharing (before and after a link),
// deleting a chat, the account with its billing and the cancel-subscription question, and the prompt
// library's viewer, new, edit, run and delete dialogs. Each of their buttons, links, menu items and
// headings must lie inside the viewport and be the element found at its own centre
// (document.elementFromPoint), so nothing is cut off by the screen or covered by another element; one
// reached by scrolling the dialog's body counts as in view once scrolled to. Each is also checked with
// axe-core (accessibility: names, roles, landmarks, contrast, keyboard reach). Screenshots of each.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.js';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { INSTANT_STACK_ENV, startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
const email = `dialog-layout-${Date.now()}@example.com`;
const CONVERSATION_URL = /\/chat\/(?!all$|prompts$)[^/#]+(#.*)?$/;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const VIEWPORTS = [['390', PHONE], ['1280', DESKTOP]] as const;
const OWN_PROMPT = 'Weekly update for my team';
let conversationUrl = '';
let conversationTitle = '';

beforeAll(async () => {
  stack = await startE2eStack({ env: INSTANT_STACK_ENV });
  browser = await openBrowser({ viewport: DESKTOP });
  const { page } = browser;
  await signedInUser(page, stack, email);
  // A conversation, with a title.
  await page.getByRole('textbox', { name: 'Your message' }).fill('Which dialogs does this app have?');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.waitForURL(CONVERSATION_URL, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
  conversationUrl = page.url().split('#')[0] as string;
  const active = page.locator('.conversation--active .conversation__link');
  // Named by the server once the answer is stored.
  for (let i = 0; i < 150 && conversationTitle === ''; i += 1) {
    conversationTitle = ((await active.textContent()) ?? '').trim();
    if (conversationTitle === '') await page.waitForTimeout(100);
  }
  // An own prompt with a placeholder, to edit, run and delete.
  await page.goto(`${stack.appUrl}/chat/prompts`);
  await page.getByRole('button', { name: 'New prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'New prompt' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(OWN_PROMPT);
  await dialog.getByRole('textbox', { name: 'Prompt', exact: true }).fill('Write the weekly update of {{team}} about [topic].');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  // A subscription, so the account offers to cancel it.
  await page.goto(`${stack.appUrl}/subscribe`);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.waitForURL(/\/checkout\//);
  await page.locator('#card-number').fill('4242 4242 4242 4242');
  await page.locator('#card-expiry').fill('12/34');
  await page.locator('#card-cvc').fill('123');
  const name = page.locator('#cardholder-name');
  if ((await name.inputValue()) === '') await name.fill('E2E Dialogs');
  await page.locator('#address-line1').fill('1 Main Street');
  await page.locator('#address-city').fill('New York');
  await page.locator('#address-postal-code').fill('10001');
  await page.locator('#address-state').fill('US-NY');
  await page.locator('#pay-button').click();
  await page.getByText('Thank you! Your subscription is active').first().waitFor({ timeout: 30_000 });
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * What is wrong with the layout of the topmost element matching `root` (the last in the document): each
 * button, link, menu item and heading it holds that, once scrolled to within the scrolling boxes around
 * it, lies partly outside the viewport, or is not the element at its own centre (another element covers it,
 * or a box around it cuts it off). Elements not drawn (closed, display: none) or visually hidden (1 px) are left out.
 */
function layoutProblems(page: Page, root: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const roots = document.querySelectorAll<HTMLElement>(selector);
    const container = roots[roots.length - 1];
    if (!container) return [`nothing matches ${selector}`];
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}"`;
    const targets = [...container.querySelectorAll<HTMLElement>('button, a[href], [role="menuitem"], [role="tab"], h1, h2, h3, h4, legend, summary, label.model-option')];
    if (container.matches('[role="menu"]')) targets.unshift(container);
    const problems: string[] = [];
    for (const el of targets) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const first = el.getBoundingClientRect();
      if (first.width <= 1 || first.height <= 1) continue;
      // Reachable by scrolling the dialog's body (or any box around it): scrolled to first.
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5) {
        problems.push(`${name(el)} lies outside the viewport (${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)})`);
        continue;
      }
      // A box around it that clips (the dialog, its body) must hold all of it, not only its centre.
      let clipped: Element | null = null;
      for (let box = el.parentElement; box && !clipped; box = box === container ? null : box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1) clipped = box;
      }
      if (clipped) {
        problems.push(`${name(el)} is cut off by ${clipped.tagName.toLowerCase()}.${clipped.className}`);
        continue;
      }
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) problems.push(`${name(el)} is covered at its centre by ${hit ? name(hit) : 'nothing'}`);
    }
    return problems;
  }, root);
}

/** Checks the topmost `root` at this width and keeps a screenshot of it. */
async function expectFits(page: Page, root: string, picture: string): Promise<void> {
  // A menu or dialog that slides or fades in is judged once it has come to rest: it is looked at again
  // until nothing is wrong or five seconds have passed, and what is still wrong then fails the test.
  let problems: string[] = [];
  await expect
    .poll(async () => (problems = await layoutProblems(page, root)), { timeout: 5_000, interval: 100 })
    .toEqual([])
    .catch(() => undefined);
  await screenshot(page, `dialog-layout-${picture}`);
  expect(problems, picture).toEqual([]);
  expect(await accessibilityViolations(page), picture).toEqual([]);
}

const phone = (page: Page) => page.evaluate(() => window.innerWidth <= 860);

/** Opens a tool of the chat header: a button on a wide screen, an item of the More menu on a phone. */
async function openTool(page: Page, name: string): Promise<void> {
  await page.locator('.chat-view__header').waitFor();
  const more = page.getByRole('button', { name: 'More', exact: true });
  if (await more.isVisible()) {
    await more.click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else await page.getByRole('button', { name, exact: true }).click();
}

/** On a phone the sidebar is a menu opened from the top bar; on a wide screen it is always there. */
async function openSidebar(page: Page): Promise<void> {
  if (!(await phone(page))) return;
  await page.getByRole('button', { name: 'Show or hide the menu' }).click();
  await page.locator('.chat-layout--open').waitFor();
}

const closeDialog = async (page: Page) => {
  const count = await page.getByRole('dialog').count();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(count - 1);
};

describe('e2e: every dialog and menu fits the screen', () => {
  for (const [size, viewport] of VIEWPORTS) {
    it(`at ${size} px: the chat's model picker, header menu, side menu, settings, shortcuts, share and delete dialogs`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.goto(conversationUrl);
      await page.locator('.message--assistant').first().waitFor();

      // On a phone the composer's line of what sending holds takes a row of its own (one line, not a
      // narrow column), and Send stands at the composer's right edge.
      if (size === '390') {
        await page.getByRole('textbox', { name: 'Your message' }).fill('One more question');
        const cost = page.locator('.composer__cost');
        await cost.waitFor();
        const [costBox, sendBox, composerBox] = await Promise.all([cost.boundingBox(), page.getByRole('button', { name: /^Send/ }).boundingBox(), page.locator('.composer').boundingBox()]);
        const lineHeight = await cost.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
        expect(costBox && costBox.height < lineHeight * 1.5, `the cost line is ${costBox?.height} px high`).toBe(true);
        expect(sendBox && composerBox && composerBox.x + composerBox.width - (sendBox.x + sendBox.width) < 24).toBe(true);
        await page.getByRole('textbox', { name: 'Your message' }).fill('');
      }

      await page.getByRole('button', { name: /^Models:/ }).click();
      await page.locator('.model-picker__panel').waitFor();
      await expectFits(page, '.model-picker__panel', `${size}-model-picker`);
      await page.getByRole('button', { name: /^Models:/ }).click();
      await page.locator('.model-picker__panel').waitFor({ state: 'detached' });

      if (await phone(page)) {
        await page.getByRole('button', { name: 'More', exact: true }).click();
        await expectFits(page, '[role="menu"]', `${size}-more-menu`);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'detached' });
        await openSidebar(page);
        await expectFits(page, '#chat-sidebar', `${size}-side-menu`);
        await page.locator('.chat-scrim').click({ position: { x: viewport.width - 20, y: 400 } });
        await page.locator('.chat-layout--open').waitFor({ state: 'detached' });
      }

      await openTool(page, 'Instructions & settings');
      const settings = page.getByRole('dialog', { name: 'Instructions and settings of this chat' });
      await settings.waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-settings`);
      // A preset saved: its note and the list of presets come in, and nothing covers the buttons.
      await settings.getByRole('textbox', { name: 'System instruction' }).fill('Answer in short sentences.');
      await settings.getByRole('textbox', { name: 'Save this instruction as' }).fill(`Short ${size}`);
      await settings.getByRole('button', { name: 'Save preset' }).click();
      await settings.getByRole('combobox', { name: 'Your presets' }).locator('option', { hasText: `Short ${size}` }).waitFor({ state: 'attached' });
      await expectFits(page, '[role="dialog"]', `${size}-settings-preset-saved`);
      await closeDialog(page);

      await openTool(page, 'Shortcuts');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-shortcuts`);
      await closeDialog(page);

      await openTool(page, 'Share');
      const share = page.getByRole('dialog', { name: 'Share this conversation' });
      await share.getByRole('button', { name: /Create a link|Turn the link off/ }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-share`);
      // While the share state loads, "Create a link" shows busy; wait until it is either the link
      // (shared at an earlier size) or an enabled button, then create the link if it is not there.
      const link = share.getByRole('textbox', { name: 'Link' });
      const create = share.getByRole('button', { name: 'Create a link', disabled: false });
      await link.or(create).waitFor();
      if (!(await link.isVisible())) await create.click();
      await link.waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-share-link`);
      await closeDialog(page);

      await openSidebar(page);
      await page.getByRole('button', { name: `Delete “${conversationTitle}”` }).click();
      await page.getByRole('dialog', { name: 'Delete this chat?' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-delete-chat`);
      await page.getByRole('dialog', { name: 'Delete this chat?' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, 120_000);

    it(`at ${size} px: the account dialog with its billing, and the question before cancelling the subscription`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.goto(conversationUrl);
      await page.locator('.message--assistant').first().waitFor();
      await openSidebar(page);
      await page.getByRole('button', { name: /^Account/ }).click();
      const account = page.getByRole('dialog', { name: 'Account' });
      await account.getByRole('button', { name: 'Cancel subscription' }).waitFor({ timeout: 20_000 });
      // Its sections come in as their figures arrive: checked once all are there.
      await account.getByRole('heading', { name: 'Monthly spending cap' }).waitFor();
      await account.getByText('Welcome credits').first().waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-account`);
      await account.getByRole('button', { name: 'Cancel subscription' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await cancel.waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-cancel-subscription`);
      await cancel.getByRole('button', { name: 'Keep my plan' }).click();
      await cancel.waitFor({ state: 'detached' });
      await closeDialog(page);
    }, 90_000);

    it(`at ${size} px: the prompt library's viewer, new, edit, run and delete dialogs`, async () => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.goto(`${stack.appUrl}/chat/prompts`);
      await page.locator('.prompt-card').first().waitFor();

      await page.locator('.prompt-card').filter({ hasNot: page.getByText('Mine', { exact: true }) }).first().locator('.prompt-card__title').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Run prompt' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-viewer`);
      await closeDialog(page);

      await page.getByRole('button', { name: 'New prompt' }).click();
      const created = page.getByRole('dialog', { name: 'New prompt' });
      await created.waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-new`);
      // Saved empty: the errors come in, the buttons stay in view.
      await created.getByRole('button', { name: 'Save' }).click();
      await created.getByRole('alert').first().waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-new-errors`);
      await closeDialog(page);

      await page.getByRole('button', { name: `Edit “${OWN_PROMPT}”` }).click();
      await page.getByRole('dialog', { name: 'Edit prompt' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-edit`);
      await closeDialog(page);

      // Its viewer asks for the placeholders before it runs.
      await page.getByRole('button', { name: OWN_PROMPT, exact: true }).click();
      const viewer = page.getByRole('dialog', { name: OWN_PROMPT });
      await viewer.getByRole('textbox', { name: 'team' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-run`);
      await closeDialog(page);

      await page.getByRole('button', { name: `Delete “${OWN_PROMPT}”` }).click();
      await page.getByRole('dialog', { name: 'Delete this prompt?' }).waitFor();
      await expectFits(page, '[role="dialog"]', `${size}-prompt-delete`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, 90_000);
  }
});
