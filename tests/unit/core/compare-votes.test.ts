import { describe, expect, it } from 'vitest';
import { leaderboardCsv, leaderboardOf, turnAnswersOf, voteRefusal, type ChatMessage } from '../../../core/chat/index.js';

const message = (id: string, role: 'user' | 'assistant', modelId: string | null, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id, conversationId: 'c1', role, content: id, modelId, inputTokens: null, outputTokens: null, createdAt: '2026-11-28T00:00:00.000Z', ...extra,
});

describe('the answers of a side-by-side turn', () => {
  const messages = [
    message('q1', 'user', 'a', { modelIds: ['a', 'b', 'c'] }),
    // Stored as they finished: c, a, then b; a merge of them after.
    message('r1', 'assistant', 'c', { creditsCharged: 3, firstTokenMs: 300 }),
    message('r2', 'assistant', 'a', { creditsCharged: 1 }),
    message('r3', 'assistant', 'b', { firstTokenMs: 200 }),
    message('r4', 'assistant', 'a', { mergedFrom: ['a', 'b', 'c'] }),
    message('q2', 'user', 'a', { modelIds: ['a'] }),
    message('r5', 'assistant', 'a'),
  ];

  it('are the assistant messages up to the next question, merges left out, in the order asked, with their figures', () => {
    expect(turnAnswersOf(messages, 'q1')).toEqual({
      found: true,
      answers: [
        { modelId: 'a', creditsCharged: 1, firstTokenMs: null },
        { modelId: 'b', creditsCharged: null, firstTokenMs: 200 },
        { modelId: 'c', creditsCharged: 3, firstTokenMs: 300 },
      ],
    });
  });

  it('are not found for an answer\'s id or an unknown id; a turn of one model, or a model that did not answer, is refused', () => {
    expect(turnAnswersOf(messages, 'r1')).toEqual({ found: false });
    expect(turnAnswersOf(messages, 'nope')).toEqual({ found: false });
    const single = turnAnswersOf(messages, 'q2');
    expect(single.found && voteRefusal(single.answers, 'a')).toBe('Only a turn answered by two or more models can be voted on');
    const triple = turnAnswersOf(messages, 'q1');
    expect(triple.found && voteRefusal(triple.answers, 'z')).toBe('The model z did not answer in this turn');
    expect(triple.found && voteRefusal(triple.answers, 'b')).toBeNull();
  });
});

describe('the leaderboard as CSV', () => {
  it('has a header row, quotes a label with a comma or a quote, and keeps a label from reading as a formula', () => {
    const rows = leaderboardOf([
      { modelId: 'a', answers: [{ modelId: 'a', creditsCharged: 5, firstTokenMs: 100 }, { modelId: 'b', creditsCharged: 2, firstTokenMs: null }] },
      { modelId: 'a', answers: [{ modelId: 'a', creditsCharged: 4, firstTokenMs: 301 }, { modelId: 'b', creditsCharged: 2, firstTokenMs: null }] },
    ]);
    const labels: Record<string, string> = { a: 'Alpha, "the first"', b: '=HYPERLINK("x")' };
    expect(leaderboardCsv(rows, (id) => labels[id] ?? id)).toBe(
      'model_id,model,wins,comparisons,win_rate,credits_per_win,median_first_token_ms\r\n'
      + 'a,"Alpha, ""the first""",2,2,1.0000,4.50,201\r\n'
      + 'b,"\'=HYPERLINK(""x"")",0,2,0.0000,,\r\n',
    );
  });
});
