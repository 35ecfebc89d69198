import { describe, expect, it } from 'vitest';
import { echoTokens, IN_MEMORY_MODELS, InMemoryModelGateway } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import type { ChatStreamEvent, ModelInfo, ModelGateway, RunChatInput } from '../../../core/chat/index.js';
import { creditsForUsage, estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { domainError, NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { makeRunChat } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';
import type { InMemoryAppWorld } from '../../support/in-memory-app-world.js';

const model = (id: string): ModelInfo => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo;

const funded = async (credits = 1000) => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, credits);
  return { w, userId, runChat: makeRunChat(w) };
};

const start = async (runChat: ReturnType<typeof makeRunChat>, input: RunChatInput) => {
  const run = await runChat(input);
  if (!run.success) throw new Error(`run-chat refused: ${run.error.message}`);
  return run.data;
};

const textOf = (events: ChatStreamEvent[], modelId: string) =>
  events.flatMap((e) => (e.type === 'delta' && e.modelId === modelId ? [e.text] : [])).join('');

const balanceOf = async (w: InMemoryAppWorld, userId: string) => {
  const balance = await w.usageLedger.getBalance(userId);
  if (!balance.success) throw new Error(balance.error.message);
  return balance.data;
};

/**
 * A new chat's models are asked while its admission is written; a refused admission stops them:
 * each was asked once, its request aborted, nothing of it read (so nothing shown or charged).
 */
const askedAndStopped = (w: InMemoryAppWorld, modelIds: readonly string[]) => {
  expect(w.modelGateway.requests.map((r) => r.modelIds)).toEqual(modelIds.map((id) => [id]));
  expect(w.modelGateway.requests.every((r) => r.signal?.aborted === true)).toBe(true);
};

describe('run-chat: input (side-by-side chat)', () => {
  it('one to six distinct model ids and a non-empty message, or validation before anything runs', async () => {
    const { w, userId, runChat } = await funded();
    const cases: [RunChatInput, string][] = [
      [{ message: 'hi', modelIds: [] }, 'Choose at least one model'],
      [{ message: 'hi', modelIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'Choose at most 6 models'],
      [{ message: 'hi', modelIds: ['echo-basic', 'echo-basic'] }, 'Each model may be chosen once'],
      [{ message: '   ', modelIds: ['echo-basic'] }, 'Message must not be empty'],
      [{ message: 'hi', modelIds: [''] }, 'Model id must not be empty'],
    ];
    for (const [input, message] of cases) {
      expect(await runChat(input)).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message }) });
    }
    expect(w.modelGateway.requests).toEqual([]);
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
  });

  it('app §8: No authenticated user when signed out', async () => {
    const { w, runChat } = await funded();
    await w.signOut();
    expect(await runChat({ message: 'hi', modelIds: ['echo-basic'] })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'not_authenticated', message: NO_AUTHENTICATED_USER }),
    });
  });

  it('an unknown model is not_found; an unconfigured one is model_unavailable', async () => {
    const { w, runChat } = await funded();
    expect(await runChat({ message: 'hi', modelIds: ['gpt-99'] })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(await runChat({ message: 'hi', modelIds: ['echo-unconfigured'] })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'model_unavailable' }),
    });
    expect(w.modelGateway.requests).toEqual([]);
  });
});

describe('run-chat: refusals before any answer is shown', () => {
  it('app §4, §6: a paid-plan model needs an active subscription (forbidden), nothing is saved', async () => {
    const { w, userId, runChat } = await funded();
    const refused = await runChat({ message: 'hi', modelIds: ['echo-basic', 'echo-pro'] });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'forbidden', details: { modelIds: ['echo-pro'] } }) });
    askedAndStopped(w, ['echo-basic', 'echo-pro']);
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
  });

  it('app §4: subscribed (status active) users may use paid-plan models', async () => {
    const { w, userId, runChat } = await funded();
    await w.subscribe(userId);
    const run = await start(runChat, { message: 'hi', modelIds: ['echo-pro'] });
    const events = await readAll(run.events);
    expect(textOf(events, 'echo-pro')).toBe('echo-pro heard: hi');
  });

  it('a balance below the minimal answer is refused with insufficient_credits, the models asked beside it stopped', async () => {
    const message = 'Hello there';
    const needed = minimalAnswerCredits(model('echo-basic'), estimateTokens(message)) + minimalAnswerCredits(model('echo-swift'), estimateTokens(message));
    const { w, userId, runChat } = await funded(needed - 1);
    const refused = await runChat({ message, modelIds: ['echo-basic', 'echo-swift'] });
    expect(refused).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'insufficient_credits', details: { balance: needed - 1, required: needed } }),
    });
    askedAndStopped(w, ['echo-basic', 'echo-swift']);
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
    expect(await balanceOf(w, userId)).toBe(needed - 1);
  });

  it('the minimal answer is about the prompt plus 50 output tokens, priced per model', () => {
    // echo-basic: 10 credits per 1k input tokens, 30 per 1k output tokens.
    expect(minimalAnswerCredits(model('echo-basic'), 3)).toBe(2); // (3 × 10 + 50 × 30) / 1000 = 1.53 → 2
    expect(minimalAnswerCredits(model('echo-pro'), 0)).toBe(8); // (1 × 50 + 50 × 150) / 1000 = 7.55 → 8
  });

  it('a balance covering exactly the minimal answer is enough to start', async () => {
    const message = 'Hello there';
    const { runChat } = await funded(minimalAnswerCredits(model('echo-swift'), estimateTokens(message)));
    expect((await runChat({ message, modelIds: ['echo-swift'] })).success).toBe(true);
  });
});

describe('run-chat: streaming, saving and charging', () => {
  it('streams every model, saves the user message and each answer, and charges actual usage per model', async () => {
    const { w, userId, runChat } = await funded(1000);
    const run = await start(runChat, { message: 'Name three rivers', modelIds: ['echo-basic', 'echo-swift'] });
    const events = await readAll(run.events);
    const answers = await run.settled;

    expect(textOf(events, 'echo-basic')).toBe('echo-basic heard: Name three rivers');
    expect(textOf(events, 'echo-swift')).toBe('echo-swift heard: Name three rivers');
    const finishes = events.filter((e) => e.type === 'finish');
    expect(finishes.map((f) => f.modelId).sort()).toEqual(['echo-basic', 'echo-swift']);

    let expectedSpend = 0;
    for (const finish of finishes) {
      if (finish.type !== 'finish') continue;
      const usage = { inputTokens: echoTokens('Name three rivers').length, outputTokens: echoTokens(`${finish.modelId} heard: Name three rivers`).length };
      const cost = creditsForUsage(model(finish.modelId), usage);
      expectedSpend += cost;
      expect(finish).toMatchObject({ usage, finishReason: 'stop', creditsCharged: cost });
    }
    expect(await balanceOf(w, userId)).toBe(1000 - expectedSpend);
    expect(answers.map((a) => a.error)).toEqual([null, null]);

    const messages = await w.conversationStore.listMessages(userId, run.conversationId);
    expect(messages.success && messages.data.map((m) => [m.role, m.modelId, m.content])).toEqual([
      ['user', null, 'Name three rivers'],
      ['assistant', answers[0]?.modelId, `${answers[0]?.modelId} heard: Name three rivers`],
      ['assistant', answers[1]?.modelId, `${answers[1]?.modelId} heard: Name three rivers`],
    ]);
    const conversation = await w.conversationStore.getConversation(userId, run.conversationId);
    expect(conversation.success && conversation.data?.title).toBe('Name three rivers');
  });

  it('each answer is saved with how it went: ms from the model being asked to its first words and to its end, and its credits', async () => {
    const { w, userId } = await funded(1000);
    // A model that thinks 250 ms before its first word and writes for a second after it, on the world's clock.
    const timed: ModelGateway = {
      listModels: () => w.modelGateway.listModels(),
      async *stream(request) {
        const modelId = request.modelIds[0] as string;
        yield { type: 'start', modelId };
        w.clock.advance(250);
        yield { type: 'delta', modelId, text: 'Rhine,' };
        w.clock.advance(1000);
        yield { type: 'delta', modelId, text: ' Danube' };
        yield { type: 'finish', modelId, usage: { inputTokens: 40, outputTokens: 2 }, finishReason: 'stop' };
      },
    };
    const run = await start(makeRunChat({ ...w, modelGateway: timed }), { message: 'Name two rivers', modelIds: ['echo-basic'] });
    const events = await readAll(run.events);
    const finish = events.find((e) => e.type === 'finish');
    const messages = await w.conversationStore.listMessages(userId, run.conversationId);
    expect(messages.success && messages.data.map((m) => [m.role, m.firstTokenMs, m.durationMs, m.creditsCharged])).toEqual([
      ['user', undefined, undefined, undefined],
      ['assistant', 250, 1250, finish?.type === 'finish' ? finish.creditsCharged : -1],
    ]);
    expect(finish).toMatchObject({ creditsCharged: creditsForUsage(model('echo-basic'), { inputTokens: 40, outputTokens: 2 }) });
  });

  it('an answer whose charge failed is saved without a credits figure rather than a wrong one', async () => {
    const { w, userId, runChat } = await funded(1000);
    w.usageLedger.failures.failNext('settleHold', domainError('network', 'ledger down'));
    const run = await start(runChat, { message: 'Name a river', modelIds: ['echo-basic'] });
    await readAll(run.events);
    const messages = await w.conversationStore.listMessages(userId, run.conversationId);
    const answer = messages.success ? messages.data[1] : undefined;
    expect(answer).toMatchObject({ role: 'assistant', firstTokenMs: expect.any(Number), durationMs: expect.any(Number) });
    expect(answer?.creditsCharged).toBeUndefined();
  });

  it('answers of several models arrive interleaved, not one model after the other', async () => {
    const { runChat } = await funded();
    const run = await start(runChat, { message: 'one two three four', modelIds: ['echo-basic', 'echo-swift'] });
    const order = (await readAll(run.events)).filter((e) => e.type === 'delta').map((e) => e.modelId);
    expect(order.slice(0, 4)).toEqual(['echo-basic', 'echo-swift', 'echo-basic', 'echo-swift']);
  });

  it('in an existing conversation each model sees the user messages and only its own answers', async () => {
    const { w, runChat } = await funded();
    const first = await start(runChat, { message: 'first', modelIds: ['echo-basic', 'echo-swift'] });
    await readAll(first.events);
    w.modelGateway.requests.length = 0;
    const second = await start(runChat, { conversationId: first.conversationId, message: 'second', modelIds: ['echo-basic'] });
    await readAll(second.events);
    expect(w.modelGateway.requests.map((r) => r.messages)).toEqual([
      [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'echo-basic heard: first' },
        { role: 'user', content: 'second' },
      ],
    ]);
  });

  it('a conversation that does not exist (or is someone else\'s) is not_found', async () => {
    const { w, runChat } = await funded();
    const other = await w.conversationStore.createConversation('someone-else', 'Private');
    if (!other.success) throw new Error('setup');
    for (const conversationId of ['conv_missing', other.data.id]) {
      expect(await runChat({ conversationId, message: 'hi', modelIds: ['echo-basic'] })).toEqual({
        success: false,
        error: expect.objectContaining({ code: 'not_found' }),
      });
    }
    expect(w.modelGateway.requests).toEqual([]);
  });

  it('a model error is passed on uncharged while the other model finishes and is charged', async () => {
    const { w, userId, runChat } = await funded(1000);
    w.modelGateway.failStream('echo-swift', { afterTokens: 2, code: 'rate_limited', message: 'Provider rate limit' });
    const run = await start(runChat, { message: 'hello', modelIds: ['echo-basic', 'echo-swift'] });
    const events = await readAll(run.events);
    expect(events.find((e) => e.type === 'error')).toEqual({ type: 'error', modelId: 'echo-swift', code: 'rate_limited', message: 'Provider rate limit' });
    const answers = await run.settled;
    expect(answers.find((a) => a.modelId === 'echo-swift')).toMatchObject({ creditsCharged: 0, finishReason: 'error', messageId: null });
    const basic = answers.find((a) => a.modelId === 'echo-basic');
    expect(basic?.creditsCharged).toBeGreaterThan(0);
    expect(await balanceOf(w, userId)).toBe(1000 - (basic?.creditsCharged ?? 0));
  });

  it('an answer that costs more than its hold is finished and charged what the balance allows; the shortfall is logged', async () => {
    const message = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const minimal = minimalAnswerCredits(model('echo-basic'), estimateTokens(message));
    const { w, userId, runChat } = await funded(minimal);
    const run = await start(runChat, { message, modelIds: ['echo-basic'] });
    const events = await readAll(run.events);
    const finish = events.at(-1);
    if (finish?.type !== 'finish') throw new Error('the run did not end with a finish event');
    const cost = creditsForUsage(model('echo-basic'), finish.usage);
    expect(cost).toBeGreaterThan(minimal);
    expect(finish).toMatchObject({ finishReason: 'stop', creditsCharged: minimal, balance: 0 });
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(await balanceOf(w, userId)).toBe(0);
    const warning = w.logger.at('warn').find((e) => e.message === 'An answer was charged less than it cost: the balance was short');
    expect(warning?.context).toMatchObject({ modelId: 'echo-basic', charged: minimal, shortfall: cost - minimal });
  });

  it('a user message that cannot be saved stops the chat and the models asked beside it', async () => {
    const { w, runChat } = await funded();
    w.conversationStore.failures.failNext('appendMessage', domainError('network', 'db down'));
    expect(await runChat({ message: 'hi', modelIds: ['echo-basic'] })).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    askedAndStopped(w, ['echo-basic']);
  });
});

describe('run-chat: abort', () => {
  it('stops on abort: no text after it, the answer ends as aborted, what was generated is saved and charged', async () => {
    const { w, userId, runChat } = await funded(1000);
    const controller = new AbortController();
    const run = await start(runChat, { message: 'count one two three four five six', modelIds: ['echo-basic'], signal: controller.signal });
    const events: ChatStreamEvent[] = [];
    let deltasAtAbort = 0;
    for await (const event of run.events) {
      events.push(event);
      if (event.type === 'delta' && !controller.signal.aborted) {
        deltasAtAbort += 1;
        if (deltasAtAbort === 2) controller.abort();
      }
    }
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(2);
    const finish = events.find((e) => e.type === 'finish');
    const usage = { inputTokens: echoTokens('count one two three four five six').length, outputTokens: 2 };
    expect(finish).toMatchObject({ finishReason: 'aborted', usage, creditsCharged: creditsForUsage(model('echo-basic'), usage) });
    expect(await balanceOf(w, userId)).toBe(1000 - creditsForUsage(model('echo-basic'), usage));
    const messages = await w.conversationStore.listMessages(userId, run.conversationId);
    expect(messages.success && messages.data.at(-1)?.content).toBe(textOf(events, 'echo-basic'));
  });

  it('a reader that stops early aborts the models; their answers are still saved and charged', async () => {
    const { w, userId, runChat } = await funded(1000);
    const run = await start(runChat, { message: 'a b c d e f g h', modelIds: ['echo-basic', 'echo-swift'] });
    let deltas = 0;
    for await (const event of run.events) {
      if (event.type === 'delta' && (deltas += 1) === 3) break;
    }
    const answers = await run.settled;
    expect(answers.map((a) => a.finishReason)).toEqual(['aborted', 'aborted']);
    const charged = answers.reduce((sum, a) => sum + a.creditsCharged, 0);
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(w, userId)).toBe(1000 - charged);
    const full = echoTokens('echo-basic heard: a b c d e f g h').length;
    for (const a of answers) expect(a.usage.outputTokens).toBeLessThan(full);
  });

  it('a signal already aborted runs no model and charges nothing', async () => {
    const { w, userId, runChat } = await funded(1000);
    const controller = new AbortController();
    controller.abort();
    const run = await start(runChat, { message: 'hi', modelIds: ['echo-basic'], signal: controller.signal });
    expect((await readAll(run.events)).filter((e) => e.type === 'delta')).toEqual([]);
    expect(await run.settled).toEqual([expect.objectContaining({ finishReason: 'aborted', creditsCharged: 0 })]);
    expect(w.modelGateway.requests).toEqual([]);
    expect(await balanceOf(w, userId)).toBe(1000);
  });

  it('a model that ignores the abort is cut off, and what it sent is estimated and charged', async () => {
    const { w, userId } = await funded(1000);
    const stubborn = new InMemoryModelGateway();
    const ignoring = { listModels: () => stubborn.listModels(), stream: (r: Parameters<typeof stubborn.stream>[0]) => stubborn.stream({ ...r, signal: undefined }) };
    const runChat = makeRunChat({ ...w, modelGateway: ignoring });
    const controller = new AbortController();
    const run = await start(runChat, { message: 'one two three four', modelIds: ['echo-basic'], signal: controller.signal });
    const events: ChatStreamEvent[] = [];
    for await (const event of run.events) {
      events.push(event);
      if (event.type === 'delta') controller.abort();
    }
    expect(events.filter((e) => e.type === 'delta')).toHaveLength(1);
    const [answer] = await run.settled;
    expect(answer?.finishReason).toBe('aborted');
    // Not reported by the model: estimated from what it sent, two tokens of "echo-basic heard: ".
    expect(answer?.usage).toEqual({ inputTokens: estimateTokens('one two three four'), outputTokens: estimateTokens('echo-basic heard: ') });
    expect(answer?.creditsCharged).toBeGreaterThan(0);
    expect(await balanceOf(w, userId)).toBe(1000 - (answer?.creditsCharged ?? 0));
  });
});

/** Whether `amount` credits can be held for the user right now (the chat's holds are gone when it can hold everything). */
const canHold = async (w: InMemoryAppWorld, userId: string, amount: number) =>
  (await w.usageLedger.holdCredits({ userId, amount, ttlSeconds: 60 })).success;

describe('run-chat: credit holds (concurrent chats)', () => {
  const message = 'hi';
  const minimal = minimalAnswerCredits(model('echo-basic'), estimateTokens(message));

  it('a running chat holds its minimal answer: a concurrent chat beyond the balance is refused and its model stopped unread', async () => {
    const { w, userId, runChat } = await funded(minimal);
    const first = await start(runChat, { message, modelIds: ['echo-basic'] });
    const second = await runChat({ message, modelIds: ['echo-basic'] });
    expect(second).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'insufficient_credits', details: { balance: minimal, required: minimal, held: minimal } }),
    });
    // The first chat's model runs; the second's, asked beside its refused write, was stopped.
    expect(w.modelGateway.requests.map((r) => r.signal?.aborted)).toEqual([false, true]);
    const events = await readAll(first.events);
    const finish = events.find((e) => e.type === 'finish');
    if (finish?.type !== 'finish') throw new Error('no finish');
    const cost = creditsForUsage(model('echo-basic'), finish.usage);
    expect(finish.creditsCharged).toBe(cost);
    expect(await balanceOf(w, userId)).toBe(minimal - cost);
    // Settled: the hold is gone, all that is left can be held again.
    expect(await canHold(w, userId, minimal - cost)).toBe(true);
  });

  it('concurrent chats on a small balance: exactly as many start as holds fit, and each one is charged', async () => {
    const { w, userId, runChat } = await funded(minimal * 3 + 1);
    const runs = await Promise.all(Array.from({ length: 10 }, () => runChat({ message, modelIds: ['echo-basic'] })));
    const started = runs.filter((r) => r.success);
    expect(started).toHaveLength(3);
    for (const r of runs) if (!r.success) expect(r.error.code).toBe('insufficient_credits');
    let charged = 0;
    for (const r of started) if (r.success) charged += (await readAll(r.data.events), (await r.data.settled)[0]?.creditsCharged ?? 0);
    expect(charged).toBeGreaterThan(0);
    expect(await balanceOf(w, userId)).toBe(minimal * 3 + 1 - charged);
  });

  it('one hold per model answer: when one does not fit, the ones taken are given back', async () => {
    const { w, userId, runChat } = await funded(1000);
    const both = minimal + minimalAnswerCredits(model('echo-swift'), estimateTokens(message));
    const outside = await w.usageLedger.holdCredits({ userId, amount: 1000 - both + 1, ttlSeconds: 60 });
    if (!outside.success) throw new Error(outside.error.message);
    const refused = await runChat({ message, modelIds: ['echo-basic', 'echo-swift'] });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits' }) });
    askedAndStopped(w, ['echo-basic', 'echo-swift']);
    expect(await w.usageLedger.releaseHold({ holdId: outside.data.id, userId })).toEqual({ success: true, data: { released: true } });
    expect(await canHold(w, userId, 1000)).toBe(true);
  });

  it('a user message that cannot be saved gives the holds back', async () => {
    const { w, userId, runChat } = await funded(minimal);
    w.conversationStore.failures.failNext('appendMessage', domainError('network', 'db down'));
    expect((await runChat({ message, modelIds: ['echo-basic'] })).success).toBe(false);
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

  it('a conversation that cannot be created gives the holds back', async () => {
    const { w, userId, runChat } = await funded(minimal);
    w.conversationStore.failures.failNext('createConversation', domainError('network', 'db down'));
    expect((await runChat({ message, modelIds: ['echo-basic'] })).success).toBe(false);
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

  it('a model error gives its hold back uncharged', async () => {
    const { w, userId, runChat } = await funded(minimal);
    w.modelGateway.failStream('echo-basic', { afterTokens: 0, code: 'rate_limited', message: 'Provider rate limit' });
    const run = await start(runChat, { message, modelIds: ['echo-basic'] });
    await readAll(run.events);
    expect(await run.settled).toEqual([expect.objectContaining({ finishReason: 'error', creditsCharged: 0 })]);
    expect(await balanceOf(w, userId)).toBe(minimal);
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

  it('a client that aborts before the model produced anything pays nothing and the hold is given back', async () => {
    const { w, userId, runChat } = await funded(minimal);
    const controller = new AbortController();
    const run = await start(runChat, { message, modelIds: ['echo-basic'], signal: controller.signal });
    for await (const event of run.events) if (event.type === 'start') controller.abort();
    expect(await run.settled).toEqual([expect.objectContaining({ finishReason: 'aborted', creditsCharged: 0, messageId: null })]);
    expect(await balanceOf(w, userId)).toBe(minimal);
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

  it('a signal aborted before the run starts gives the hold back', async () => {
    const { w, userId, runChat } = await funded(minimal);
    const controller = new AbortController();
    controller.abort();
    const run = await start(runChat, { message, modelIds: ['echo-basic'], signal: controller.signal });
    await readAll(run.events);
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

  it('a settlement that fails is reported as a charge error, logged, and the hold is given back', async () => {
    const { w, userId, runChat } = await funded(minimal);
    w.usageLedger.failures.failNext('settleHold', domainError('network', 'ledger down'));
    const run = await start(runChat, { message, modelIds: ['echo-basic'] });
    const events = await readAll(run.events);
    expect(events.at(-2)).toMatchObject({ type: 'finish', creditsCharged: 0 });
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'network' });
    expect(w.logger.at('warn').map((e) => e.message)).toContain('An answer could not be charged');
    expect(await canHold(w, userId, minimal)).toBe(true);
  });

});
