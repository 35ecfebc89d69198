import { describe, expect, it } from 'vitest';
import { buildBrowserUseCases, buildServerUseCases, buildUseCase, buildUseCases } from '../../../adapters/composition/build-use-cases.js';
import { createInMemoryAdapters, createInMemoryUseCases } from '../../../adapters/composition/in-memory.js';
import { inMemoryServerPorts } from '../../../adapters/composition/server-data-ports.js';
import { createServerComposition, createServerUseCases, type ServerWiringSettings } from '../../../adapters/composition/server.js';
import { BROWSER_USE_CASES, CLI_USE_CASES, SERVER_USE_CASES, USE_CASE_DEFINITIONS, type UseCaseName } from '../../../adapters/composition/use-case-registry.js';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { IN_MEMORY_MODELS, InMemoryModelGateway } from '../../../adapters/in-memory/in-memory-model-gateway.js';
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

const needsCaller = (name: UseCaseName) => (USE_CASE_DEFINITIONS[name].needs as readonly string[]).includes('currentUser');

/** A server's `build` that records each use case it builds. */
function recordingBuild() {
  const built: string[] = [];
  const build: typeof buildUseCase = (name, deps, entryPoint) => {
    const useCase = buildUseCase(name, deps, entryPoint);
    built.push(name);
    return useCase;
  };
  return { built, build };
}

describe('the composition roots', () => {
  it('the browser gets every browser use case, each built', () => {
    const { browser } = createInMemoryUseCases();
    expect(Object.keys(browser).sort()).toEqual([...BROWSER_USE_CASES].sort());
    for (const [name, useCase] of Object.entries(browser)) expect([name, typeof useCase]).not.toEqual([name, 'undefined']);
  });

  it('the server has its caller-free use cases at once and every server use case for a verified caller; the support program has its own', () => {
    const { server, cli } = createInMemoryUseCases();
    expect(Object.keys(server.shared).sort()).toEqual(SERVER_USE_CASES.filter((name) => !needsCaller(name)).sort());
    expect(Object.keys(server.shared)).toEqual(expect.arrayContaining(['listModels', 'loadPlanOffer', 'handleBillingWebhook', 'openSharedConversation']));
    expect(Object.keys(server.forCaller(signedInAs({ id: 'u1', email: 'a@example.com' }))).sort()).toEqual([...SERVER_USE_CASES].sort());
    expect(Object.keys(cli).sort()).toEqual([...CLI_USE_CASES].sort());
  });

  it('every use case core exports is defined and reached by at least one entry point', () => {
    const made = Object.keys(useCaseFactories)
      .filter((name) => /^make[A-Z]/.test(name))
      .map((name) => name.charAt(4).toLowerCase() + name.slice(5));
    expect(made.length).toBeGreaterThan(40);
    expect(made.filter((name) => !(name in USE_CASE_DEFINITIONS))).toEqual([]);
    const exposed = new Set<string>([...BROWSER_USE_CASES, ...SERVER_USE_CASES, ...CLI_USE_CASES]);
    expect(Object.keys(USE_CASE_DEFINITIONS).filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('the server builds every use case it exposes for a caller from what it has, not only names it', async () => {
    const { db: _db, serviceRole: _scope, ...ports } = createInMemoryAdapters();
    const { built, build } = recordingBuild();
    // Each use case is built for real; the call that follows goes to a stand-in answering its name.
    const source = buildServerUseCases(ports, (name, deps, entryPoint) => (build(name, deps, entryPoint), (() => name) as never));
    const caller = source.forCaller(signedInAs({ id: 'u1', email: 'a@example.com' }));
    for (const [name, useCase] of Object.entries(caller)) expect((useCase as () => unknown)()).toBe(name);
    expect(built.sort()).toEqual([...SERVER_USE_CASES].sort());
  });

  it("a caller's use cases are built on first call, each once and only the one called", async () => {
    const { db: _db, serviceRole: _scope, ...ports } = createInMemoryAdapters();
    const { built, build } = recordingBuild();
    const source = buildServerUseCases(ports, build);
    const caller = source.forCaller(signedInAs({ id: 'u1', email: 'a@example.com' }));
    expect(built).toEqual([]);
    const listModels = caller.listModels;
    expect(caller.listModels).toBe(listModels);
    expect((await caller.listModels()).success).toBe(true);
    expect((await caller.listModels()).success).toBe(true);
    expect(built).toEqual(['listModels']);
    expect((await caller.getCreditBalance()).success).toBe(true);
    expect(built).toEqual(['listModels', 'getCreditBalance']);
  });

  it('names what is missing when an entry point lacks a dependency a use case needs', () => {
    const { logger } = createInMemoryAdapters();
    expect(() => buildBrowserUseCases({ logger })).toThrow('The browser cannot build getCurrentUser: it has no authenticator');
    expect(() => buildUseCases(['lookUpUser'], { logger }, 'CLI')).toThrow('The CLI cannot build lookUpUser: it has no userDirectory, profileStore, profilingStore, usageLedger');
  });

  it('wires the browser use cases together: a code sign-in is seen by the account use cases', async () => {
    const adapters = createInMemoryAdapters();
    const { browser: useCases } = createInMemoryUseCases(adapters);
    await useCases.sessionController.loaded();
    expect((await useCases.getAccountStatus()).success).toBe(false);

    expect((await useCases.requestEmailCode({ email: 'reader@example.com' })).success).toBe(true);
    const code = adapters.db.mailbox.at(-1)?.code;
    expect(code).toMatch(/^\d{6}$/);
    const verified = await useCases.verifyEmailCode({ email: 'reader@example.com', code: code as string });
    expect(verified.success).toBe(true);
    const status = await useCases.getAccountStatus();
    expect(status).toMatchObject({ success: true, data: { subscribed: false } });
    expect(useCases.sessionController.getState().user?.email).toBe('reader@example.com');
  });

  it("the browser's sign-in failures reach the session controller's error state", async () => {
    const adapters = createInMemoryAdapters();
    const { browser: useCases } = createInMemoryUseCases(adapters);
    await useCases.sessionController.loaded();
    expect((await useCases.requestEmailCode({ email: 'reader@example.com' })).success).toBe(true);
    const wrongCode = adapters.db.mailbox.at(-1)?.code === '000000' ? '111111' : '000000';
    const refused = await useCases.verifyEmailCode({ email: 'reader@example.com', code: wrongCode });
    expect(refused.success).toBe(false);
    expect(useCases.sessionController.getState().error).toEqual(refused.success ? null : refused.error);
  });

  it('keeps one credit balance: what the server grants a user, the browser shows them', async () => {
    const adapters = createInMemoryAdapters();
    const { browser, server } = createInMemoryUseCases(adapters);
    const user = adapters.db.createUser({ email: 'payer@example.com', provider: 'email' });
    const forUser = server.forCaller(signedInAs({ id: user.id, email: 'payer@example.com' }));
    expect((await forUser.grantCredits({ userId: user.id, amount: 40, reason: 'welcome' })).success).toBe(true);
    expect(await forUser.getCreditBalance()).toMatchObject({ success: true, data: 40 });
    adapters.authenticator.signInAs(user.id);
    expect(await browser.getAccountStatus()).toMatchObject({ success: true, data: { credits: 40 } });
  });

  it("the app server's root reads the full ports in their reading roles and brings its own PDF reader and clock", async () => {
    const ports = inMemoryServerPorts({ catalogue: IN_MEMORY_MODELS });
    const useCases = createServerUseCases({ ...ports, billingGateway: new InMemoryBillingGateway(), modelGateway: new InMemoryModelGateway(), logger: new InMemoryLogger(), creditsPerPeriod: 100, planProductId: null });
    expect(await useCases.shared.listModels()).toMatchObject({ success: true, data: IN_MEMORY_MODELS.map((m) => ({ id: m.id })) });
    const user = ports.db.createUser({ email: 'reader@example.com', provider: 'email' });
    const caller = useCases.forCaller(signedInAs({ id: user.id, email: 'reader@example.com' }));
    const created = await caller.createConversation({ title: 'Notes' });
    expect(created).toMatchObject({ success: true, data: { title: 'Notes' } });
    expect(await caller.listConversations({})).toMatchObject({ success: true, data: [{ title: 'Notes' }] });
    expect(await caller.getCreditBalance()).toEqual({ success: true, data: 0 });
    const text = new TextEncoder().encode('plain notes');
    expect(await caller.attachFile({ name: 'notes.txt', type: 'text/plain', bytes: text })).toMatchObject({ success: true, data: { name: 'notes.txt' } });
  });

  it("the app server's root wires the billing guard, the relay and the token verifier, and refuses to start with no way to verify tokens", async () => {
    const settings: ServerWiringSettings = {
      supabase: { url: 'http://127.0.0.1:1', anonKey: 'anon', jwtSecret: 'a-secret-long-enough-for-hs256-signing' },
      sessionCheckMs: 0,
      billing: null,
      billingWebhookSecret: null,
      billingCalls: { breakerFailures: 3, breakerCooldownMs: 30_000 },
      creditsPerPeriod: 100,
      chatRuns: { flushMs: 25 },
      faults: { webhookCrash: null },
    };
    const input = { settings, logger: new InMemoryLogger(), data: inMemoryServerPorts({ catalogue: IN_MEMORY_MODELS }), billing: null, modelGateway: new InMemoryModelGateway() };
    const composed = createServerComposition(input);
    if (!composed.success) throw new Error(composed.error.message);
    // No billing provider: the guard says billing is unavailable, and the use cases get its refusal.
    expect(composed.data.billing.available).toBe(false);
    expect(await composed.data.useCases.shared.loadPlanOffer()).toMatchObject({ success: true, data: { available: false } });
    expect(composed.data.relay.running).toBe(0);
    expect(await composed.data.verifyToken('not-a-token')).toMatchObject({ ok: false, reason: 'invalid' });
    // No webhook secret: the billing webhook's reader refuses every delivery as unconfigured.
    expect(composed.data.webhookReader.configured).toBe(false);
    expect(createServerComposition({ ...input, settings: { ...settings, supabase: null } })).toMatchObject({ success: false, error: { code: 'validation' } });
  });
});
