// A new chat's models are asked while its admission (the one write that holds the credits and writes
// the conversation, its turn and the message) is under way: what they send waits for that write, and
// a refused write stops them, nothing shown or charged, the same refusal as before.
import { describe, expect, it } from 'vitest';
import type { ChatRequest, ChatStreamEvent, ConversationTurns, ModelGateway } from '../../../core/chat/index.js';
import { makeRunChat } from '../../../core/chat/index.js';
import { estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import { inMemoryAppWorld, readAll, type InMemoryAppWorld } from '../../support/in-memory-app-world.js';

/** A gate the test opens: the admission write waits behind it. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * The world's turns, the admission write (`start`) held until `held` opens; `calls` counts the
 * writes begun. Every other method is the world's own.
 */
function heldTurns(w: InMemoryAppWorld, held: Promise<void>) {
  const calls: number[] = [];
  const turns = new Proxy(w.conversationTurns, {
    get(target, key) {
      if (key === 'start') {
        return async (input: Parameters<ConversationTurns['start']>[0]) => {
          calls.push(Date.now());
          await held;
          return target.start(input);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { turns, calls };
}

/**
 * A gateway that sends as providers do: once asked, the model's events arrive on their own (here all
 * at once, read from the world's gateway) whether or not anyone reads them yet. `arrived` lists them.
 */
function pushingGateway(w: InMemoryAppWorld) {
  const arrived: ChatStreamEvent[] = [];
  const signals: ChatRequest['signal'][] = [];
  const gateway: ModelGateway = {
    listModels: () => w.modelGateway.listModels(),
    stream(request) {
      signals.push(request.signal);
      const queue: ChatStreamEvent[] = [];
      const waiting: { wake: (() => void) | null } = { wake: null };
      let ended = false;
      void (async () => {
        for await (const event of w.modelGateway.stream(request)) {
          arrived.push(event);
          queue.push(event);
          waiting.wake?.();
        }
        ended = true;
        waiting.wake?.();
      })();
      return (async function* () {
        for (;;) {
          const next = queue.shift();
          if (next) yield next;
          else if (ended) return;
          else await new Promise<void>((resolve) => (waiting.wake = resolve));
        }
      })();
    },
  };
  return { gateway, arrived, signals };
}

const minimal = minimalAnswerCredits(IN_MEMORY_MODELS.find((m) => m.id === 'echo-basic')!, estimateTokens('hi'));

async function world(credits: number) {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, credits);
  const held = gate();
  const { turns, calls } = heldTurns(w, held.opened);
  const pushing = pushingGateway(w);
  const runChat = makeRunChat({ ...w, conversationTurns: turns, modelGateway: pushing.gateway });
  return { w, userId, held, calls, pushing, runChat };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a new chat: the models are asked beside the admission write', () => {
  it('the model is asked while the write is under way; what it sends waits for the write, then comes in the usual order', async () => {
    const { w, userId, held, calls, pushing, runChat } = await world(1000);
    const running = runChat({ message: 'hi', modelIds: ['echo-basic'] });
    let answered = false;
    void running.then(() => (answered = true));
    await settle();
    // The write has begun and waits; the model was asked and its whole answer has arrived meanwhile.
    expect(calls).toHaveLength(1);
    expect(w.modelGateway.requests).toHaveLength(1);
    expect(pushing.arrived.filter((e) => e.type === 'delta').length).toBeGreaterThan(0);
    // Nothing of it is given out before the write commits.
    expect(answered).toBe(false);
    held.open();
    const run = await running;
    if (!run.success) throw new Error(run.error.message);
    const events = await readAll(run.data.events);
    // The same events as the model sent, in its order: start, the text, the finish (charged).
    expect(events.map((e) => e.type)).toEqual(['start', ...pushing.arrived.filter((e) => e.type === 'delta').map(() => 'delta'), 'finish']);
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : '')).join('')).toBe('echo-basic heard: hi');
    const [answer] = await run.data.settled;
    expect(answer).toMatchObject({ finishReason: 'stop', error: null });
    expect(answer!.creditsCharged).toBeGreaterThan(0);
    // One request only: the answer took the early one over rather than asking again.
    expect(w.modelGateway.requests).toHaveLength(1);
    const messages = await w.conversationStore.listMessages(userId, run.data.conversationId);
    if (!messages.success) throw new Error(messages.error.message);
    expect(messages.data.map((m) => [m.role, m.content])).toEqual([['user', 'hi'], ['assistant', 'echo-basic heard: hi']]);
  });

  it('a refused write (credits held by a running chat) stops the model asked beside it: the same 402, nothing shown, saved or charged', async () => {
    const { w, userId, held, pushing, runChat } = await world(minimal);
    held.open();
    const first = await runChat({ message: 'hi', modelIds: ['echo-basic'] });
    if (!first.success) throw new Error(first.error.message);
    const second = await runChat({ message: 'hi', modelIds: ['echo-basic'] });
    expect(second).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits', details: { balance: minimal, required: minimal, held: minimal } }) });
    // The second chat's model was asked, and stopped by the refusal.
    expect(pushing.signals).toHaveLength(2);
    expect(pushing.signals.map((s) => s?.aborted)).toEqual([false, true]);
    await readAll(first.data.events);
    const charged = (await first.data.settled)[0]!.creditsCharged;
    // Only the first chat is kept and paid for.
    const conversations = await w.conversationStore.listConversations(userId);
    expect(conversations.success && conversations.data).toHaveLength(1);
    const balance = await w.usageLedger.getBalance(userId);
    expect(balance).toEqual({ success: true, data: minimal - charged });
  });

  it('a paid model without a subscription: the 403 as before, the models asked beside the write stopped, the write undone', async () => {
    const { w, userId, held, pushing, runChat } = await world(1000);
    held.open();
    const refused = await runChat({ message: 'hi', modelIds: ['echo-basic', 'echo-pro'] });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'forbidden', details: { modelIds: ['echo-pro'] } }) });
    expect(pushing.signals.map((s) => s?.aborted)).toEqual([true, true]);
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
    expect(await w.usageLedger.getBalance(userId)).toEqual({ success: true, data: 1000 });
  });

  it('a client gone while the write is under way stops the model asked early; nothing is charged', async () => {
    const { w, userId, held, pushing, runChat } = await world(1000);
    const controller = new AbortController();
    const running = runChat({ message: 'hi', modelIds: ['echo-basic'], signal: controller.signal });
    await settle();
    controller.abort();
    expect(pushing.signals[0]?.aborted).toBe(true);
    held.open();
    const run = await running;
    if (!run.success) throw new Error(run.error.message);
    const events = await readAll(run.data.events);
    expect(events.filter((e) => e.type === 'delta')).toEqual([]);
    expect(await run.data.settled).toEqual([expect.objectContaining({ finishReason: 'aborted', creditsCharged: 0, messageId: null })]);
    expect(await w.usageLedger.getBalance(userId)).toEqual({ success: true, data: 1000 });
  });

  it('a follow-up in an existing conversation asks its models after the write, which reads the history they see', async () => {
    const { w, userId, held, calls, runChat } = await world(1000);
    held.open();
    const first = await runChat({ message: 'hi', modelIds: ['echo-basic'] });
    if (!first.success) throw new Error(first.error.message);
    await readAll(first.data.events);
    const asked = w.modelGateway.requests.length;
    const next = await runChat({ conversationId: first.data.conversationId, message: 'again', modelIds: ['echo-basic'] });
    if (!next.success) throw new Error(next.error.message);
    await readAll(next.data.events);
    expect(calls).toHaveLength(2);
    expect(w.modelGateway.requests).toHaveLength(asked + 1);
    expect(w.modelGateway.requests.at(-1)?.messages.map((m) => m.content)).toEqual(['hi', 'echo-basic heard: hi', 'again']);
    expect(userId).toBeTruthy();
  });
});
