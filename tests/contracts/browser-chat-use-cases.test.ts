import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerKeptChatPorts } from '../../adapters/composition/browser-dependencies.js';
import { createBrowserContainer, resolveUseCases } from '../../adapters/composition/containers.js';
import { createInMemoryDependencies } from '../../adapters/composition/in-memory-dependencies.js';
import type { ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import type { ChatMessage } from '../../core/domain/chat.js';
import type { CurrentUser } from '../../core/use-cases/index.js';
import type { ChatRun, ModelAnswer } from '../../core/use-cases/support/chat-answers.js';
import type { Result } from '../../core/shared/result.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';

/**
 * The chat use cases as the browser runs them (the browser composition's server-kept ports over
 * /api, as adapters/composition/browser-dependencies.ts wires them) must leave on the server what
 * the same steps leave when the server's own use cases run them, and charge the same credits.
 */

// Two offline models with different prices, so that each model's charge is told apart.
const CATALOGUE: readonly ModelCatalogueEntry[] = [
  { id: 'offline', label: 'Offline model', provider: 'offline', inputCreditsPer1k: 1, outputCreditsPer1k: 1, plan: 'free' },
  { id: 'offline-twin', label: 'Offline twin', provider: 'offline', inputCreditsPer1k: 9, outputCreditsPer1k: 13, plan: 'free' },
];
const BOTH = ['offline', 'offline-twin'];
const FUNDS = 5_000;

type ChatUseCases = {
  runChat(input: { conversationId?: string; message: string; modelIds: readonly string[] }): Promise<Result<ChatRun>>;
  regenerateAnswer(input: { conversationId: string }): Promise<Result<ChatRun>>;
  editLastMessage(input: { conversationId: string; message: string }): Promise<Result<ChatRun>>;
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ catalogue: CATALOGUE });
});
afterAll(async () => {
  await s?.close();
});

const asUser = (userId: string, email: string): CurrentUser => async () => ({
  success: true,
  data: { id: userId, email, userMetadata: {}, appMetadata: { provider: 'email' }, createdAt: new Date(0).toISOString() },
});

/**
 * The browser's use cases, signed in with the harness token (what supabase.auth.getSession() gives
 * browser-dependencies.ts). The chat, conversation and credit ports are the browser's own; the
 * Supabase-backed and page ports, which these use cases do not reach, are the in-memory ones.
 */
const browserUseCases = (user: { userId: string; email: string; token: string }): ChatUseCases => {
  const container = createBrowserContainer({
    ...createInMemoryDependencies(),
    ...createServerKeptChatPorts({ baseUrl: s.url, accessToken: async () => user.token }),
    // Read only for paid models (none here); in the browser it is Supabase under the user's row-level security.
    profileStore: s.data.profileStore,
    currentUser: asUser(user.userId, user.email),
  });
  return resolveUseCases(container, 'browser');
};

const serverUseCases = (user: { userId: string; email: string }): ChatUseCases => s.composed.useCases.forCaller(asUser(user.userId, user.email));

/** Reads a run to its end, as the chat view does, and answers every model's saved and charged answer. */
const finished = async (started: Result<ChatRun>): Promise<{ conversationId: string; answers: readonly ModelAnswer[] }> => {
  if (!started.success) throw new Error(`${started.error.code}: ${started.error.message}`);
  for await (const event of started.data.events) if (event.type === 'error') throw new Error(`${event.modelId}: ${event.message}`);
  return { conversationId: started.data.conversationId, answers: await started.data.settled };
};

/** The same four steps: a new chat with two models, a follow-up, a regenerate, an edit of the last message. */
const chatSteps = async (useCases: ChatUseCases, balance: () => number) => {
  const steps: { charged: Record<string, number>; balanceDrop: number }[] = [];
  const step = async (run: () => Promise<Result<ChatRun>>) => {
    const before = balance();
    const done = await finished(await run());
    expect(done.answers.map((a) => a.finishReason)).toEqual(BOTH.map(() => 'stop'));
    steps.push({ charged: Object.fromEntries(done.answers.map((a) => [a.modelId, a.creditsCharged])), balanceDrop: before - balance() });
    return done.conversationId;
  };
  const conversationId = await step(() => useCases.runChat({ message: 'Plan a weekend in Porto for two', modelIds: BOTH }));
  await step(() => useCases.runChat({ conversationId, message: 'Which of those places are good when it rains?', modelIds: BOTH }));
  await step(() => useCases.regenerateAnswer({ conversationId }));
  await step(() => useCases.editLastMessage({ conversationId, message: 'Which museums open on Sunday mornings?' }));
  return { conversationId, steps };
};

/** A stored thread without ids and times; answers to one message are sorted by model (they finish in any order). */
const thread = (messages: readonly ChatMessage[]) => {
  const exchanges: { role: string; content: string; modelId: string | null; inputTokens: number | null; outputTokens: number | null }[][] = [];
  for (const { role, content, modelId, inputTokens, outputTokens } of messages) {
    if (role === 'user' || exchanges.length === 0) exchanges.push([]);
    exchanges.at(-1)?.push({ role, content, modelId, inputTokens, outputTokens });
  }
  return exchanges.map(([question, ...answers]) => [question, ...answers.sort((a, b) => (a.modelId ?? '').localeCompare(b.modelId ?? ''))]);
};

const stored = async (userId: string, conversationId: string) => {
  const conversation = await s.data.conversationStore.getConversation(userId, conversationId);
  const messages = await s.data.conversationStore.listMessages(userId, conversationId);
  const entries = await s.data.usageLedger.listEntries(userId, { limit: 100 });
  if (!conversation.success || !messages.success || !entries.success) throw new Error('the server data could not be read');
  return {
    title: conversation.data?.title,
    thread: thread(messages.data),
    ledger: entries.data.map(({ kind, amount, balanceAfter, modelId }) => ({ kind, amount, balanceAfter, modelId })),
  };
};

describe('browser chat use cases through the app server', () => {
  it('runChat, regenerateAnswer and editLastMessage store and charge exactly what the server-side use cases do', async () => {
    const viaBrowser = await s.signIn(FUNDS);
    const viaServer = await s.signIn(FUNDS);

    const browser = await chatSteps(browserUseCases(viaBrowser), () => s.balance(viaBrowser.userId));
    const server = await chatSteps(serverUseCases(viaServer), () => s.balance(viaServer.userId));

    const browserSide = await stored(viaBrowser.userId, browser.conversationId);
    const serverSide = await stored(viaServer.userId, server.conversationId);
    expect(browserSide).toEqual(serverSide);
    // Two exchanges (the second edited), each answered by both models; charges were made.
    expect(browserSide.thread.map((e) => e.map((m) => m?.modelId ?? null))).toEqual([[null, ...BOTH], [null, ...BOTH]]);
    expect(browserSide.thread[1]?.[0]?.content).toBe('Which museums open on Sunday mornings?');
    expect(browserSide.ledger.filter((e) => e.kind === 'usage_charge')).toHaveLength(8);
    const listed = await s.data.conversationStore.listConversations(viaBrowser.userId);
    expect(listed.success && listed.data.map((c) => c.id)).toEqual([browser.conversationId]);

    // What the browser reports charged is what the server charged, answer by answer.
    expect(browser.steps).toEqual(server.steps);
    for (const step of browser.steps) {
      expect(step.balanceDrop).toBeGreaterThan(0);
      expect(Object.values(step.charged).reduce((sum, c) => sum + c, 0)).toBe(step.balanceDrop);
    }
    expect(s.balance(viaBrowser.userId)).toBe(s.balance(viaServer.userId));
  });
});
