// A long conversation in Chromium against the whole local stack: a thousand messages seeded through the
// Supabase stand-in's REST API open at the end of the last answer with only the turns near the viewport
// drawn; scrolling up reads older pages without moving what the reader sees; Jump to latest goes back to
// the end; a search hit deep in the history opens there, marked; on a phone a side-by-side turn's column
// switcher works inside the list.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLongConversation, visibleMessagesOf, type SeededConversation } from '../support/seed-long-conversation.js';
import { openBrowser, screenshot, type E2eBrowser } from './support/browser.js';
import { signedInUser } from './support/journeys.js';
import { startE2eStack, type E2eStack } from './support/stack.js';

let stack: E2eStack;
let browser: E2eBrowser;
let seeded: SeededConversation;
const email = `long-conversation-${Date.now()}@example.com`;
const SIDE_BY_SIDE_EVERY = 9;

/** The fewest turns whose visible path holds at least 1,000 messages, the last of them side by side. */
const TURNS = (() => {
  let turns = SIDE_BY_SIDE_EVERY;
  while (visibleMessagesOf(turns, SIDE_BY_SIDE_EVERY) < 1000) turns += SIDE_BY_SIDE_EVERY;
  return turns;
})();

beforeAll(async () => {
  // The offline models write slowly enough to watch the list follow an answer as it is written (the
  // chat-path and stopped-answer files' stack, shared with them).
  stack = await startE2eStack({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '40' } });
  browser = await openBrowser();
  const { page } = browser;
  const { userId } = await signedInUser(page, stack, email);
  if (!stack.supabase) throw new Error('the stack runs without its Supabase stand-in');
  const { url, serviceRoleKey } = stack.supabase;
  // The stack may be shared with other files' users: the conversation goes to the one just made, by its id.
  seeded = await seedLongConversation({ restUrl: url, serviceRoleKey, userId, turns: TURNS, sideBySideEvery: SIDE_BY_SIDE_EVERY, title: 'A very long conversation' });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const conversationUrl = () => `${stack.appUrl}/chat/${seeded.conversationId}`;
const messageCount = (page: Page) => page.locator('[id^="message-"]').count();

/** Where the list's scroller and an element stand on screen. */
const boxes = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const scroller = document.querySelector('.chat-view__scroll')?.getBoundingClientRect();
    const target = document.querySelector(css)?.getBoundingClientRect();
    return scroller && target ? { top: scroller.top, bottom: scroller.bottom, targetTop: target.top, targetBottom: target.bottom } : null;
  }, selector);

/** The first message whose top is inside the list's scroller (on screen, not only drawn), and where it stands. */
const firstVisible = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.chat-view__scroll')?.getBoundingClientRect();
    const top = box?.top ?? 0;
    const bottom = box?.bottom ?? window.innerHeight;
    const shown = [...document.querySelectorAll<HTMLElement>('[id^="message-"]')].find((el) => el.getBoundingClientRect().top >= top && el.getBoundingClientRect().top < bottom);
    return shown ? { id: shown.id, top: shown.getBoundingClientRect().top } : null;
  });

/** Index on the visible path of the oldest message drawn or held (the drawn ones are the window's visible part). */
const oldestDrawn = (page: Page) =>
  page.evaluate((ids) => {
    const drawn = [...document.querySelectorAll<HTMLElement>('[id^="message-"]')].map((el) => ids.indexOf(el.id.slice('message-'.length))).filter((i) => i >= 0);
    return Math.min(...drawn);
  }, [...seeded.messageIds]);

/** How far the last turn's bottom stands below the list's bottom edge (negative: above it). */
const lastTurnBottom = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('.chat-view__scroll')?.getBoundingClientRect();
    const last = [...document.querySelectorAll('.chat-turn')].at(-1)?.getBoundingClientRect();
    return scroller && last ? last.bottom - scroller.bottom : null;
  });

/** Waits until the end of the last answer, its figures and buttons included, is inside the list's scroller. */
async function expectEndVisible(page: Page) {
  const last = `#message-${seeded.lastMessageId}`;
  await page.locator(last).waitFor();
  await expect.poll(async () => {
    const b = await boxes(page, last);
    return b !== null && b.targetBottom <= b.bottom + 1 && b.targetBottom > b.top;
  }, { timeout: 15_000 }).toBe(true);
  const actions = await boxes(page, `${last} .message__actions`);
  expect(actions).not.toBeNull();
  expect(actions!.targetBottom).toBeLessThanOrEqual(actions!.bottom + 1);
}

describe('e2e: a long conversation', () => {
  it(`${TURNS} turns (at least 1,000 messages) open at the end of the last answer, with fewer than 200 messages drawn`, async () => {
    const { page } = browser;
    expect(seeded.messageIds.length).toBeGreaterThanOrEqual(1000);
    await page.goto(conversationUrl());
    await expectEndVisible(page);
    // Settled: still at the end a moment later (images, fonts and late measurements do not push it away).
    await page.waitForTimeout(500);
    await expectEndVisible(page);
    expect(await messageCount(page)).toBeLessThan(200);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    await screenshot(page, 'long-conversation-1280-end');
  });

  it('scrolling up reads older pages without moving the first message in view', async () => {
    const { page } = browser;
    const scroller = page.locator('.chat-view__scroll');
    const oldestBefore = await oldestDrawn(page);
    let oldest = oldestBefore;
    // A few times to the top: each time the first message in view stays where it stood while older turns come in above it.
    for (let round = 0; round < 3; round += 1) {
      await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
      // The list has drawn what stands at its top (on a busy machine a frame or more later).
      await expect.poll(() => firstVisible(page), { timeout: 10_000, interval: 20 }).not.toBeNull();
      const anchor = await firstVisible(page);
      expect(anchor).not.toBeNull();
      // The older page is in once the list stands below its top again (the turns put above the anchor).
      await page.waitForFunction(() => (document.querySelector('.chat-view__scroll')?.scrollTop ?? 0) > 0, undefined, { timeout: 15_000 });
      await page.waitForTimeout(300);
      const after = await page.locator(`[id="${anchor!.id}"]`).evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(after - anchor!.top)).toBeLessThanOrEqual(2);
      oldest = await oldestDrawn(page);
    }
    expect(oldest).toBeLessThan(oldestBefore);
    expect(await messageCount(page)).toBeLessThan(200);
  });

  it('Jump to latest, shown away from the end and reachable by keyboard, goes back to the end of the last answer', async () => {
    const { page } = browser;
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    await jump.focus();
    await page.keyboard.press('Enter');
    await expectEndVisible(page);
    await expect.poll(() => jump.count()).toBe(0);
  });

  it('a search hit deep in the history opens there: its message in view and marked, the latest turns a jump away', async () => {
    const { page } = browser;
    const hit = seeded.messageIds[40] as string;
    // Opened afresh (a search hit from another page), not a change of the address's fragment alone.
    await page.goto(`${stack.appUrl}/chat`);
    await page.goto(`${conversationUrl()}#message-${hit}`);
    const target = page.locator(`#message-${hit}`);
    await target.waitFor();
    // In view from its start (or in the middle when short) and marked for a moment.
    await expect.poll(async () => {
      const b = await boxes(page, `#message-${hit}`);
      const marked = await target.evaluate((el) => el.classList.contains('message--found'));
      return marked && b !== null && b.targetTop >= b.top - 1 && b.targetTop < b.bottom;
    }, { timeout: 15_000, interval: 50 }).toBe(true);
    expect(await messageCount(page)).toBeLessThan(200);
    await screenshot(page, 'long-conversation-1280-search-hit');
    // It stays where it was opened: reading the pages beside it does not move it away.
    await page.waitForTimeout(1000);
    const settled = await boxes(page, `#message-${hit}`);
    expect(settled !== null && settled.targetTop >= settled.top - 1 && settled.targetTop < settled.bottom).toBe(true);
    // The page around the hit does not reach the latest turn: Jump to latest reads it.
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expectEndVisible(page);
  });

  it('on a phone the list opens at the end and a side-by-side turn switches columns inside it', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(conversationUrl());
    await expectEndVisible(page);
    await screenshot(page, 'long-conversation-390-end');
    const switcher = page.locator('.answer-switcher__row').last();
    await switcher.scrollIntoViewIfNeeded();
    const tabs = switcher.getByRole('button');
    expect(await tabs.count()).toBeGreaterThan(1);
    await tabs.nth(1).click();
    await expect.poll(() => tabs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'long-conversation-390-columns');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('a streaming answer is followed to its end while the reader stays at the bottom', async () => {
    const { page } = browser;
    await page.goto(conversationUrl());
    await expectEndVisible(page);
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('How do tides follow the moon?');
    await box.press('Enter');
    await page.locator('[aria-busy="true"]').first().waitFor({ timeout: 30_000 });
    const gaps: number[] = [];
    while ((await page.locator('[aria-busy="true"]').count()) > 0 && gaps.length < 40) {
      const gap = await lastTurnBottom(page);
      if (gap !== null) gaps.push(gap);
      await page.waitForTimeout(100);
    }
    expect(gaps.length).toBeGreaterThan(3);
    // The end of the turn being written (its spacing below included) stays within two lines of the list's
    // bottom edge the whole time: a token may land a frame before the list follows it, never more.
    expect(Math.max(...gaps), `gaps while it streamed (px): ${gaps.map((g) => g.toFixed(0)).join(', ')}`).toBeLessThanOrEqual(64);
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
    // Once written, its figures and buttons are in view too.
    await expect.poll(async () => (await lastTurnBottom(page)) ?? 1000, { timeout: 5_000 }).toBeLessThanOrEqual(1);
  }, 120_000);

  it('scrolling up while an answer streams stops the following and offers Jump to latest; back at the bottom, it follows again', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('Tell me more about the tides, at length.');
    await box.press('Enter');
    await page.locator('[aria-busy="true"]').first().waitFor({ timeout: 30_000 });
    const scroller = page.locator('.chat-view__scroll');
    // The reader turns the wheel up: the list stays where they put it while the answer grows below.
    await scroller.hover();
    await page.mouse.wheel(0, -400);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor({ timeout: 5_000 });
    // The answer grows below while what the reader sees stays where they put it: the piece of text near
    // the top of the list keeps its place in the list's box (the list may correct its offset as turns
    // above are measured, and a note above the list may come and go).
    const inView = () => scroller.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const marked = el.querySelector<HTMLElement>('[data-held]');
      const at = marked ?? document.elementFromPoint(box.left + box.width / 2, box.top + 60);
      if (!(at instanceof HTMLElement) || !el.contains(at)) return null;
      at.dataset.held = '';
      return at.getBoundingClientRect().top - box.top;
    });
    // The wheel's scroll has come to rest: two looks a moment apart see the same text at the same place.
    let held: number | null = null;
    await expect.poll(async () => {
      await scroller.evaluate((el) => el.querySelector<HTMLElement>('[data-held]')?.removeAttribute('data-held'));
      const before = await inView();
      await page.waitForTimeout(150);
      held = await inView();
      return before !== null && held !== null && Math.abs(before - held) <= 1;
    }, { timeout: 10_000 }).toBe(true);
    const height = await scroller.evaluate((el) => el.scrollHeight);
    await expect.poll(() => scroller.evaluate((el) => el.scrollHeight), { timeout: 15_000 }).toBeGreaterThan(height + 20);
    const now = await inView();
    const where = await scroller.evaluate((el) => `scrollTop ${el.scrollTop}, height ${el.scrollHeight}, held ${el.querySelector<HTMLElement>('[data-held]')?.outerHTML.slice(0, 120)}`);
    expect(held !== null && now !== null && Math.abs(now - (held as number)) <= 2, `text in view was at ${held} px, now at ${now} px (${where})`).toBe(true);
    expect(await lastTurnBottom(page)).toBeGreaterThan(64);
    // Back at the bottom (the wheel down to the end): the list follows the answer again and the button goes.
    await page.mouse.wheel(0, 100_000);
    await expect.poll(() => jump.count(), { timeout: 5_000 }).toBe(0);
    const gaps: number[] = [];
    while ((await page.locator('[aria-busy="true"]').count()) > 0 && gaps.length < 20) {
      const gap = await lastTurnBottom(page);
      if (gap !== null) gaps.push(gap);
      await page.waitForTimeout(100);
    }
    expect(Math.max(0, ...gaps), `gaps after coming back (px): ${gaps.map((g) => g.toFixed(0)).join(', ')}`).toBeLessThanOrEqual(64);
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 60_000 });
    // To its very end: the answer's figures and buttons are in view.
    await expect.poll(async () => (await lastTurnBottom(page)) ?? 1000, { timeout: 5_000 }).toBeLessThanOrEqual(1);
  }, 120_000);
});
