import { describe, expect, it } from 'vitest';
import {
  createBrowserContainer,
  createCliContainer,
  createServerContainer,
  forRequest,
  lazyUseCases,
  resolveUseCases,
} from '../../../adapters/composition/containers.js';
import { createInMemoryDependencies } from '../../../adapters/composition/in-memory-dependencies.js';
import { BROWSER_USE_CASES, CLI_USE_CASES, SERVER_USE_CASES, USE_CASE_DEFINITIONS } from '../../../adapters/composition/use-case-registry.js';
import * as account from '../../../core/account/index.js';
import * as auth from '../../../core/auth/index.js';
import * as billing from '../../../core/billing/index.js';
import * as chat from '../../../core/chat/index.js';
import * as credits from '../../../core/credits/index.js';
import * as ui from '../../../core/interface/index.js';
import * as prompts from '../../../core/prompts/index.js';
import { ok } from '../../../core/shared/index.js';

const signedInAs = (user: { id: string; email: string }) => async () =>
  ok({ id: user.id, email: user.email, userMetadata: {}, appMetadata: { provider: 'email' }, createdAt: '2026-01-01T00:00:00Z' });

const useCaseFactories = { ...account, ...auth, ...billing, ...chat, ...credits, ...ui, ...prompts };

describe('composition', () => {
  it('resolves every browser use case from the browser container', () => {
    const useCases = resolveUseCases(createBrowserContainer(createInMemoryDependencies()), 'browser');
    expect(Object.keys(useCases).sort()).toEqual([...BROWSER_USE_CASES].sort());
    for (const useCase of Object.values(useCases)) expect(useCase).toBeDefined();
  });

  it('resolves every server use case for a request and every CLI use case', () => {
    const { authenticator: _browserOnly, ...ports } = createInMemoryDependencies();
    const server = createServerContainer(ports);
    const request = forRequest(server, { currentUser: signedInAs({ id: 'u1', email: 'a@example.com' }) });
    expect(Object.keys(resolveUseCases(request, 'server')).sort()).toEqual([...SERVER_USE_CASES].sort());
    expect(Object.keys(resolveUseCases(createCliContainer(ports), 'cli')).sort()).toEqual([...CLI_USE_CASES].sort());
  });

  it('issue 2 §4: every use case core exports is defined and reached by at least one entry point', () => {
    const made = Object.keys(useCaseFactories)
      .filter((name) => /^make[A-Z]/.test(name))
      .map((name) => name.charAt(4).toLowerCase() + name.slice(5));
    expect(made.length).toBeGreaterThan(40);
    expect(made.filter((name) => !(name in USE_CASE_DEFINITIONS))).toEqual([]);
    const exposed = new Set<string>([...BROWSER_USE_CASES, ...SERVER_USE_CASES, ...CLI_USE_CASES]);
    expect(Object.keys(USE_CASE_DEFINITIONS).filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('issue 2 §4: each container builds every use case it exposes, not only names it', () => {
    const deps = createInMemoryDependencies();
    const { authenticator: _browserOnly, ...ports } = deps;
    const request = forRequest(createServerContainer(ports), { currentUser: signedInAs({ id: 'u1', email: 'a@example.com' }) });
    const built = [
      resolveUseCases(createBrowserContainer(deps), 'browser'),
      resolveUseCases(request, 'server'),
      resolveUseCases(createCliContainer(ports), 'cli'),
    ];
    for (const useCases of built) {
      for (const [name, useCase] of Object.entries(useCases)) expect([name, typeof useCase]).not.toEqual([name, 'undefined']);
    }
  });

  it('a request\'s server use cases resolved lazily: each on first use, then the same one; all of them there', async () => {
    const { authenticator: _browserOnly, ...ports } = createInMemoryDependencies();
    const server = createServerContainer(ports);
    const made: string[] = [];
    const request = forRequest(server, { currentUser: signedInAs({ id: 'u1', email: 'a@example.com' }) });
    const get = request.get.bind(request);
    request.get = ((token: symbol) => (made.push(String(token.description)), get(token))) as typeof request.get;
    const useCases = lazyUseCases(request);
    expect(made).toEqual(['ensemble.entryPoint']);
    const listModels = useCases.listModels;
    expect(useCases.listModels).toBe(listModels);
    expect(made).toEqual(['ensemble.entryPoint', 'ensemble.useCase.listModels']);
    expect((await useCases.listModels()).success).toBe(true);
    expect(Object.keys(useCases).sort()).toEqual([...SERVER_USE_CASES].sort());
    expect(() => lazyUseCases(createCliContainer(ports))).toThrow(/built for the cli/);
  });

  it('refuses to hand one entry point the use cases of another', () => {
    const container = createCliContainer(createInMemoryDependencies());
    expect(() => resolveUseCases(container, 'browser')).toThrow(/built for the cli/);
  });

  it('names the missing port when a container lacks one', () => {
    const container = createBrowserContainer({ logger: createInMemoryDependencies().logger });
    expect(() => resolveUseCases(container, 'browser')).toThrow();
  });

  it('wires the browser use cases together: a code sign-in is seen by the account use cases', async () => {
    const deps = createInMemoryDependencies();
    const useCases = resolveUseCases(createBrowserContainer(deps), 'browser');
    await useCases.sessionController.loaded();
    expect((await useCases.getAccountStatus()).success).toBe(false);

    expect((await useCases.requestEmailCode({ email: 'reader@example.com' })).success).toBe(true);
    const code = deps.db.mailbox.at(-1)?.code;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await useCases.verifyEmailCode({ email: 'reader@example.com', code: code as string });
    expect(verified.success).toBe(true);
    const status = await useCases.getAccountStatus();
    expect(status).toMatchObject({ success: true, data: { subscribed: false } });
    expect(useCases.sessionController.getState().user?.email).toBe('reader@example.com');
  });

  it('keeps one credit balance: what the server ledger grants, the profile shows', async () => {
    const deps = createInMemoryDependencies();
    const user = deps.db.createUser({ email: 'payer@example.com', provider: 'email' });
    const server = createServerContainer(deps);
    const request = resolveUseCases(forRequest(server, { currentUser: signedInAs({ id: user.id, email: 'payer@example.com' }) }), 'server');
    expect((await request.grantCredits({ userId: user.id, amount: 40, reason: 'welcome' })).success).toBe(true);
    expect(deps.db.publicProfile(user.id)?.credits).toBe(40);
    expect(await request.getCreditBalance()).toMatchObject({ success: true, data: 40 });
  });
});
