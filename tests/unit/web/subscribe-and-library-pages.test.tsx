// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { MAX_OWN_PROMPTS } from '../../../core/prompts/index.js';
import { App } from '../../../web/client/app/app.js';
import type { ClientConfig } from '../../../web/client/use-cases/use-cases-provider.js';
import { englishI18n } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
beforeAll(async () => {
  await Promise.all([
    import('../../../web/client/app/subscribe-area.js'),
    import('../../../web/client/app/chat-area.js'),
    import('../../../web/client/features/library/routes/library-route.js'),
    import('../../../web/client/features/chat/routes/chat-route.js'),
  ]);
});

function renderAt(path: string, config?: ClientConfig) {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const memory = memoryLocation({ path, record: true });
  render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} {...(config ? { config } : {})} />);
  return { ...world, at: () => memory.history.at(-1) };
}

describe('subscribe page on the billing use cases', () => {
  it('app §7 price logic: the base price is struck through beside the discounted price', async () => {
    renderAt('/subscribe');
    await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 });
    const struck = document.querySelector('s, del');
    expect(struck?.textContent).toMatch(/\$25\.00/);
  });

  it('app §6: with billing unavailable the offer is explained, not offered', async () => {
    renderAt('/subscribe', { billingAvailable: false, tagManagerId: null, supportWidgetSrc: null });
    expect(await screen.findByRole('heading', { name: 'Subscriptions are paused' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('app §7: a checkout that cannot open pushes subscribe_failed and shows a toast', async () => {
    const { deps } = renderAt('/subscribe');
    deps.billingGateway.failures.failNext('createCheckout');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 }));
    expect(await screen.findAllByText(/The payment did not go through/)).not.toHaveLength(0);
    expect(deps.analytics.events.map((e) => e.event)).toEqual(['subscribe_initiated', 'subscribe_failed']);
  });
});

describe('subscribe page: inside the shared layout, and back from the checkout', () => {
  const opened = async (deps: ReturnType<typeof inMemoryUseCases>['deps']) => {
    const checkout = await deps.billingGateway.createCheckout({ userId: deps.db.users.values().next().value!.id, email: null, successUrl: 'https://x.example/' });
    if (!checkout.success) throw new Error(checkout.error.message);
    return checkout.data.id;
  };

  it('app §2: /subscribe is inside the shared layout: the sidebar leads back to the chat before subscribing', async () => {
    const { at } = renderAt('/subscribe');
    await screen.findByRole('button', { name: 'Subscribe' }, { timeout: 5000 });
    expect(screen.getByRole('complementary', { name: 'Chats and account' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(at()).toMatch(/^\/chat\/?$/));
  });

  it('app §7: a made-up checkout_id pushes nothing and says the checkout is not found', async () => {
    const { deps, at } = renderAt('/subscribe?checkout_id=chk_made_up');
    expect(await screen.findByText(/could not find that checkout/, {}, { timeout: 5000 })).toBeTruthy();
    expect(deps.analytics.events).toEqual([]);
    expect(at()).toBe('/subscribe');
  });

  it('app §7: back from a paid checkout: subscribe_succeeded once; the same address again pushes nothing more', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const checkoutId = await opened(world.deps);
    await world.deps.billingGateway.completeCheckout(checkoutId);
    for (let visit = 0; visit < 2; visit += 1) {
      const memory = memoryLocation({ path: `/subscribe?checkout_id=${checkoutId}`, record: true });
      render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
      await screen.findByText(/Thank you! Your subscription is active/, {}, { timeout: 5000 });
      cleanup();
    }
    expect(world.deps.analytics.events).toEqual([{ event: 'subscribe_succeeded', user_id: world.userId }]);
  });

  it('app §7: back through the checkout\'s back link without paying: nothing was charged, said plainly; no subscribe_failed', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const checkoutId = await opened(world.deps);
    world.deps.keyValueStore.set('ensemble.pendingCheckout', checkoutId);
    const memory = memoryLocation({ path: '/subscribe?checkout=returned', record: true });
    render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
    expect(await screen.findAllByText(/You left the checkout without paying/, {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(screen.queryByText(/The payment did not go through/)).toBeNull();
    expect(world.deps.analytics.events).toEqual([]);
    expect(world.deps.keyValueStore.get('ensemble.pendingCheckout')).toBeNull();
  });

  it('app §7: back through the back link after a declined card: the payment did not go through, subscribe_failed', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const checkoutId = await opened(world.deps);
    world.deps.billingGateway.declineCheckout(checkoutId);
    world.deps.keyValueStore.set('ensemble.pendingCheckout', checkoutId);
    const memory = memoryLocation({ path: '/subscribe?checkout=returned', record: true });
    render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
    expect(await screen.findAllByText(/The payment did not go through/, {}, { timeout: 5000 })).not.toHaveLength(0);
    expect(world.deps.analytics.events).toEqual([{ event: 'subscribe_failed', user_id: world.userId }]);
  });

  it('a plan cancelled at period end shows its end date and can be resumed from /subscribe', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const checkoutId = await opened(world.deps);
    await world.deps.billingGateway.completeCheckout(checkoutId);
    await world.deps.billingGateway.cancelSubscription({ userId: world.userId!, reason: 'unused', comment: null });
    const memory = memoryLocation({ path: '/subscribe', record: true });
    render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} />);
    expect(await screen.findByText(/^Ends on /, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Your plan')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Your plan')).toBeTruthy();
    const state = await world.deps.billingGateway.getCustomerState(world.userId!);
    expect(state.success && state.data?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('prompt library on the prompt use cases', () => {
  it('app §7: opening, searching and favouriting push their events; run puts the prompt into a new chat', async () => {
    const { deps, at } = renderAt('/chat/prompts');
    const search = await screen.findByRole('searchbox', { name: 'Search prompts' });
    const first = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.prompt-card__open');
      if (!button) throw new Error('no prompt yet');
      return button;
    });
    await userEvent.type(search, first.textContent!.split(' ')[0]!);
    await waitFor(() => expect(deps.analytics.events.map((e) => e.event)).toContain('prompt_library_search'));
    const events = deps.analytics.events.map((e) => e.event);
    expect(events[0]).toBe('prompt_library_opened');
    expect(events).toContain('prompt_library_search');
    await userEvent.click(screen.getAllByRole('button', { name: /^Add “.*” to favourites$/ })[0]!);
    await screen.findAllByRole('button', { name: /^Remove “.*” from favourites$/ });
    expect(deps.analytics.events.at(-1)).toEqual(expect.objectContaining({ event: 'prompt_favorite_changed', action: 'added', source: 'library_card' }));
    await userEvent.click(document.querySelector<HTMLButtonElement>('.prompt-card__open')!);
    await userEvent.click(await screen.findByRole('button', { name: 'Run prompt' }));
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect((box as HTMLTextAreaElement).value.length).toBeGreaterThan(0);
    expect(at()).toMatch(/^\/chat\/?$/);
    expect(deps.analytics.events.slice(-2).map((e) => e.event)).toEqual(['prompt_viewer_opened', 'prompt_run']);
  });
});

describe('the library says what went wrong in the reader\'s words, not the server\'s', () => {
  it('the 201st own prompt: the limit and how to make room; nothing is added', async () => {
    const { deps, userId } = renderAt('/chat/prompts');
    for (let i = 0; i < MAX_OWN_PROMPTS; i += 1) {
      const made = await deps.promptCatalog.createOwnPrompt(userId ?? '', { title: `P${i}`, description: '', body: 'b', category: null, language: 'en' });
      if (!made.success) throw new Error(made.error.message);
    }
    await userEvent.click(await screen.findByRole('button', { name: 'New prompt' }));
    const dialog = await screen.findByRole('dialog', { name: 'New prompt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'One more');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'Say hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`You can keep at most ${MAX_OWN_PROMPTS} prompts of your own. Delete one to make room.`);
    const mine = await deps.promptCatalog.searchPrompts(userId ?? '', { mineOnly: true, limit: 1, language: 'en' });
    expect(mine.success && mine.data.total).toBe(MAX_OWN_PROMPTS);
  });

  it('a prompt deleted in another window: running it says it no longer exists', async () => {
    const { deps, userId } = renderAt('/chat/prompts');
    const made = await deps.promptCatalog.createOwnPrompt(userId ?? '', { title: 'Soon gone', description: '', body: 'Hello', category: null, language: 'en' });
    if (!made.success) throw new Error(made.error.message);
    await userEvent.click(await screen.findByRole('button', { name: 'Mine' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Soon gone' }));
    const viewer = await screen.findByRole('dialog', { name: 'Soon gone' });
    const deleted = await deps.promptCatalog.deleteOwnPrompt(userId ?? '', made.data.id);
    if (!deleted.success) throw new Error(deleted.error.message);
    await userEvent.click(within(viewer).getByRole('button', { name: 'Run prompt' }));
    expect(await screen.findByText('This prompt no longer exists. It may have been deleted in another window.')).toBeTruthy();
  });
});
