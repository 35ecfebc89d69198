// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerColumns } from '../../../web/client/features/chat/components/answer-columns.js';
import type { MessageView } from '../../../web/client/features/chat/components/chat-types.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const LABELS: Record<string, string> = { alpha: 'Alpha Model', beta: 'Beta Model' };
const columns: MessageView[] = ['alpha', 'beta'].map((id, i) => ({ id: `a${i}`, role: 'assistant', content: `Answer ${i}`, modelId: id, column: i }));
const merge = (outdated: boolean): MessageView => ({
  id: 'm', role: 'assistant', content: 'Both agree', modelId: 'alpha', mergedFrom: ['alpha', 'beta'], column: -1, ...(outdated ? { outdated } : {}),
});
const show = (answers: MessageView[]) =>
  renderUi(<ol><AnswerColumns answers={answers} labelOf={(id) => (id ? LABELS[id] ?? id : null)} /></ol>);

describe('a merge made from earlier answers', () => {
  it('says so in its column, that no model is sent it any more, and that merging again takes in the new answers', () => {
    show([...columns, merge(true)]);
    const note = screen.getByText(/^Made from earlier answers/);
    expect(note.closest('.answer-column')?.getAttribute('data-merged')).toBe('true');
    expect(note.textContent).toContain('no longer sent to the models');
    expect(note.textContent).toContain('Merge again');
  });

  it('a merge of the answers shown says nothing more', () => {
    show([...columns, merge(false)]);
    expect(screen.queryByText(/^Made from earlier answers/)).toBeNull();
  });
});
