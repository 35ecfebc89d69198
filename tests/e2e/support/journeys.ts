import type { Page } from 'playwright-core';
import { latestMail } from './browser.js';
import type { E2eStack } from './stack.js';

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

/** What `signedInUser` made: the user's id (auth.users) and address. */
export interface SignedInUser {
  readonly userId: string;
  readonly email: string;
}

/** A request to the stand-in's auth or REST API that must succeed; its answer as JSON. */
async function standInCall<T>(url: string, init: { method: string; apiKey: string; token?: string; body?: unknown }, what: string): Promise<T> {
  const response = await fetch(url, {
    method: init.method,
    headers: { apikey: init.apiKey, authorization: `Bearer ${init.token ?? init.apiKey}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return (text === '' ? null : JSON.parse(text)) as T;
}

/**
 * A fresh user, signed in and past the questionnaire, for tests whose subject is not sign-up or
 * onboarding (those drive the screens: signUpWithCode, completeProfiling). The user is created
 * confirmed through the stand-in's admin API, answers the questionnaire through the same RPC the
 * profiling screen calls (upsert_user_profiling, under the user's own token), then signs in in the
 * page through a magic link (admin generate_link) opened with page.goto: the app's own callback
 * finishes the sign-in and stores the session, and the page ends on the chat.
 */
export async function signedInUser(page: Page, stack: E2eStack, email: string): Promise<SignedInUser> {
  if (stack.supabase === null) throw new Error('signedInUser needs the Supabase stand-in');
  const { url, serviceRoleKey } = stack.supabase;
  const config = await standInCall<{ supabaseAnonKey: string | null }>(`${stack.appUrl}/api/config`, { method: 'GET', apiKey: '' }, 'The app\'s /api/config');
  const anonKey = config.supabaseAnonKey;
  if (anonKey === null) throw new Error('The app serves no Supabase anon key');
  const admin = { method: 'POST', apiKey: serviceRoleKey };
  const user = await standInCall<{ id: string }>(`${url}/auth/v1/admin/users`, { ...admin, body: { email, email_confirm: true } }, 'Creating the user');
  const link = () =>
    standInCall<{ action_link: string; hashed_token: string }>(
      `${url}/auth/v1/admin/generate_link`,
      { ...admin, body: { type: 'magiclink', email, redirect_to: `${stack.appUrl}/auth/callback` } },
      'Generating a sign-in link',
    );
  // A session of the test's own, to answer the questionnaire as the user (row-level security applies).
  const session = await standInCall<{ access_token: string }>(
    `${url}/auth/v1/verify`,
    { method: 'POST', apiKey: anonKey, body: { type: 'magiclink', token_hash: (await link()).hashed_token } },
    'Verifying the sign-in link',
  );
  await standInCall(
    `${url}/rest/v1/rpc/upsert_user_profiling`,
    {
      method: 'POST', apiKey: anonKey, token: session.access_token,
      body: {
        p_user_id: user.id, p_role: 'founder', p_role_other: '', p_company_size: 'just_me', p_work_outputs: ['code'], p_work_output_other: '',
        p_ensemble_use: 'compare', p_ensemble_use_other: '', p_completed: true, p_current_step: 3,
      },
    },
    'Answering the questionnaire',
  );
  await page.goto((await link()).action_link);
  await page.waitForURL(/\/chat\/?(\?.*)?$/);
  return { userId: user.id, email };
}

/**
 * Waits until the latest answer's own text (not its model's name beside it) has more than `words`
 * words: the model has written that much, so a Stop or a reload lands inside the answer. The name
 * alone ("Offline demo: slow and thorough (local, no network)") is eight words, and a Stop pressed
 * before the first word leaves nothing to save.
 */
export async function answerHasWords(page: Page, words: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const answers = document.querySelectorAll('.message--assistant');
      const text = answers[answers.length - 1]?.querySelector('.markdown')?.textContent ?? '';
      return text.split(/\s+/).filter((w) => w !== '').length > n;
    },
    words,
    { timeout: 30_000 },
  );
}
