// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { domainError } from '../../../core/shared/index.js';
import { englishI18n } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

async function openSignUp() {
  await import('../../../web/client/features/sign-in/routes/signup-page.js');
  const world = inMemoryUseCases();
  const memory = memoryLocation({ path: '/signup', record: true });
  render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
  await screen.findByRole('heading', { level: 1, name: 'Sign in to Ensemble' });
  return { ...world, at: () => memory.history.at(-1) };
}

describe('sign-up page on the sign-in use cases', () => {
  it('app §3, §4: the marketing choice is kept in temp_marketing_consent before the request; §7 events', async () => {
    const { deps } = await openSignUp();
    await userEvent.click(screen.getByRole('checkbox', { name: /occasional news/ }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await screen.findByText('Check your inbox');
    expect(deps.keyValueStore.get('temp_marketing_consent')).toBe('true');
    expect(deps.analytics.events).toEqual([
      { event: 'button_click', button_name: 'send_magic_link' },
      { event: 'signup_initiated', method: 'magic_link' },
    ]);
  });

  it('a wrong code says so and keeps the visitor on the code step', async () => {
    await openSignUp();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: /6-digit code/ }));
    const first = await screen.findByRole('textbox', { name: /Sign-in code 1\// });
    await userEvent.click(first);
    await userEvent.paste('000000');
    expect(await screen.findByText(/That code is not right/)).toBeTruthy();
  });

  it('a correct code signs in and the guard moves on to profiling for a new account', async () => {
    const { deps, at } = await openSignUp();
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: /6-digit code/ }));
    const first = await screen.findByRole('textbox', { name: /Sign-in code 1\// });
    const code = deps.db.mailbox.at(-1)?.code ?? '';
    await userEvent.click(first);
    await userEvent.paste(code);
    await screen.findByRole('heading', { level: 1, name: 'What best describes your role?' });
    expect(at()).toBe('/profiling');
  });

  it('"Send a new code" counts down the minute the server asks for; asking again meanwhile keeps the address, says the first code works, sends nothing', async () => {
    const { deps } = await openSignUp();
    await userEvent.click(screen.getByRole('checkbox', { name: /occasional news/ }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: /6-digit code/ }));
    await screen.findByRole('textbox', { name: /Sign-in code 1\// });
    const first = deps.db.mailbox.at(-1)?.code ?? '';
    expect(screen.getByRole('button', { name: /^Send a new code \((60|59) s\)$/ }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Use a different e-mail' }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: /6-digit code/ }));
    expect(await screen.findByText(/The code we sent you still works\. You can ask for a new one in (60|59) s\./)).toBeTruthy();
    expect(screen.getByText(/We sent a 6-digit code to new@example\.com/)).toBeTruthy();
    expect(screen.queryByText(/could not sign you in/)).toBeNull();
    // No second request, so neither a second signup_initiated nor a refusal.
    expect(deps.db.mailbox.filter((m) => m.to === 'new@example.com')).toHaveLength(1);
    expect(deps.analytics.names()).toEqual(['button_click', 'signup_initiated']);
    await userEvent.click(screen.getByRole('textbox', { name: /Sign-in code 1\// }));
    await userEvent.paste(first);
    await screen.findByRole('heading', { level: 1, name: 'What best describes your role?' });
  });

  it('asking for a code again within the minute from the e-mail step goes on to the code step with the countdown', async () => {
    const { deps } = await openSignUp();
    deps.authenticator.failures.failNext('sendEmailCode', domainError('rate_limited', 'For security purposes, you can only request this after 30 seconds.', { retryAfterSeconds: 30 }));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: /6-digit code/ }));
    await screen.findByRole('textbox', { name: /Sign-in code 1\// });
    expect(screen.getByText(/still works/)).toBeTruthy();
  });
});
