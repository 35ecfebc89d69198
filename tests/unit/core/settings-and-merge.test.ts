import { describe, expect, it } from 'vitest';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import type { ModelInfo } from '../../../core/chat/index.js';
import { type ConversationSettings, makeMergeAnswers, makeRegenerateAnswer, makeRunChat, promptTokensOf } from '../../../core/chat/index.js';
import { answerHoldCredits, estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';

const model = (id: string): ModelInfo => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo;
const funded = async (credits = 10_000) => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, credits);
  return { w, userId, runChat: makeRunChat(w), merge: makeMergeAnswers(w), regenerate: makeRegenerateAnswer(w) };
};
const ran = <T>(r: { success: true; data: T } | { success: false; error: { code: string; message: string } }): T => {
  if (!r.success) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.data;
};
const settings = { instruction: 'Answer as a harbour master.', models: { 'echo-basic': { temperature: 0.2, maxOutputTokens: 100 }, 'echo-swift': { temperature: 0.9 } } };

describe('instructions and settings per conversation, applied to every answer', () => {
  it('a new chat stores the settings given with its first message, and each model is asked with the instruction and its own settings', async () => {
    const { w, userId, runChat } = await funded();
    const run = ran(await runChat({ message: 'When does the ferry leave?', modelIds: ['echo-basic', 'echo-swift'], settings }));
    await readAll(run.events);
    expect(await w.conversationStore.getSettings(userId, run.conversationId)).toEqual({ success: true, data: settings });
    const byModel = Object.fromEntries(w.modelGateway.requests.map((r) => [r.modelIds[0], r]));
    expect(byModel['echo-basic']).toMatchObject({ instruction: settings.instruction, settings: { 'echo-basic': { temperature: 0.2, maxOutputTokens: 100 } } });
    expect(byModel['echo-swift']).toMatchObject({ instruction: settings.instruction, settings: { 'echo-swift': { temperature: 0.9 } } });
  });

  it('regenerate and later messages use the stored settings; saved settings apply to the next answer', async () => {
    const { w, userId, runChat, regenerate } = await funded();
    const first = ran(await runChat({ message: 'Tide times?', modelIds: ['echo-basic'], settings }));
    await readAll(first.events);
    await first.settled;
    await readAll(ran(await regenerate({ conversationId: first.conversationId })).events);
    expect(w.modelGateway.requests.at(-1)).toMatchObject({ instruction: settings.instruction, settings: { 'echo-basic': { temperature: 0.2, maxOutputTokens: 100 } } });
    ran(await w.conversationStore.saveSettings(userId, first.conversationId, { instruction: '', models: {} }));
    await readAll(ran(await runChat({ conversationId: first.conversationId, message: 'And tomorrow?', modelIds: ['echo-basic'] })).events);
    const last = w.modelGateway.requests.at(-1);
    expect(last?.instruction).toBeUndefined();
    expect(last?.settings).toBeUndefined();
  });

  it('settings are fitted to the model: no temperature for one that takes none, no length beyond its own', async () => {
    const w = inMemoryAppWorld({
      models: [{ ...model('echo-basic'), supportsTemperature: false, maxOutputTokens: 50 }],
    });
    const userId = w.signIn();
    await w.fund(userId, 10_000);
    const run = ran(await makeRunChat(w)({ message: 'hi', modelIds: ['echo-basic'], settings: { instruction: '', models: { 'echo-basic': { temperature: 1.2, maxOutputTokens: 900 } } } }));
    await readAll(run.events);
    expect(w.modelGateway.requests[0]?.settings).toEqual({ 'echo-basic': { maxOutputTokens: 50 } });
  });

  it('the credit hold follows the maximum length: the prompt plus that whole length, where the minimal answer held 50 tokens', async () => {
    const message = 'Tell me about buoys';
    const price = model('echo-basic');
    const promptTokens = estimateTokens(message);
    const capped = answerHoldCredits(price, promptTokens, 2000);
    expect(capped).toBeGreaterThan(minimalAnswerCredits(price, promptTokens));
    // Enough for the minimal answer, not for the held maximum: refused, nothing written.
    const { w, userId, runChat } = await funded(capped - 1);
    const refused = await runChat({ message, modelIds: ['echo-basic'], settings: { instruction: '', models: { 'echo-basic': { maxOutputTokens: 2000 } } } });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits', details: expect.objectContaining({ required: capped }) }) });
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
    // Without a maximum the minimal answer is held, and the chat runs.
    await readAll(ran(await runChat({ message, modelIds: ['echo-basic'] })).events);
  });

  it('the instruction counts in the prompt the hold prices', async () => {
    const instruction = 'Be very thorough and cite sources. '.repeat(200).trim();
    const { runChat } = await funded(1);
    const refused = await runChat({ message: 'hi', modelIds: ['echo-basic'], settings: { instruction, models: {} } });
    const required = answerHoldCredits(model('echo-basic'), promptTokensOf({ instruction, models: {} }, ['hi']));
    expect(required).toBeGreaterThan(answerHoldCredits(model('echo-basic'), estimateTokens('hi')));
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits', details: expect.objectContaining({ required }) }) });
  });

  it('invalid settings are refused before anything is written', async () => {
    const { w, userId, runChat } = await funded();
    const invalid: ConversationSettings[] = [
      { instruction: 'x'.repeat(8001), models: {} },
      { instruction: '', models: { 'echo-basic': { temperature: 2.5 } } },
      { instruction: '', models: { 'echo-basic': { maxOutputTokens: 0 } } },
      { instruction: '', models: { 'echo-basic': { maxOutputTokens: 1.5 } } },
    ];
    for (const bad of invalid) {
      const r = await runChat({ message: 'hi', modelIds: ['echo-basic'], settings: bad });
      expect(r.success ? 'ran' : r.error.code).toBe('validation');
    }
    expect(w.modelGateway.requests).toEqual([]);
    expect(await w.conversationStore.listConversations(userId)).toEqual({ success: true, data: [] });
  });
});

describe('merge: one model fuses the answers of the last side-by-side turn', () => {
  const sideBySide = async (credits?: number) => {
    const world = await funded(credits);
    const run = ran(await world.runChat({ message: 'Name a lighthouse', modelIds: ['echo-basic', 'echo-swift'], settings }));
    await readAll(run.events);
    await run.settled;
    return { ...world, conversationId: run.conversationId };
  };

  it('the merging model reads the question and every answer under its model’s name, with the instruction and its settings', async () => {
    const { w, merge, conversationId } = await sideBySide();
    const run = ran(await merge({ conversationId, modelId: 'echo-basic' }));
    await readAll(run.events);
    const request = w.modelGateway.requests.at(-1);
    const prompt = request?.messages.at(-1)?.content ?? '';
    expect(request).toMatchObject({ modelIds: ['echo-basic'], instruction: settings.instruction, settings: { 'echo-basic': { temperature: 0.2, maxOutputTokens: 100 } } });
    expect(prompt).toContain('<question>\nName a lighthouse\n</question>');
    expect(prompt).toContain('model="Echo (offline)">\necho-basic heard: Name a lighthouse');
    expect(prompt).toContain('model="Echo Swift (offline)">\necho-swift heard: Name a lighthouse');
    // The history before the question is the merging model's own side only.
    expect(request?.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('a merge while another answer of the conversation runs is conversation_busy, and nothing is charged', async () => {
    const { w, userId, merge, conversationId } = await sideBySide();
    const running = ran(await merge({ conversationId, modelId: 'echo-basic' }));
    const before = ran(await w.usageLedger.getBalance(userId));
    const second = await merge({ conversationId, modelId: 'echo-swift' });
    expect(second.success ? 'ran' : second.error.code).toBe('conversation_busy');
    await readAll(running.events);
    const answers = await running.settled;
    expect(ran(await w.usageLedger.getBalance(userId))).toBe(before - (answers[0]?.creditsCharged ?? 0));
  });

  it('short of credits for the merge: insufficient_credits, the turn stays as it was', async () => {
    const { w, userId, merge, conversationId } = await sideBySide();
    const balance = await w.usageLedger.getBalance(userId);
    if (!balance.success) throw new Error('no balance');
    const messages = ran(await w.conversationStore.listMessages(userId, conversationId));
    // Another running chat holds what is left, so the merge cannot be held.
    ran(await w.usageLedger.holdCredits({ userId, amount: balance.data, ttlSeconds: 600 }));
    const refused = await merge({ conversationId, modelId: 'echo-basic' });
    expect(refused.success ? 'ran' : refused.error.code).toBe('insufficient_credits');
    expect(ran(await w.conversationStore.listMessages(userId, conversationId))).toEqual(messages);
  });

  it('regenerate after a merge asks the model columns again (new versions); the merge column is kept, not asked again', async () => {
    const { w, userId, merge, regenerate, conversationId } = await sideBySide();
    await readAll(ran(await merge({ conversationId, modelId: 'echo-basic' })).events);
    await readAll(ran(await regenerate({ conversationId })).events);
    const stored = ran(await w.conversationStore.listMessages(userId, conversationId));
    expect(stored.filter((m) => m.mergedFrom !== undefined).map((m) => [m.column, m.version])).toEqual([[-1, undefined]]);
    expect(stored.filter((m) => m.role === 'assistant' && m.mergedFrom === undefined).map((m) => m.version)).toEqual([{ index: 2, count: 2 }, { index: 2, count: 2 }]);
    expect(w.modelGateway.requests.at(-1)?.modelIds).toHaveLength(1);
    expect(new Set(w.modelGateway.requests.slice(-2).map((r) => r.modelIds[0]))).toEqual(new Set(['echo-basic', 'echo-swift']));
  });
});
