import { describe, expect, it } from 'vitest';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import {
  contextFor, contextTokens, historyBudget, makeEditLastMessage, makeMergeAnswers, makeRegenerateAnswer, makeRunChat, MAX_SUMMARY_TOKENS, sendHoldOf,
  summaryText, SUMMARY_HEADING, weightOf, type ChatMessage, type ContextPolicy, type ConversationSettings, type ModelInfo, type Weighed,
} from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll, recordHolds } from '../../support/in-memory-app-world.js';

/** A weighed message: its role and its size in quarter tokens, whole and as a summary line. */
const w = (role: Weighed['role'], tokens: number, summaryTokens = 10, name = ''): Weighed & { name: string } => ({ role, quarters: tokens * 4, summaryQuarters: summaryTokens * 4, name });
/** n turns of a question and its answer, each message `tokens` long, named q1, a1, q2, a2… */
const turns = (n: number, tokens = 100, summaryTokens = 10) =>
  Array.from({ length: n }, (_, i) => [w('user', tokens, summaryTokens, `q${i + 1}`), w('assistant', tokens, summaryTokens, `a${i + 1}`)]).flat();
const names = (items: readonly { name: string }[]) => items.map((m) => m.name);
const ALL: ContextPolicy = { mode: 'all' };
const WIDE = 1_000_000;

describe('contextFor: what a model receives of its side of the history', () => {
  it('all: the whole history within a wide window, nothing summarised or left out', () => {
    const history = turns(5);
    const kept = contextFor(history, ALL, WIDE);
    expect(names(kept.sent)).toEqual(names(history));
    expect(kept).toMatchObject({ summarized: [], omitted: 0 });
    expect(kept.tokens).toBe(contextTokens(history, []));
    expect(contextFor([], { mode: 'summary', messages: 4 }, WIDE)).toEqual({ sent: [], summarized: [], omitted: 0, tokens: 0 });
  });

  it('recent N: the last N messages, starting at a question: a turn is never cut', () => {
    const history = turns(5);
    expect(names(contextFor(history, { mode: 'recent', messages: 4 }, WIDE).sent)).toEqual(['q4', 'a4', 'q5', 'a5']);
    // Three messages would start with an answer: only the last whole turn goes.
    const odd = contextFor(history, { mode: 'recent', messages: 3 }, WIDE);
    expect(names(odd.sent)).toEqual(['q5', 'a5']);
    expect(odd.omitted).toBe(8);
    // More than there are: everything.
    expect(names(contextFor(history, { mode: 'recent', messages: 200 }, WIDE).sent)).toEqual(names(history));
    // No number: the default, 20.
    expect(contextFor(turns(15), { mode: 'recent' }, WIDE).sent).toHaveLength(20);
  });

  it('a turn of a question with several messages after it (a merged answer kept with its own) stays whole', () => {
    const history = [w('user', 10, 10, 'q1'), w('assistant', 10, 10, 'a1'), w('user', 10, 10, 'q2'), w('assistant', 10, 10, 'a2'), w('assistant', 10, 10, 'm2')];
    expect(names(contextFor(history, { mode: 'recent', messages: 2 }, WIDE).sent)).toEqual([]);
    expect(names(contextFor(history, { mode: 'recent', messages: 3 }, WIDE).sent)).toEqual(['q2', 'a2', 'm2']);
    // An instruction message of the history starts a turn as a question does.
    const withSystem = [w('system', 10, 10, 's'), w('assistant', 10, 10, 'x'), ...history];
    expect(names(contextFor(withSystem, { mode: 'recent', messages: 6 }, WIDE).sent)).toEqual(['q1', 'a1', 'q2', 'a2', 'm2']);
  });

  it('summary N: the older messages summarised, the last N whole, nothing left out', () => {
    const history = turns(6);
    const kept = contextFor(history, { mode: 'summary', messages: 4 }, WIDE);
    expect(names(kept.summarized)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4']);
    expect(names(kept.sent)).toEqual(['q5', 'a5', 'q6', 'a6']);
    expect(kept.omitted).toBe(0);
    expect(kept.tokens).toBe(contextTokens(kept.sent, kept.summarized));
    // The summary counts its heading and a line for each message.
    expect(kept.tokens).toBe(Math.ceil((SUMMARY_HEADING.length + 8 * 41) / 4) + Math.ceil((4 * 400 + 4) / 4));
  });

  it('the summary is capped (MAX_SUMMARY_TOKENS): its oldest lines go first, and count as left out', () => {
    const history = turns(200, 50, 20);
    const kept = contextFor(history, { mode: 'summary', messages: 2 }, WIDE);
    const summary = contextTokens([], kept.summarized);
    expect(summary).toBeLessThanOrEqual(MAX_SUMMARY_TOKENS);
    expect(contextTokens([], history.slice(history.length - 3 - kept.summarized.length, -2))).toBeGreaterThan(MAX_SUMMARY_TOKENS);
    expect(kept.summarized.at(-1)?.name).toBe('a199');
    expect(names(kept.sent)).toEqual(['q200', 'a200']);
    expect(kept.omitted).toBe(400 - 2 - kept.summarized.length);
    expect(kept.omitted).toBeGreaterThan(0);
  });

  it('the window: the oldest whole turns are left out until it fits, never half a turn', () => {
    const history = turns(5); // each turn 200 tokens and a newline
    const budget = contextTokens(history.slice(4), []);
    const kept = contextFor(history, ALL, budget);
    expect(names(kept.sent)).toEqual(['q3', 'a3', 'q4', 'a4', 'q5', 'a5']);
    expect(kept.omitted).toBe(4);
    expect(kept.tokens).toBeLessThanOrEqual(budget);
    // One token short: one more turn goes.
    expect(names(contextFor(history, ALL, budget - 1).sent)).toEqual(['q4', 'a4', 'q5', 'a5']);
    // Not even the last turn fits: nothing of the history is sent.
    expect(contextFor(history, ALL, 150)).toEqual({ sent: [], summarized: [], omitted: 10, tokens: 0 });
  });

  it('the window under summary: the summary’s oldest lines go before any message sent whole, then the oldest turns', () => {
    const history = turns(6);
    const policy: ContextPolicy = { mode: 'summary', messages: 4 };
    const sentWhole = contextTokens(history.slice(8), []);
    // Room for the last two turns and two summary lines: the newest two lines stay.
    const budget = contextTokens(history.slice(8), history.slice(6, 8));
    const kept = contextFor(history, policy, budget);
    expect(names(kept.sent)).toEqual(['q5', 'a5', 'q6', 'a6']);
    expect(names(kept.summarized)).toEqual(['q4', 'a4']);
    expect(kept.omitted).toBe(6);
    // Room for the turns alone: the summary is gone, the turns stay.
    const noSummary = contextFor(history, policy, sentWhole);
    expect(noSummary).toMatchObject({ summarized: [], omitted: 8, tokens: sentWhole });
    // Less: then the oldest turn sent whole goes too.
    expect(names(contextFor(history, policy, sentWhole - 1).sent)).toEqual(['q6', 'a6']);
  });

  it('what is kept is always within the budget and always ends with the history', () => {
    const history = turns(30, 37, 9);
    for (const policy of [ALL, { mode: 'recent', messages: 7 }, { mode: 'summary', messages: 5 }, { mode: 'summary', messages: 2 }] as ContextPolicy[]) {
      for (let budget = 0; budget <= 3000; budget += 97) {
        const kept = contextFor(history, policy, budget);
        expect(kept.tokens).toBeLessThanOrEqual(budget);
        expect(kept.tokens).toBe(contextTokens(kept.sent, kept.summarized));
        expect(kept.sent.length + kept.summarized.length + kept.omitted).toBe(history.length);
        if (kept.sent.length > 0) {
          expect(kept.sent[0]?.role).toBe('user');
          expect(kept.sent.at(-1)).toBe(history.at(-1));
        }
      }
    }
  });

  it('historyBudget: the window less the room for the answer and what is always sent; a model without a window has 128,000', () => {
    expect(historyBudget(8192, 4096, 100)).toBe(3996);
    expect(historyBudget(undefined, 4096, 0)).toBe(128_000 - 4096);
    expect(historyBudget(8192, 8192, 10)).toBe(0);
  });

  it('summaryText: the heading, then each message’s opening words under who wrote it', () => {
    const text = summaryText([{ role: 'user', content: 'What is a tide?\nAsking for a friend.' }, { role: 'assistant', content: 'x'.repeat(400) }]);
    const [heading, question, answer] = text.split('\n');
    expect(heading).toBe(SUMMARY_HEADING);
    expect(question).toBe('User: What is a tide? Asking for a friend.');
    expect(answer?.startsWith('Assistant: xxx')).toBe(true);
    expect(answer?.endsWith('…')).toBe(true);
  });
});

const base = (id: string) => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo;
const ran = <T>(r: { success: true; data: T } | { success: false; error: { code: string; message: string } }): T => {
  if (!r.success) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.data;
};

describe('regenerate, edit and merge send and hold what the rule keeps', () => {
  /** Four turns answered side by side by two models, then the conversation's setting. */
  const conversation = async (settings: ConversationSettings, models?: readonly ModelInfo[]) => {
    const world = inMemoryAppWorld(models ? { models } : {});
    const userId = world.signIn();
    await world.fund(userId, 1_000_000);
    const held = recordHolds(world);
    const runChat = makeRunChat(world);
    const first = ran(await runChat({ message: 'Question 1 about harbours', modelIds: ['echo-basic', 'echo-swift'] }));
    await readAll(first.events);
    for (const n of [2, 3, 4]) await readAll(ran(await runChat({ conversationId: first.conversationId, message: `Question ${n} about harbours`, modelIds: ['echo-basic', 'echo-swift'] })).events);
    ran(await world.conversationStore.saveSettings(userId, first.conversationId, settings));
    world.modelGateway.requests.length = 0;
    held.length = 0;
    const path = async () => ran(await world.conversationStore.listMessages(userId, first.conversationId));
    return { world, userId, conversationId: first.conversationId, held, path };
  };
  const contents = (messages: readonly Pick<ChatMessage, 'role' | 'content'>[]) => messages.map((m) => `${m.role}: ${m.content}`);
  const sentTo = (world: ReturnType<typeof inMemoryAppWorld>, modelId: string) => contents(world.modelGateway.requests.find((r) => r.modelIds[0] === modelId)?.messages ?? []);

  it('regenerate under "recent 2": each model receives the turn before the last with its own answer, then the last question', async () => {
    const { world, conversationId, path, held } = await conversation({ instruction: '', models: {}, context: { mode: 'recent', messages: 2 } });
    const before = await path();
    await readAll(ran(await makeRegenerateAnswer(world)({ conversationId })).events);
    expect(sentTo(world, 'echo-swift')).toEqual(['user: Question 3 about harbours', 'assistant: echo-swift heard: Question 3 about harbours', 'user: Question 4 about harbours']);
    expect(sentTo(world, 'echo-basic')).toEqual(['user: Question 3 about harbours', 'assistant: echo-basic heard: Question 3 about harbours', 'user: Question 4 about harbours']);
    // The hold is the rule's, from the path before the last question.
    const last = before.findLastIndex((m) => m.role === 'user');
    const expected = sendHoldOf(before.slice(0, last).map(weightOf), '', 'Question 4 about harbours', [], [base('echo-basic'), base('echo-swift')], { instruction: '', models: {}, context: { mode: 'recent', messages: 2 } });
    expect(held).toEqual(expected.perModel.map((m) => m.credits));
  });

  it('edit under "summary 2": the summary of the older turns first, then the turn before the edited question, then the edit', async () => {
    const { world, conversationId } = await conversation({ instruction: 'Be brief.', models: {}, context: { mode: 'summary', messages: 2 } });
    await readAll(ran(await makeEditLastMessage(world)({ conversationId, message: 'Question 4, put another way', modelIds: ['echo-basic'] })).events);
    const request = world.modelGateway.requests.at(-1);
    expect(request?.instruction).toBe('Be brief.');
    expect(contents(request?.messages ?? [])).toEqual([
      `system: ${SUMMARY_HEADING}\nUser: Question 1 about harbours\nAssistant: echo-basic heard: Question 1 about harbours\nUser: Question 2 about harbours\nAssistant: echo-basic heard: Question 2 about harbours`,
      'user: Question 3 about harbours', 'assistant: echo-basic heard: Question 3 about harbours', 'user: Question 4, put another way',
    ]);
  });

  it('merge under "recent 2": the merging model receives its side of the turn before, then the merge request', async () => {
    const { world, conversationId } = await conversation({ instruction: '', models: {}, context: { mode: 'recent', messages: 2 } });
    await readAll(ran(await makeMergeAnswers(world)({ conversationId, modelId: 'echo-swift' })).events);
    const sent = sentTo(world, 'echo-swift');
    expect(sent.slice(0, 2)).toEqual(['user: Question 3 about harbours', 'assistant: echo-swift heard: Question 3 about harbours']);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.startsWith('user: Several AI models answered the same question.')).toBe(true);
  });

  it('a model with a small window receives only the turns that fit, and is held for just those; a wide one receives all', async () => {
    const small = { ...base('echo-basic'), contextWindow: 4096 + 30 };
    const { world, conversationId, path, held } = await conversation({ instruction: '', models: {} }, [small, base('echo-swift')]);
    const before = await path();
    const message = 'Question 5 about harbours';
    await readAll(ran(await makeRunChat(world)({ conversationId, message, modelIds: ['echo-basic', 'echo-swift'] })).events);
    // 30 tokens beside the room for an answer: the new message takes 7, the last turn 18, two turns 35.
    expect(sentTo(world, 'echo-basic')).toEqual(['user: Question 4 about harbours', 'assistant: echo-basic heard: Question 4 about harbours', `user: ${message}`]);
    expect(sentTo(world, 'echo-swift')).toHaveLength(9);
    const expected = sendHoldOf(before.map(weightOf), '', message, [], [small, base('echo-swift')], { instruction: '', models: {} });
    expect(held).toEqual(expected.perModel.map((m) => m.credits));
  });
});
