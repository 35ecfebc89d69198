import { describe, expect, it } from 'vitest';
import { InMemoryAttachmentStore } from '../../../adapters/in-memory/in-memory-attachment-store.js';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import {
  makeRunChat, modelSendOf, NO_SETTINGS, promptTokensOf, sendHoldOf, weightOf,
  type AttachmentRef, type ChatMessage, type ConversationSettings, type ModelInfo,
} from '../../../core/chat/index.js';
import { answerHoldCredits, estimateTokens, sendHoldCredits, tallyTexts, tallyTokens } from '../../../core/credits/index.js';
import { inMemoryAppWorld, readAll, recordHolds } from '../../support/in-memory-app-world.js';

const model = (id: string, change: Partial<ModelInfo> = {}): ModelInfo => ({
  id, label: id, provider: 'openai', inputCreditsPer1k: 2, outputCreditsPer1k: 8, plan: 'free', available: true, ...change,
});
const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => model(id));
const chatMessage = (i: number, role: ChatMessage['role'], content: string, change: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${i}`, conversationId: 'c1', role, content, modelId: null, inputTokens: null, outputTokens: null, createdAt: '2026-11-20T09:00:00.000Z', ...change,
});
/** n messages, questions and answers in turn, every model's answer (the rule keeps each model's own side). */
const history = (n: number, answeredBy: readonly string[] = six.map((m) => m.id)): ChatMessage[] =>
  Array.from({ length: n }, (_, i) => i).flatMap((i) => {
    const content = `${i % 2 === 0 ? 'Question' : 'Answer'} ${i}: ${'words and more words '.repeat(20)}`;
    return i % 2 === 0 ? [chatMessage(i, 'user', content)] : answeredBy.map((modelId, column) => chatMessage(i * 10 + column, 'assistant', content, { modelId, column }));
  });
const estimate = (options: { models?: readonly ModelInfo[]; turns?: number; message?: string; files?: readonly AttachmentRef[]; settings?: ConversationSettings }) => {
  const settings = options.settings ?? NO_SETTINGS;
  return sendHoldOf(history(options.turns ?? 0).map(weightOf), settings.instruction, options.message ?? 'Hello there', options.files ?? [], options.models ?? six.slice(0, 1), settings);
};
const textFile = (textTokens: number): AttachmentRef => ({ id: `t${textTokens}`, name: 'notes.txt', mediaType: 'text/plain', kind: 'text', size: 4 * textTokens, textTokens });
const image: AttachmentRef = { id: 'i1', name: 'photo.png', mediaType: 'image/png', kind: 'image', size: 1000, width: 1024, height: 1024 };

describe('the hold of a send: one rule for the composer and the server', () => {
  it('the credits rule: each answer holds its prompt (with its own files) plus its longest answer, and the total is their sum', () => {
    const price = { inputCreditsPer1k: 3, outputCreditsPer1k: 12 };
    const held = sendHoldCredits(1000, [
      { modelId: 'x', price },
      { modelId: 'y', price, extraInputTokens: 500, maxOutputTokens: 2000 },
    ]);
    expect(held.perModel).toEqual([
      { modelId: 'x', credits: answerHoldCredits(price, 1000) },
      { modelId: 'y', credits: answerHoldCredits(price, 1500, 2000) },
    ]);
    expect(held.total).toBe(answerHoldCredits(price, 1000) + answerHoldCredits(price, 1500, 2000));
    expect(sendHoldCredits(1000, [])).toEqual({ total: 0, perModel: [] });
  });

  it('more columns hold more, each column its own share', () => {
    const totals = [1, 2, 3, 4, 5, 6].map((n) => estimate({ models: six.slice(0, n), turns: 10 }).total);
    totals.slice(1).forEach((total, i) => expect(total).toBeGreaterThan(totals[i] as number));
    const six1 = estimate({ models: six, turns: 10 });
    expect(six1.perModel.map((m) => m.modelId)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(six1.total).toBe(six1.perModel.reduce((sum, m) => sum + m.credits, 0));
  });

  it('a longer history holds more, and so does a longer message', () => {
    const byTurns = [0, 10, 50, 100].map((turns) => estimate({ models: six.slice(0, 2), turns }).total);
    byTurns.slice(1).forEach((total, i) => expect(total).toBeGreaterThan(byTurns[i] as number));
    expect(estimate({ message: 'x'.repeat(40_000) }).total).toBeGreaterThan(estimate({ message: 'x' }).total);
  });

  it('files count: a text file by its tokens, an image by its provider\'s rule, and only for the models that read images', () => {
    const plain = estimate({ models: six.slice(0, 2) }).total;
    expect(estimate({ models: six.slice(0, 2), files: [textFile(20_000)] }).total).toBeGreaterThan(plain);
    const seeing = model('seeing', { supportsImages: true });
    const blind = model('blind');
    const withImage = estimate({ models: [seeing, blind], files: [image] });
    const without = estimate({ models: [seeing, blind] });
    expect(withImage.perModel[0]?.credits).toBeGreaterThan(without.perModel[0]?.credits as number);
    expect(withImage.perModel[1]?.credits).toBe(without.perModel[1]?.credits);
    // A file of an earlier message is sent again with every later one.
    const earlier = [chatMessage(0, 'user', 'see the notes', { attachments: [textFile(20_000)] })].map(weightOf);
    expect(sendHoldOf(earlier, '', 'and now?', [], six.slice(0, 1), NO_SETTINGS).total).toBeGreaterThan(estimate({ turns: 1 }).total);
  });

  it('a longest answer set in the settings raises a model\'s share, bounded by the longest answer the model can write', () => {
    const capped = model('capped', { maxOutputTokens: 1000 });
    const wide = model('wide', { maxOutputTokens: 100_000 });
    const asking = (tokens: number): ConversationSettings => ({ instruction: '', models: { capped: { maxOutputTokens: tokens }, wide: { maxOutputTokens: tokens } } });
    const minimal = estimate({ models: [capped, wide] });
    const long = estimate({ models: [capped, wide], settings: asking(50_000) });
    expect(long.perModel[1]?.credits).toBeGreaterThan(long.perModel[0]?.credits as number);
    expect(long.perModel[0]?.credits).toBe(estimate({ models: [capped], settings: asking(1000) }).total);
    expect(long.perModel[0]?.credits).toBeGreaterThan(minimal.perModel[0]?.credits as number);
  });

  it('a history counted once and a message added to it are exactly the joined prompt\'s estimate', () => {
    const texts = ['Be brief.', '', 'Привет, как дела?', '東京の天気は？', 'emoji 🎉 and more', 'plain'];
    for (let split = 0; split <= texts.length; split += 1) {
      const tally = tallyTexts(texts.slice(split), tallyTexts(texts.slice(0, split)));
      expect(tallyTokens(tally)).toBe(estimateTokens(texts.filter((t) => t !== '').join('\n')));
    }
    // A model's prompt: the instruction with the message, then its history (each counted as a whole, so at most a token apart from the joined text).
    const weights = texts.slice(1).map((content, i) => weightOf(chatMessage(i, 'user', content)));
    const { inputTokens, context } = modelSendOf(weights, six[0] as ModelInfo, { instruction: 'Be brief.', message: 'next', files: [], settings: NO_SETTINGS });
    expect(inputTokens).toBe(promptTokensOf({ instruction: 'Be brief.', models: {} }, ['next']) + context.tokens);
    expect(inputTokens - promptTokensOf({ instruction: 'Be brief.', models: {} }, [...texts.slice(1), 'next'])).toBeLessThanOrEqual(1);
  });

  it('each model counts its own side of the history only: the other columns\' answers are not sent to it', () => {
    const turns = history(9, ['a', 'b']);
    const [a, b] = sendHoldOf(turns.map(weightOf), '', 'next', [], six.slice(0, 2), NO_SETTINGS).perModel;
    const alone = sendHoldOf(history(9, ['a']).map(weightOf), '', 'next', [], six.slice(0, 1), NO_SETTINGS).perModel[0];
    expect(a?.credits).toBe(alone?.credits);
    expect(b?.credits).toBe(a?.credits);
    const sent = modelSendOf(turns.map(weightOf), six[1] as ModelInfo, { instruction: '', message: 'next', files: [], settings: NO_SETTINGS }).context.sent;
    expect(sent.filter((m) => m.role === 'assistant').every((m) => m.modelId === 'b')).toBe(true);
  });

  it('the conversation\'s context setting and a model\'s window bound what it is held for', () => {
    const long = history(81);
    const all = estimate({ turns: 81 }).total;
    const recent = estimate({ turns: 81, settings: { ...NO_SETTINGS, context: { mode: 'recent', messages: 10 } } }).total;
    const summary = estimate({ turns: 81, settings: { ...NO_SETTINGS, context: { mode: 'summary', messages: 10 } } }).total;
    expect(recent).toBeLessThan(all);
    expect(summary).toBeGreaterThan(recent);
    expect(summary).toBeLessThan(all);
    const small = model('small', { contextWindow: 8192 });
    const sendTo = (m: ModelInfo) => modelSendOf(long.map(weightOf), m, { instruction: '', message: 'next', files: [], settings: NO_SETTINGS });
    // 8,192 less the room for an answer (4,096) and what is always sent.
    expect(sendTo(small).context.tokens).toBeLessThanOrEqual(8192 - 4096 - 1);
    expect(sendTo(small).context.omitted).toBeGreaterThan(0);
    expect(sendTo(model('small')).context.omitted).toBe(0);
  });
});

describe('the server holds exactly what the composer estimates', () => {
  const world = async () => {
    const w = inMemoryAppWorld();
    const attachmentStore = new InMemoryAttachmentStore();
    const userId = w.signIn();
    await w.fund(userId, 100_000);
    const held = recordHolds(w);
    return { w, userId, attachmentStore, held, runChat: makeRunChat({ ...w, attachmentStore }) };
  };
  const models = (ids: readonly string[]) => ids.map((id) => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo);

  it('a new side-by-side chat with a longest answer set: each model\'s hold and the sum', async () => {
    const { runChat, held } = await world();
    const settings: ConversationSettings = { instruction: 'Answer in French.', models: { 'echo-basic': { maxOutputTokens: 800 } } };
    const message = 'Plan a week in Lisbon for two people who like food and museums.';
    const shown = sendHoldOf([], settings.instruction, message, [], models(['echo-basic', 'echo-swift']), settings);
    const run = await runChat({ message, modelIds: ['echo-basic', 'echo-swift'], settings });
    if (!run.success) throw new Error(run.error.message);
    expect(held).toEqual(shown.perModel.map((m) => m.credits));
    expect(held.reduce((a, b) => a + b, 0)).toBe(shown.total);
    await readAll(run.data.events);
  });

  it('a follow-up with a history and a file, to three models: the hold is the estimate from the history the client holds', async () => {
    const { w, userId, runChat, held, attachmentStore } = await world();
    const first = await runChat({ message: 'Summarise the history of Lisbon.', modelIds: ['echo-basic', 'echo-swift'] });
    if (!first.success) throw new Error(first.error.message);
    await readAll(first.data.events);
    const conversationId = first.data.conversationId;
    const saved = await attachmentStore.save(userId, { name: 'notes.txt', mediaType: 'text/plain', kind: 'text', bytes: new TextEncoder().encode('notes '.repeat(500)), textTokens: 750, text: 'notes '.repeat(500) });
    if (!saved.success) throw new Error(saved.error.message);
    await w.subscribe(userId);
    held.length = 0;

    const listed = await w.conversationStore.listMessages(userId, conversationId);
    if (!listed.success) throw new Error(listed.error.message);
    const message = 'Now the same for Porto, using my notes.';
    const ids = ['echo-basic', 'echo-swift', 'echo-pro'];
    const shown = sendHoldOf(listed.data.map(weightOf), '', message, [saved.data], models(ids), NO_SETTINGS);
    const run = await runChat({ conversationId, message, modelIds: ids, attachmentIds: [saved.data.id] });
    if (!run.success) throw new Error(run.error.message);
    expect(held).toEqual(shown.perModel.map((m) => m.credits));
    expect(held.reduce((a, b) => a + b, 0)).toBe(shown.total);
    expect(shown.total).toBeGreaterThan(sendHoldOf(listed.data.map(weightOf), '', message, [], models(ids), NO_SETTINGS).total);
    await readAll(run.data.events);
  });
});
