// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import { englishI18n } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const USED_LINK = '/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

async function openCallback(signedIn: 'profiled' | undefined, kept: Record<string, string> = {}) {
  await import('../../../web/client/features/sign-in/routes/auth-callback-page.js');
  window.history.replaceState(null, '', USED_LINK);
  const world = inMemoryUseCases(signedIn ? { signedIn } : {});
  for (const [key, value] of Object.entries(kept)) world.deps.keyValueStore.set(key, value);
  const memory = memoryLocation({ path: '/auth/callback', record: true });
  render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
  return { ...world, at: () => memory.history.at(-1) };
}

describe('/auth/callback with a link that no longer works', () => {
  it('a signed-out visitor is told the link no longer works', async () => {
    await openCallback(undefined);
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
  });

  it('a visitor who is signed in anyway is sent on where they were going, with no error shown', async () => {
    const { at } = await openCallback('profiled', { 'ensemble.returnTo': '/chat/prompts' });
    await expect.poll(at).toBe('/chat/prompts');
    expect(screen.queryByText('This link no longer works')).toBeNull();
  });
});
