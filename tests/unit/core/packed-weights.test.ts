import { describe, expect, it } from 'vitest';
import type { AttachmentRef, ChatMessage, ModelInfo } from '../../../core/chat/index.js';
import { NO_SETTINGS, packWeights, packedWeightsSchema, sendHoldOf, unpackWeights, weightOf } from '../../../core/chat/index.js';

const message = (id: string, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c1',
  role,
  content,
  modelId: role === 'assistant' ? 'echo-basic' : null,
  inputTokens: null,
  outputTokens: null,
  createdAt: '2026-12-02T06:00:00.000Z',
  ...extra,
});

const notes: AttachmentRef = { id: 'f1', name: 'notes.md', mediaType: 'text/markdown', size: 2_000, kind: 'text', textTokens: 450 };

/** A path with every kind of message a weight tells apart: a system message, side-by-side answers, a merge, files, an empty answer. */
const path: ChatMessage[] = [
  message('s', 'system', 'You are terse.'),
  message('q1', 'user', 'Compare two harbours, please, at some length and with care.', { modelIds: ['echo-basic', 'echo-swift'], attachments: [notes] }),
  message('a1', 'assistant', 'Byblos is old.', { column: 0 }),
  message('b1', 'assistant', 'Lothal is older, perhaps.', { modelId: 'echo-swift', column: 1 }),
  message('m1', 'assistant', 'Both are old.', { modelId: 'echo-swift', column: -1, mergedFrom: ['echo-basic', 'echo-swift'] }),
  message('q2', 'user', 'And the newest?', { attachments: [] }),
  message('a2', 'assistant', ''),
];

describe('packed weights: the weights of a path as they travel with a page', () => {
  it('unpacking gives back exactly the weights packed, each model named once and the rare parts only where they are', () => {
    const weights = path.map(weightOf);
    const packed = packWeights(weights);
    expect(packed.roles).toBe('suaaaua');
    expect(packed.models).toEqual(['echo-basic', 'echo-swift']);
    expect(packed.model).toEqual([0, 0, 1, 2, 2, 0, 1]);
    expect(packed.merged).toEqual([[4, ['echo-basic', 'echo-swift']]]);
    expect(packed.files).toEqual([[1, [notes]]]);
    expect(unpackWeights(packed)).toEqual(weights);
    // What the wire carries is read back the same.
    expect(unpackWeights(packedWeightsSchema.parse(JSON.parse(JSON.stringify(packed))))).toEqual(weights);
  });

  it('an empty path packs to empty columns and nothing else', () => {
    expect(packWeights([])).toEqual({ roles: '', models: [], model: [], quarters: [], summaryQuarters: [] });
    expect(unpackWeights(packWeights([]))).toEqual([]);
  });

  it('the send estimate from unpacked weights is the estimate from the messages, to the credit', () => {
    const models = [
      { id: 'echo-basic', label: 'Basic', provider: 'openai', inputCreditsPer1k: 3, outputCreditsPer1k: 15, contextWindow: 2_000 } as ModelInfo,
      { id: 'echo-swift', label: 'Swift', provider: 'anthropic', inputCreditsPer1k: 1, outputCreditsPer1k: 5 } as ModelInfo,
    ];
    const long = Array.from({ length: 300 }, (_, i) => [
      message(`q${i}`, 'user', `Question ${i} about tides and the moon`.repeat(1 + (i % 5))),
      message(`a${i}`, 'assistant', `Answer ${i}: the moon pulls the sea.`.repeat(1 + (i % 7))),
    ]).flat();
    for (const settings of [NO_SETTINGS, { ...NO_SETTINGS, context: { mode: 'summary', messages: 20 } } as const]) {
      const direct = sendHoldOf(long.map(weightOf), 'Be brief', 'next', [], models, settings);
      const travelled = sendHoldOf(unpackWeights(packWeights(long.map(weightOf))), 'Be brief', 'next', [], models, settings);
      expect(travelled).toEqual(direct);
    }
  });

  it('packed weights are a few bytes a message: 1,000 messages in well under 16 KB, against ~125 KB one object a message', () => {
    const long = Array.from({ length: 500 }, (_, i) => [
      message(`q${i}`, 'user', 'A question of a few words. '.repeat(1 + (i % 9))),
      message(`a${i}`, 'assistant', 'An answer that goes on for a while. '.repeat(5 + (i % 40)), { column: 0 }),
    ]).flat();
    const packed = JSON.stringify(packWeights(long.map(weightOf)));
    expect(packed.length).toBeLessThan(16_000);
    expect(packed.length).toBeLessThan(JSON.stringify(long.map(weightOf)).length / 4);
  });

  it('the wire schema refuses columns of unequal length, a model or a message out of range, and letters that are no role', () => {
    const packed = packWeights(path.map(weightOf));
    const refusal = (value: unknown) => {
      const parsed = packedWeightsSchema.safeParse(value);
      return parsed.success ? 'accepted' : parsed.error.issues.map((i) => i.message).join('; ');
    };
    expect(refusal(packed)).toBe('accepted');
    expect(refusal({ ...packed, quarters: packed.quarters.slice(1) })).toMatch(/quarters must hold one number per message \(7\)/);
    expect(refusal({ ...packed, model: [...packed.model.slice(1), 3] })).toMatch(/model names a model that models does not list/);
    expect(refusal({ ...packed, merged: [[7, ['echo-basic']]] })).toMatch(/merged names a message the path does not have/);
    expect(refusal({ ...packed, files: [[9, [notes]]] })).toMatch(/files names a message the path does not have/);
    expect(refusal({ ...packed, roles: 'suaaaux' })).toMatch(/roles must be letters u, a or s/);
    expect(refusal({ ...packed, quarters: packed.quarters.map((q) => -q - 1) })).not.toBe('accepted');
  });
});
