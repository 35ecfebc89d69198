// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../web/client/app/app.js';
import type { SessionState } from '../../../web/client/use-cases/use-cases-provider.js';
import { englishI18n } from './support/render.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

afterEach(cleanup);

// Pages are lazy chunks; loading them once up front keeps each test about routing, not module loading.
beforeAll(async () => {
  await Promise.all([
    import('../../../web/client/features/home/routes/home-page.js'),
    import('../../../web/client/features/legal/routes/privacy-page.js'),
    import('../../../web/client/features/legal/routes/terms-page.js'),
    import('../../../web/client/features/legal/routes/faq-page.js'),
    import('../../../web/client/features/sign-in/routes/signup-page.js'),
    import('../../../web/client/app/subscribe-area.js'),
    import('../../../web/client/features/onboarding/routes/profiling-page.js'),
    import('../../../web/client/app/chat-area.js'),
    import('../../../web/client/features/chat/routes/chat-route.js'),
    import('../../../web/client/features/library/routes/library-route.js'),
  ]);
});

function renderAt(path: string, session?: SessionState, signedIn: 'profiled' | 'new' | null = 'profiled', kept: Record<string, string> = {}) {
  const memory = memoryLocation({ path, record: true });
  const world = inMemoryUseCases(signedIn ? { signedIn } : {});
  for (const [key, value] of Object.entries(kept)) world.deps.keyValueStore.set(key, value);
  render(<App i18n={englishI18n()} useCases={world.useCases} routerHook={memory.hook} {...(session ? { session } : {})} />);
  return { current: () => memory.history.at(-1), kept: (key: string) => world.deps.keyValueStore.get(key) };
}

describe('routes (app §2)', () => {
  it('/auth redirects to /', async () => {
    const at = renderAt('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: /Ask once/ })).toBeTruthy();
    expect(at.current()).toBe('/');
  });

  it('/sandbox redirects to /chat', async () => {
    const at = renderAt('/sandbox');
    expect(await screen.findByRole('button', { name: 'New chat' })).toBeTruthy();
    expect(at.current()).toBe('/chat');
  });

  it('an unknown path redirects to /', async () => {
    const at = renderAt('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: /Ask once/ });
    expect(at.current()).toBe('/');
  });

  it.each([
    ['/privacy-policy', 'Privacy policy', undefined],
    ['/terms-of-use', 'Terms of use', undefined],
    ['/faq', 'Frequently asked questions', undefined],
    ['/signup', 'Sign in to Ensemble', null],
    ['/subscribe', 'Subscribe to Ensemble', 'profiled'],
    ['/profiling', 'What best describes your role?', 'new'],
  ] as const)('%s shows its page', async (path, heading, signedIn) => {
    renderAt(path, undefined, signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it.each(['/chat', '/chat/all', '/chat/prompts', '/chat/0b6e2f4c-1a'])('%s opens inside the chat layout', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('complementary', { name: 'Chats and account' })).toBeTruthy();
  });

  it('the guard waits for the first session fetch before showing a guarded page (app §4)', async () => {
    const memory = memoryLocation({ path: '/signup' });
    const i18n = englishI18n();
    const { useCases } = inMemoryUseCases();
    const loading: SessionState = { loading: true, session: null, user: null, error: null };
    const loaded: SessionState = { ...loading, loading: false };
    const view = render(<App i18n={i18n} useCases={useCases} routerHook={memory.hook} session={loaded} />);
    await screen.findByRole('heading', { name: 'Sign in to Ensemble' });
    view.rerender(<App i18n={i18n} useCases={useCases} routerHook={memory.hook} session={loading} />);
    expect(screen.queryByRole('heading', { name: 'Sign in to Ensemble' })).toBeNull();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    view.rerender(<App i18n={i18n} useCases={useCases} routerHook={memory.hook} session={loaded} />);
    expect(screen.getByRole('heading', { name: 'Sign in to Ensemble' })).toBeTruthy();
  });

  it('guard: a signed-out visitor of a member page goes to /signup', async () => {
    const at = renderAt('/chat/prompts', undefined, null);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Ensemble' });
    expect(at.current()).toBe('/signup');
    expect(at.kept('ensemble.returnTo')).toBe('/chat/prompts');
  });

  it('guard: after sign-in the visitor returns where they were going', async () => {
    const at = renderAt('/signup', undefined, 'profiled', { 'ensemble.returnTo': '/chat/prompts' });
    expect(await screen.findByRole('complementary', { name: 'Chats and account' })).toBeTruthy();
    expect(at.current()).toBe('/chat/prompts');
  });

  it('guard: a signed-in user who has not finished profiling goes to /profiling', async () => {
    const at = renderAt('/chat', undefined, 'new');
    await screen.findByRole('heading', { level: 1, name: 'What best describes your role?' });
    expect(at.current()).toBe('/profiling');
  });

  it('app §6 turbo check: when the profile cannot be read, the browser goes to /', async () => {
    const memory = memoryLocation({ path: '/chat', record: true });
    const { useCases, deps } = inMemoryUseCases({ signedIn: 'profiled' });
    deps.profileStore.failures.failNext('getProfile');
    render(<App i18n={englishI18n()} useCases={useCases} routerHook={memory.hook} />);
    await screen.findByRole('heading', { level: 1, name: /Ask once/ });
    expect(memory.history.at(-1)).toBe('/');
  });

  it('unguarded pages do not wait for the session', async () => {
    renderAt('/faq', { loading: true, session: null, user: null, error: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeTruthy();
  });
});
