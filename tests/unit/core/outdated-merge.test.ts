import { describe, expect, it } from 'vitest';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import {
  makeMergeAnswers, makeRegenerateAnswer, makeRunChat, markOutdatedMerges, NO_SETTINGS, ownSideOf, packWeights, packedWeightsSchema, sendHoldOf, unpackWeights,
  type ChatMessage, type ModelInfo,
} from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll, recordHolds } from '../../support/in-memory-app-world.js';

// A merge fuses the answers a side-by-side turn shows. Once a column of that turn is answered again, the
// merge no longer says what the turn shows: the page marks it outdated, no model is sent it (the merging
// model reads its own answer again), and the composer's estimate still prices exactly what is held.

const at = (second: number) => `2026-11-20T09:00:${String(second).padStart(2, '0')}.000Z`;
const message = (id: string, role: ChatMessage['role'], second: number, change: Partial<ChatMessage> = {}): ChatMessage => ({
  id, conversationId: 'c1', role, content: `${id} text`, modelId: null, inputTokens: null, outputTokens: null, createdAt: at(second), ...change,
});
/** A side-by-side turn of a and b merged by a at second 3, then one more question. */
const turn = (bAnsweredAt: number): ChatMessage[] => [
  message('q1', 'user', 0, { modelIds: ['a', 'b'] }),
  message('a1', 'assistant', 1, { modelId: 'a', column: 0 }),
  message('b1', 'assistant', bAnsweredAt, { modelId: 'b', column: 1 }),
  message('m1', 'assistant', 3, { modelId: 'a', column: -1, mergedFrom: ['a', 'b'] }),
  message('q2', 'user', 5),
];

describe('the rule: which merges are outdated, and what a model is sent of them', () => {
  it('a merge written after every answer of its turn is current; one a column answered after is outdated', () => {
    expect(markOutdatedMerges(turn(2)).find((m) => m.id === 'm1')?.outdated).toBeUndefined();
    expect(markOutdatedMerges(turn(4)).find((m) => m.id === 'm1')?.outdated).toBe(true);
    // Equal times do not make it outdated; the other messages are left as they are.
    expect(markOutdatedMerges(turn(3)).find((m) => m.id === 'm1')?.outdated).toBeUndefined();
    expect(markOutdatedMerges(turn(4)).filter((m) => m.id !== 'm1')).toEqual(turn(4).filter((m) => m.id !== 'm1'));
  });

  it('a merge marked before and shown with the answers it merged again is unmarked; a later turn\'s answers do not count', () => {
    const stale = turn(2).map((m) => (m.id === 'm1' ? { ...m, outdated: true as const } : m));
    expect(markOutdatedMerges(stale).find((m) => m.id === 'm1')).not.toHaveProperty('outdated');
    const later = [...turn(2), message('a2', 'assistant', 9, { modelId: 'a', column: 0 })];
    expect(markOutdatedMerges(later).find((m) => m.id === 'm1')?.outdated).toBeUndefined();
  });

  it('the merging model is sent the merge in place of its answer; an outdated merge is left out and its own answer stays', () => {
    expect(ownSideOf(markOutdatedMerges(turn(2)), 'a').map((m) => m.id)).toEqual(['q1', 'm1', 'q2']);
    expect(ownSideOf(markOutdatedMerges(turn(4)), 'a').map((m) => m.id)).toEqual(['q1', 'a1', 'q2']);
    // The other model never reads a merge it did not write.
    expect(ownSideOf(markOutdatedMerges(turn(2)), 'b').map((m) => m.id)).toEqual(['q1', 'b1', 'q2']);
  });

  it('packed weights carry the mark both ways, and the wire schema refuses a mark on a message that is no merge', () => {
    const weights = markOutdatedMerges(turn(4)).map((m) => ({ role: m.role, modelId: m.modelId, ...(m.mergedFrom ? { mergedFrom: m.mergedFrom } : {}), ...(m.outdated ? { outdated: true as const } : {}), quarters: 8, summaryQuarters: 4 }));
    const packed = packWeights(weights);
    expect(packed.outdated).toEqual([3]);
    expect(unpackWeights(packed)).toEqual(weights);
    expect(packWeights(weights.map(({ outdated: _o, ...w }) => w))).not.toHaveProperty('outdated');
    const refused = packedWeightsSchema.safeParse({ ...packed, outdated: [1] });
    expect(refused.success ? 'accepted' : refused.error.issues.map((i) => i.message)).toEqual(['outdated names a message that is not a merge']);
    expect(packedWeightsSchema.safeParse({ ...packed, outdated: [-1] }).success).toBe(false);
  });
});

describe('a side-by-side turn merged, then a column answered again', () => {
  const models = (ids: readonly string[]) => ids.map((id) => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo);
  const merged = async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    await w.fund(userId, 100_000);
    const held = recordHolds(w);
    const runChat = makeRunChat(w);
    const first = await runChat({ message: 'Name a lighthouse', modelIds: ['echo-basic', 'echo-swift'] });
    if (!first.success) throw new Error(first.error.message);
    await readAll(first.data.events);
    await first.data.settled;
    const conversationId = first.data.conversationId;
    w.clock.advance(1000);
    const merge = await makeMergeAnswers(w)({ conversationId, modelId: 'echo-basic' });
    if (!merge.success) throw new Error(merge.error.message);
    await readAll(merge.data.events);
    await merge.data.settled;
    const page = async () => {
      const read = await w.conversationStore.listMessagePage(userId, conversationId, {});
      if (!read.success) throw new Error(read.error.message);
      return read.data;
    };
    return { w, userId, conversationId, runChat, held, page };
  };

  it('the page marks the merge outdated, in its messages and its weights; showing the merged version again unmarks it', async () => {
    const { w, userId, conversationId, page } = await merged();
    expect((await page()).messages.find((m) => m.mergedFrom)?.outdated).toBeUndefined();
    w.clock.advance(1000);
    const again = await makeRegenerateAnswer(w)({ conversationId, column: 1 });
    if (!again.success) throw new Error(again.error.message);
    await readAll(again.data.events);
    const after = await page();
    const mergeAt = after.messages.findIndex((m) => m.mergedFrom);
    expect(after.messages[mergeAt]?.outdated).toBe(true);
    expect(after.weights[mergeAt]?.outdated).toBe(true);
    // The first answer of column 1 shown again: the merge summarises the turn as shown once more.
    const first = after.messages.find((m) => m.column === 1);
    if (!first) throw new Error('no column 1');
    const shown = await w.conversationStore.showMessage(userId, conversationId, first.id, 1);
    if (!shown.success) throw new Error(shown.error.message);
    expect(shown.data.messages.find((m) => m.mergedFrom)?.outdated).toBeUndefined();
    expect(shown.data.weights.some((m) => m.outdated)).toBe(false);
  });

  it('the next message: the merging model reads its own answer again, not the outdated merge, and the hold is the estimate from the page\'s packed weights', async () => {
    const { w, conversationId, runChat, held, page } = await merged();
    w.clock.advance(1000);
    const again = await makeRegenerateAnswer(w)({ conversationId, column: 0 });
    if (!again.success) throw new Error(again.error.message);
    await readAll(again.data.events);
    const before = await page();
    const mergeText = before.messages.find((m) => m.mergedFrom)?.content ?? '';
    const ownAnswer = before.messages.find((m) => m.column === 0)?.content ?? '';
    expect(mergeText).not.toBe('');
    held.length = 0;

    const ids = ['echo-basic', 'echo-swift'];
    const text = 'And one in Portugal?';
    const estimate = sendHoldOf(unpackWeights(packWeights(before.weights)), '', text, [], models(ids), NO_SETTINGS);
    const run = await runChat({ conversationId, message: text, modelIds: ids });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    expect(held).toEqual(estimate.perModel.map((m) => m.credits));
    const sent = w.modelGateway.requests.find((r) => r.modelIds[0] === 'echo-basic' && r.messages.at(-1)?.content === text);
    const contents = sent?.messages.map((m) => m.content) ?? [];
    expect(contents).toContain(ownAnswer);
    expect(contents).not.toContain(mergeText);
  });

  it('while the merge is current, the merging model reads the merge in place of its answer (as before)', async () => {
    const { w, conversationId, runChat, page } = await merged();
    const before = await page();
    const mergeText = before.messages.find((m) => m.mergedFrom)?.content ?? '';
    const run = await runChat({ conversationId, message: 'And one in Portugal?', modelIds: ['echo-basic'] });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const contents = w.modelGateway.requests.at(-1)?.messages.map((m) => m.content) ?? [];
    expect(contents).toContain(mergeText);
    expect(contents).not.toContain(before.messages.find((m) => m.column === 0)?.content);
  });
});
