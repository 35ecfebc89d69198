import type { Page } from 'playwright-core';
import { latestMail } from './browser.js';

/** Requests a sign-in code on /signup and pastes the code from the mailbox (the page sends it at once). */
export async function signUpWithCode(page: Page, appUrl: string, mailboxUrl: string, email: string): Promise<void> {
  if (!page.url().includes('/signup')) await page.goto(`${appUrl}/signup`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: /6-digit code/ }).click();
  const mail = await latestMail(mailboxUrl, email);
  const first = page.getByRole('textbox', { name: /Sign-in code 1\// });
  await first.focus();
  await page.evaluate((code) => {
    const data = new DataTransfer();
    data.setData('text', code);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, mail.code);
}

/** Answers the four questions with their first choice; ends on the chat. */
export async function completeProfiling(page: Page): Promise<void> {
  await page.waitForURL(/\/profiling/);
  for (let step = 0; step < 4; step += 1) {
    await page.locator('.profiling input[type="radio"], .profiling input[type="checkbox"]').first().check();
    await page.getByRole('button', { name: /Continue|Finish and start chatting/ }).click();
    if (step < 3) await page.getByText(`Question ${step + 2} of 4`).waitFor();
  }
  await page.waitForURL(/\/chat\/?(\?.*)?$/);
}
