// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerColumns, type TurnVoting } from '../../../web/client/features/chat/components/answer-columns.js';
import type { MessageView } from '../../../web/client/features/chat/components/chat-types.js';
import { blindOrder } from '../../../web/client/features/chat/hooks/use-blind-compare.js';
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
