import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/chat/index.js';
import { toTurns } from '../../../web/client/features/chat/state/chat-turns.js';

const at = '2026-11-28T10:00:00.000Z';
const question: ChatMessage = {
  id: 'q1', conversationId: 'c1', role: 'user', content: 'Name a lighthouse', modelId: null, modelIds: ['offline', 'offline-brief'], inputTokens: null, outputTokens: null, createdAt: at,
};
const answer = (id: string, modelId: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id, conversationId: 'c1', role: 'assistant', content: `An answer of ${modelId}`, modelId, inputTokens: 12, outputTokens: 30, createdAt: at, ...extra,
});

describe('the figures under each answer', () => {
  it('a reopened conversation shows what the server stored with each answer: time to first words, duration, tokens read and written, credits', () => {
    const turns = toTurns([question, answer('a1', 'offline', { firstTokenMs: 420, durationMs: 3100, creditsCharged: 3 }), answer('a2', 'offline-brief')], null);
    expect(turns?.[0]?.answers.map((a) => a.metrics)).toEqual([
      { firstTokenMs: 420, durationMs: 3100, tokens: 42, inputTokens: 12, outputTokens: 30, credits: 3 },
      // An answer saved before the server kept its times: its tokens still show.
      { firstTokenMs: null, durationMs: null, tokens: 42, inputTokens: 12, outputTokens: 30, credits: null },
    ]);
  });

  it('this session’s own figures win over the stored ones; an answer with none shows none', () => {
    const live = { firstTokenMs: 510, durationMs: 3300, tokens: 42, credits: 3 };
    const bare = { ...answer('a2', 'offline-brief'), inputTokens: null, outputTokens: null };
    const turns = toTurns([question, answer('a1', 'offline', { firstTokenMs: 420, durationMs: 3100, creditsCharged: 3 }), bare], null, { a1: live });
    expect(turns?.[0]?.answers.map((a) => a.metrics)).toEqual([live, null]);
  });
});
