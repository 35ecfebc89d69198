// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerColumns, type TurnVoting } from '../../../web/client/features/chat/components/answer-columns.js';
import type { MessageView } from '../../../web/client/features/chat/components/chat-types.js';
import type { ChatMessage, CompareVote } from '../../../core/chat/index.js';
import { blindNamesOf, blindOrder, type TurnChoices } from '../../../web/client/features/chat/hooks/use-blind-compare.js';
import type { LiveRun } from '../../../web/client/features/chat/state/chat-session-types.js';
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
    const order = blindOrder('turn-1', 3);
    expect(columns().map((c) => c.querySelector('p')?.textContent)).toEqual(order.map((i) => `Answer ${i}`));
    expect(blindOrder('turn-1', 3)).toEqual(order);
    expect([...order].sort()).toEqual([0, 1, 2]);
  });

  it('"Best answer" votes for the model of its column', () => {
    const { votes, columns } = show({ blind: true, seed: 'turn-2', votedModelId: null });
    const order = blindOrder('turn-2', 3);
    fireEvent.click(within(columns()[0] as HTMLElement).getByRole('button', { name: 'Best answer' }));
    expect(votes).toEqual([answers[order[0] as number]?.modelId]);
  });

  it('after a vote the names and figures show where the columns stood, and the winner is marked', () => {
    const { headings, columns } = show({ blind: true, seed: 'turn-1', votedModelId: 'beta' });
    expect(headings()).toEqual(blindOrder('turn-1', 3).map((i) => LABELS[answers[i]?.modelId as string]));
    const winner = columns().filter((c) => c.classList.contains('answer-column--winner'));
    expect(winner.map((c) => c.getAttribute('data-model-id'))).toEqual(['beta']);
    expect(within(winner[0] as HTMLElement).getByText('Best')).toBeTruthy();
    expect(within(winner[0] as HTMLElement).getByRole('button', { name: 'Best answer' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.body.textContent).toContain('credits: 7');
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
