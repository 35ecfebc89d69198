// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerColumns, type TurnVoting } from '../../../web/client/features/chat/components/answer-columns.js';
import type { MessageView } from '../../../web/client/features/chat/components/chat-types.js';
import type { ChatMessage, CompareVote } from '../../../core/chat/index.js';
import { blindNamesOf, blindOrder, type TurnChoices } from '../../../web/client/features/chat/hooks/use-blind-compare.js';
import type { LiveRun } from '../../../web/client/features/chat/state/chat-session-types.js';
import { storedQuestionIdOf } from '../../../web/client/features/chat/components/chat-types.js';
import { ChatSession, type ChatSessionState } from '../../../web/client/features/chat/state/chat-session.js';
import { toTurns } from '../../../web/client/features/chat/state/chat-turns.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const LABELS: Record<string, string> = { alpha: 'Alpha Model', beta: 'Beta Model', gamma: 'Gamma Model' };
const answers: MessageView[] = ['alpha', 'beta', 'gamma'].map((id, i) => ({
  id: `a${i}`, role: 'assistant', content: `Answer ${i}`, modelId: id,
  metrics: { firstTokenMs: 400, durationMs: 1200, tokens: 50, credits: 7 },
}));

function show(voting: TurnVoting) {
  const votes: string[] = [];
  renderUi(
    <ol>
      <AnswerColumns answers={answers} labelOf={(id) => (id ? LABELS[id] ?? id : null)} voting={{ ...voting, onVote: (m) => votes.push(m) }} />
    </ol>,
  );
  const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  const columns = () => [...document.querySelectorAll('.answer-column')] as HTMLElement[];
  return { votes, headings, columns };
}

describe('blind compare in a side-by-side turn', () => {
  it('hides names, model ids and figures: columns read Model A, B, C in an order shuffled by the turn', () => {
    const { headings, columns } = show({ blind: true, seed: 'turn-1', votedModelId: null });
    expect(headings()).toEqual(['Model A', 'Model B', 'Model C']);
    const text = document.body.textContent ?? '';
    for (const label of Object.values(LABELS)) expect(text).not.toContain(label);
    expect(text).not.toMatch(/credits|first word|tokens/);
    expect(columns().map((c) => c.getAttribute('data-model-id'))).toEqual([null, null, null]);
    // The same turn shows the same order every time; the answers are all there.
    const order = blindOrder('turn-1', answers);
    expect(columns().map((c) => c.querySelector('p')?.textContent)).toEqual(order.map((a) => a.content));
    expect(blindOrder('turn-1', answers)).toEqual(order);
    expect(order.map((a) => a.id).sort()).toEqual(['a0', 'a1', 'a2']);
  });

  it('"Best answer" votes for the model of its column', () => {
    const { votes, columns } = show({ blind: true, seed: 'turn-2', votedModelId: null });
    const order = blindOrder('turn-2', answers);
    fireEvent.click(within(columns()[0] as HTMLElement).getByRole('button', { name: 'Best answer' }));
    expect(votes).toEqual([order[0]?.modelId]);
  });

  it('after a vote the names and figures show where the columns stood, and the winner is marked', () => {
    const { headings, columns } = show({ blind: true, seed: 'turn-1', votedModelId: 'beta' });
    expect(headings()).toEqual(blindOrder('turn-1', answers).map((a) => LABELS[a.modelId as string]));
    const winner = columns().filter((c) => c.classList.contains('answer-column--winner'));
    expect(winner.map((c) => c.getAttribute('data-model-id'))).toEqual(['beta']);
    expect(within(winner[0] as HTMLElement).getByText('Best')).toBeTruthy();
    expect(within(winner[0] as HTMLElement).getByRole('button', { name: 'Best answer' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.body.textContent).toContain('credits: 7');
  });

  it("a new question's empty columns, before the server names it, stand in the order asked and offer no Stop of their own", () => {
    const waiting = answers.map((a, i) => ({ ...a, id: `live-${i}`, content: '', streaming: true, metrics: null }));
    const stopped: string[] = [];
    renderUi(
      <ol>
        <AnswerColumns answers={waiting} labelOf={(id) => id} onStopColumn={(m) => stopped.push(m)} voting={{ blind: true, seed: null, votedModelId: null }} />
      </ol>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Model A', 'Model B', 'Model C']);
    expect([...document.querySelectorAll('.answer-column')].map((c) => c.id)).toEqual(waiting.map((a) => `message-${a.id}`));
    expect(screen.queryAllByRole('button', { name: /^Stop/ })).toEqual([]);
  });

  it("the shuffle goes by the turn and each column's model, not by how many columns there are: a column leaving moves no other", () => {
    const full = blindOrder('turn-3', answers).map((a) => a.modelId);
    const without = blindOrder('turn-3', answers.filter((a) => a.modelId !== full[1])).map((a) => a.modelId);
    expect(without).toEqual(full.filter((m) => m !== full[1]));
    // A merge joins after the columns, which stay where they stood.
    const merged: MessageView = { id: 'm', role: 'assistant', content: 'Merged', modelId: 'alpha', mergedFrom: ['alpha', 'beta', 'gamma'] };
    expect(blindOrder('turn-3', [merged, ...answers]).map((a) => a.id)).toEqual([...blindOrder('turn-3', answers).map((a) => a.id), 'm']);
    // Over many turns each model comes first about as often as the other.
    const pair = answers.slice(0, 2);
    const alphaFirst = Array.from({ length: 200 }, (_, i) => blindOrder(`question-${i}`, pair)[0]?.modelId).filter((m) => m === 'alpha').length;
    expect(alphaFirst).toBeGreaterThan(70);
    expect(alphaFirst).toBeLessThan(130);
  });

  it('without blind, names show before any vote', () => {
    const { headings } = show({ blind: false, seed: 'turn-1', votedModelId: null });
    expect(headings()).toEqual(['Alpha Model', 'Beta Model', 'Gamma Model']);
  });
});

describe('what the chat hides around its turns (the model picker, the merge, the long-conversation offer)', () => {
  const message = (id: string, role: 'user' | 'assistant', modelIds?: string[]): ChatMessage => ({
    id, conversationId: 'c1', role, content: id, modelId: modelIds?.[0] ?? 'alpha', ...(modelIds ? { modelIds } : {}),
    inputTokens: null, outputTokens: null, createdAt: '2026-11-28T12:00:00.000Z',
  });
  const sideBySide = [message('q1', 'user', ['alpha', 'beta']), message('a1', 'assistant'), message('a2', 'assistant')];
  const single = [message('q2', 'user', ['alpha']), message('a3', 'assistant')];
  const choice = (messageId: string, kind: 'vote' | 'continue'): CompareVote => ({
    conversationId: 'c1', messageId, kind, modelId: 'beta', blind: true, models: ['alpha', 'beta'], createdAt: '2026-11-28T12:01:00.000Z',
  });
  const voted = (messageId: string): ReadonlyMap<string, TurnChoices> => new Map([[messageId, { vote: choice(messageId, 'vote') }]]);
  const run = (fields: Partial<LiveRun>): LiveRun => ({ question: 'q', questionStored: false, modelIds: ['alpha', 'beta'], answers: [], streaming: true, ...fields });

  it('hides nothing without blind compare, or with no side-by-side turn held', () => {
    expect(blindNamesOf(false, sideBySide, null, new Map())).toEqual({ hidden: false, latestHidden: false });
    expect(blindNamesOf(true, single, null, new Map())).toEqual({ hidden: false, latestHidden: false });
    expect(blindNamesOf(true, undefined, null, new Map())).toEqual({ hidden: false, latestHidden: false });
  });

  it('hides the names while a blind side-by-side turn has no vote, the latest one or an earlier one, and not once voted', () => {
    expect(blindNamesOf(true, sideBySide, null, new Map())).toEqual({ hidden: true, latestHidden: true });
    expect(blindNamesOf(true, [...sideBySide, ...single], null, new Map())).toEqual({ hidden: true, latestHidden: false });
    expect(blindNamesOf(true, sideBySide, null, voted('q1'))).toEqual({ hidden: false, latestHidden: false });
    // Choosing the model to continue with is no vote.
    const continued = new Map([['q1', { continued: choice('q1', 'continue') }]]);
    expect(blindNamesOf(true, sideBySide, null, continued)).toEqual({ hidden: true, latestHidden: true });
  });

  it('hides them while a new side-by-side question is answered, not while a voted turn is answered again or merged', () => {
    expect(blindNamesOf(true, [], run({}), new Map())).toEqual({ hidden: true, latestHidden: true });
    expect(blindNamesOf(true, sideBySide, run({ questionStored: true }), voted('q1'))).toEqual({ hidden: false, latestHidden: false });
    expect(blindNamesOf(true, sideBySide, run({ questionStored: true, modelIds: ['gamma'], mergedFrom: ['alpha', 'beta'] }), voted('q1'))).toEqual({ hidden: false, latestHidden: false });
    expect(blindNamesOf(true, [], run({ modelIds: ['alpha'] }), new Map())).toEqual({ hidden: false, latestHidden: false });
  });
});

describe("the order of a blind turn's columns", () => {
  const MODELS = ['echo-basic', 'echo-swift'];
  /** The order the chat view shows a state's side-by-side turns in, by the id of their question; the columns drawn before it is known. */
  const ordersOf = (state: ChatSessionState) => {
    const orders = new Map<string, string>();
    const unplaced: string[] = [];
    for (const turn of toTurns(state.messages, state.run, state.metrics) ?? []) {
      if (!turn.columns) continue;
      const seed = storedQuestionIdOf(turn);
      if (seed === null) unplaced.push(...turn.answers.map((a) => a.content));
      else orders.set(seed, blindOrder(seed, turn.answers.filter((a) => !a.mergedFrom)).map((a) => a.modelId).join(' | '));
    }
    return { orders, unplaced };
  };

  it('never changes: not while the answers stream, not once they are stored, not after a reload', async () => {
    const world = inMemoryUseCases({ signedIn: 'profiled' });
    const granted = await world.deps.usageLedger.grantCredits({ userId: world.userId as string, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
    expect(granted.success).toBe(true);
    const session = new ChatSession(world.useCases);
    const seen = new Map<string, Set<string>>();
    const unplaced: string[] = [];
    session.subscribe(() => {
      const now = ordersOf(session.snapshot());
      unplaced.push(...now.unplaced);
      for (const [question, order] of now.orders) seen.set(question, (seen.get(question) ?? new Set()).add(order));
    });
    session.open(null);
    const first = await session.send('Question 1', MODELS);
    if (!('conversationId' in first)) throw new Error(first.error.message);
    // Each turn is shuffled anew; eight of them leave no room for a lucky draw.
    for (let i = 2; i <= 8; i += 1) expect('conversationId' in (await session.send(`Question ${i}`, MODELS))).toBe(true);
    // The conversation read again at the last answer's end.
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(seen.size).toBe(8);
    for (const orders of seen.values()) expect([...orders]).toHaveLength(1);
    // Before the server names a question, its columns hold no word that would tell them apart.
    expect(unplaced.every((text) => text === '')).toBe(true);

    const reopened = new ChatSession(world.useCases);
    reopened.open(first.conversationId);
    const shown = await new Promise<ChatSessionState>((resolve) => {
      const check = () => {
        if (reopened.snapshot().messages !== undefined) resolve(reopened.snapshot());
      };
      reopened.subscribe(check);
      check();
    });
    const again = ordersOf(shown).orders;
    expect(again.size).toBe(8);
    for (const [question, order] of again) expect([...(seen.get(question) ?? [])]).toEqual([order]);
  });
});
