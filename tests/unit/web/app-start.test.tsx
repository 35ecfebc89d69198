// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import type { ClientServices } from '../../../web/client/use-cases/use-cases-provider.js';
import { englishI18n, withListSizes } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

beforeAll(async () => {
  await Promise.all([
    import('../../../web/client/features/home/routes/home-page.js'),
    import('../../../web/client/app/chat-area.js'),
    import('../../../web/client/features/chat/routes/chat-route.js'),
    import('../../../web/client/features/account/routes/account-route.js'),
  ]);
});

const CONFIG = { billingAvailable: true, tagManagerId: null, supportWidgetSrc: null };

function deferred() {
  let resolve: (services: ClientServices) => void = () => undefined;
  const promise = new Promise<ClientServices>((r) => (resolve = r));
  return { promise, resolve };
}

describe('start-up while the composition chunk loads (DESIGN.md home budget)', () => {
  it('the home page paints its hero before the use cases exist; models and the call to action follow them', async () => {
    const memory = memoryLocation({ path: '/' });
    const pending = deferred();
    // Awaited act: React's retries after a suspension run inside it (the React testing rule).
    await act(async () => {
      render(<App i18n={englishI18n()} useCases={pending.promise} routerHook={memory.hook} />);
    });
    expect(await screen.findByRole('heading', { level: 1, name: /Ask once/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('region', { name: /models/i }).querySelector('[aria-busy="true"]')).toBeTruthy();

    const { useCases } = inMemoryUseCases();
    await act(async () => pending.resolve({ useCases, config: CONFIG }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('region', { name: /models/i }).querySelector('[aria-busy="true"]')).toBeNull());
  });

  it('a guarded page waits for the use cases with a loading state', async () => {
    const memory = memoryLocation({ path: '/chat' });
    const pending = deferred();
    // Awaited act: React's retries after a suspension run inside it (the React testing rule).
    await act(async () => {
      render(<App i18n={englishI18n()} useCases={pending.promise} routerHook={memory.hook} />);
    });
    expect((await screen.findByRole('status')).getAttribute('aria-busy')).toBe('true');
    const { useCases } = inMemoryUseCases({ signedIn: 'profiled' });
    await act(async () => pending.resolve({ useCases, config: CONFIG }));
    expect(await screen.findByRole('complementary', { name: 'Chats and account' })).toBeTruthy();
  });
});

describe('start-up failure (app §2 error screen)', () => {
  it('app §2: when the composition fails (no /api/config), the page says something went wrong', async () => {
    const failed = Promise.reject(new Error('The app server answered 503'));
    await act(async () => {
      render(<App i18n={englishI18n()} useCases={failed} routerHook={memoryLocation({ path: '/' }).hook} />);
    });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});

describe('the account dialog (app §7 profiles)', () => {
  it('app §7: the marketing checkbox shows the stored consent and saves a change', async () => {
    const { useCases, deps, userId } = inMemoryUseCases({ signedIn: 'profiled' });
    await useCases.updateMarketingConsent({ consent: true });
    render(<App i18n={englishI18n()} useCases={useCases} routerHook={memoryLocation({ path: '/chat' }).hook} />);
    await userEvent.click(await screen.findByRole('button', { name: /Account/ }));
    const box = await screen.findByRole('checkbox', { name: /occasional news/ });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await userEvent.click(box);
    await waitFor(() => expect(deps.db.profiles.get(userId ?? '')?.marketingConsent).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(false);
  });
});

describe('out of credits in a chat (app §2, HTTP 402 insufficient_credits)', () => {
  it('app §2: a message sent with no credits left is answered inline with a link to subscribe', async () => {
    const { useCases, deps, userId } = inMemoryUseCases({ signedIn: 'profiled' });
    const row = deps.db.profiles.get(userId ?? '');
    if (!row) throw new Error('the signed-in user has no profile row');
    deps.db.profiles.set(row.id, { ...row, credits: 0 });
    render(withListSizes(<App i18n={englishI18n()} useCases={useCases} routerHook={memoryLocation({ path: '/chat' }).hook} />));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: /Send/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are out of credits.');
    expect(within(alert).getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/subscribe');
  });
});
