import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/chat/index.js';
import { liveContentOf, reuseTurns, toTurns } from '../../../web/client/features/chat/state/chat-turns.js';
import type { LiveRun } from '../../../web/client/features/chat/state/chat-session.js';

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

describe('the turns while an answer streams', () => {
  const history: ChatMessage[] = [
    question, answer('a1', 'offline'), answer('a2', 'offline-brief'),
    { ...question, id: 'q2', content: 'And another?', modelIds: ['offline'] }, answer('a3', 'offline'),
  ];
  const metrics = { firstTokenMs: null, durationMs: null, tokens: null, credits: null };
  const run = (content: string, questionStored = false): LiveRun => ({
    question: 'One more', questionStored, modelIds: ['offline'], streaming: true,
    answers: [{ modelId: 'offline', content, streaming: true, error: null, metrics }],
  });

  it('a streamed token leaves every stored turn the same object and rebuilds only the turn being answered', () => {
    const first = toTurns(history, run('The'))!;
    const second = toTurns(history, run('The moon'))!;
    expect(second.slice(0, -1).every((turn, i) => turn === first[i])).toBe(true);
    expect(second.at(-1)).not.toBe(first.at(-1));
    expect(second.at(-1)?.answers[0]?.content).toBe('The moon');
    // Drawn turns found equal stay the drawn ones, token after token.
    const drawn = reuseTurns(first, second)!;
    const next = reuseTurns(drawn, toTurns(history, run('The moon pulls'))!)!;
    expect(next.slice(0, -1).every((turn, i) => turn === drawn[i])).toBe(true);
  });

  it('a streaming answer is drawn under an id of its place, never of its model (a blind turn names none before the vote), and its text is read by that id', () => {
    
    const side: LiveRun = {
      question: 'Compare', questionStored: false, modelIds: ['offline', 'offline-brief'], streaming: true,
      answers: [
        { modelId: 'offline', content: '', streaming: true, error: null, metrics },
        { modelId: 'offline-brief', content: 'Brief words', streaming: true, error: null, metrics },
      ],
    };
    const ids = toTurns(history, side)!.at(-1)!.answers.map((a) => a.id);
    expect(ids).toEqual(['live-0', 'live-1']);
    expect(ids.some((id) => id.includes('offline'))).toBe(false);
    expect(liveContentOf(side, 'live-1')).toBe('Brief words');
    expect(liveContentOf(side, 'live-offline-brief')).toBeUndefined();
  });

  it('an answer asked again streams into the stored turn without changing the stored turns read before', () => {
    const before = toTurns(history, null)!;
    const again = toTurns(history, run('Again', true))!;
    expect(again).toHaveLength(before.length);
    expect(again.at(-1)?.answers.map((a) => a.id)).toEqual(['a3', 'live-0']);
    // The stored turn itself is untouched: read without the run it is as it was.
    expect(toTurns(history, null)!.at(-1)?.answers.map((a) => a.id)).toEqual(['a3']);
    expect(before.at(-1)?.answers.map((a) => a.id)).toEqual(['a3']);
  });

  it('other figures or other messages are turns read afresh', () => {
    const plain = toTurns(history, null)!;
    const withFigures = toTurns(history, null, { a3: { firstTokenMs: 300, durationMs: 900, tokens: 12, credits: 1 } })!;
    expect(withFigures.at(-1)?.answers[0]?.metrics?.durationMs).toBe(900);
    expect(plain.at(-1)?.answers[0]?.metrics?.durationMs).toBeNull();
    const longer = toTurns([...history, { ...question, id: 'q3', content: 'Third', modelIds: ['offline'] }], null)!;
    expect(longer).toHaveLength(plain.length + 1);
  });
});

describe('the end of an answer', () => {
  const history: ChatMessage[] = [question, answer('a1', 'offline'), answer('a2', 'offline-brief')];
  const metrics = { firstTokenMs: null, durationMs: null, tokens: null, credits: null };
  const streamed = (content: string, streaming: boolean): LiveRun => ({
    question: 'One more', questionStored: false, modelIds: ['offline'], streaming,
    answers: [{ modelId: 'offline', content, streaming, error: null, metrics }],
  });
  const stored: ChatMessage[] = [
    ...history, { ...question, id: 'q2', content: 'One more', modelIds: ['offline'] }, answer('a3', 'offline', { content: 'The moon pulls.' }),
  ];

  it('the stored turn and answer take the place of the streamed ones under the keys they were drawn with, each new turn under a key of its own', () => {
    const live = reuseTurns(toTurns(history, null), toTurns(history, streamed('The moon', true)))!;
    const liveTurn = live.at(-1)!;
    expect(liveTurn.id).toBe('live');
    const ended = reuseTurns(live, toTurns(stored, null))!;
    const storedTurn = ended.at(-1)!;
    expect(storedTurn.id).toBe('q2');
    expect(storedTurn.drawKey).toBe(liveTurn.drawKey);
    expect(storedTurn.question).toMatchObject({ id: 'q2', drawKey: 'live-question' });
    expect(storedTurn.answers[0]).toMatchObject({ id: 'a3', drawKey: 'live-0', content: 'The moon pulls.' });
    // Read again from the server, the same turn stays the same object, keys and all.
    const again = reuseTurns(ended, toTurns([...stored], null))!;
    expect(again.at(-1)).toBe(storedTurn);
    // The next question streams under another key than the turn before it took.
    const next = reuseTurns(again, toTurns(stored, streamed('Next', true)))!;
    const keys = next.map((turn) => turn.drawKey ?? turn.id);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('a merge after its answers changed', () => {
  const minute = (n: number) => new Date(Date.parse(at) + n * 60_000).toISOString();
  const merged = answer('m1', 'offline', { content: 'Both say: the old lighthouse', mergedFrom: ['offline', 'offline-brief'], column: -1, createdAt: minute(2) });
  const first = [answer('a1', 'offline', { column: 0, createdAt: minute(1) }), answer('a2', 'offline-brief', { column: 1, createdAt: minute(1) })];
  const outdated = (turns: ReturnType<typeof toTurns>) => turns?.at(-1)?.answers.map((a) => [a.id, a.outdated === true]);

  it('a merge made from the answers shown is not marked', () => {
    expect(outdated(toTurns([question, ...first, merged], null))).toEqual([['a1', false], ['a2', false], ['m1', false]]);
  });

  it('after "Regenerate all" the merge is marked as made from earlier answers, while the new ones stream and once they are stored', () => {
    const metrics = { firstTokenMs: null, durationMs: null, tokens: null, credits: null };
    const regenerating: LiveRun = {
      question: question.content, questionStored: true, questionId: 'q1', modelIds: ['offline', 'offline-brief'], columns: { offline: 0, 'offline-brief': 1 }, streaming: true,
      answers: [{ modelId: 'offline', content: 'Anew', streaming: true, error: null, metrics }, { modelId: 'offline-brief', content: '', streaming: true, error: null, metrics }],
    };
    const streaming = toTurns([question, ...first, merged], regenerating)!.at(-1)!;
    expect(streaming.answers.filter((a) => a.mergedFrom).map((a) => [a.id, a.outdated])).toEqual([['m1', true]]);
    const version = { index: 2, count: 2 };
    const stored = [
      answer('a3', 'offline', { column: 0, createdAt: minute(3), version }), answer('a4', 'offline-brief', { column: 1, createdAt: minute(3), version }),
    ];
    expect(outdated(toTurns([question, ...stored, merged], null))).toEqual([['a3', false], ['a4', false], ['m1', true]]);
    // One column regenerated is enough: the merge no longer says what that column says.
    expect(outdated(toTurns([question, stored[0]!, first[1]!, merged], null))).toEqual([['a3', false], ['a2', false], ['m1', true]]);
  });

  it('showing the versions it was made from again, or merging again, leaves it unmarked; a merge being written is never marked', () => {
    const version = { index: 1, count: 2 };
    expect(outdated(toTurns([question, ...first.map((a) => ({ ...a, version })), merged], null))?.at(-1)).toEqual(['m1', false]);
    const again = { ...merged, id: 'm2', createdAt: minute(4), version: { index: 2, count: 2 } };
    const stored = [answer('a3', 'offline', { column: 0, createdAt: minute(3) }), answer('a4', 'offline-brief', { column: 1, createdAt: minute(3) })];
    expect(outdated(toTurns([question, ...stored, again], null))?.at(-1)).toEqual(['m2', false]);
    const metrics = { firstTokenMs: null, durationMs: null, tokens: null, credits: null };
    const merging: LiveRun = {
      question: question.content, questionStored: true, questionId: 'q1', modelIds: ['offline'], mergedFrom: ['offline', 'offline-brief'], streaming: true,
      answers: [{ modelId: 'offline', content: 'Merging', streaming: true, error: null, metrics }],
    };
    expect(toTurns([question, ...stored], merging)!.at(-1)!.answers.map((a) => a.outdated === true)).toEqual([false, false, false]);
  });
});
