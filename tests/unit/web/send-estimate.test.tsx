// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sendHoldOf, weightOf, type ChatMessage, type ConversationSettings } from '../../../core/chat/index.js';
import { ChatView } from '../../../web/client/features/chat/components/chat-view.js';
import { useSendEstimate } from '../../../web/client/features/chat/hooks/use-send-estimate.js';
import { sampleModels } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const message = (id: string, role: 'user' | 'assistant', content: string): ChatMessage =>
  ({ id, conversationId: 'c1', role, content, modelId: 'gpt-4o-mini', inputTokens: null, outputTokens: null, createdAt: '2026-11-20T09:00:00.000Z' });
const messages = [message('m1', 'user', 'Write a haiku about autumn'), message('m2', 'assistant', 'Autumn moon rises\nover quiet water\n'.repeat(30))];

// Long answers asked of both models, so that each column's share is well above one credit.
const settings: ConversationSettings = { instruction: '', models: { 'gpt-4o-mini': { maxOutputTokens: 4000 }, 'claude-sonnet': { maxOutputTokens: 4000 } } };

/** What the server would hold for this conversation, draft and models (the same rule, computed here for the expectation). */
const expected = (draft: string, ids: readonly string[]) =>
  sendHoldOf(messages.map(weightOf), '', draft, [], ids.map((id) => sampleModels.find((m) => m.id === id)!), settings).total;

function Harness({ credits, capRemaining = null }: { credits: number | null; capRemaining?: number | null }) {
  const [draft, setDraft] = useState('');
  const [selected, setSelected] = useState(['gpt-4o-mini']);
  const cost = useSendEstimate({ settings, messages, draft, files: [], models: sampleModels, selected, credits, capRemaining });
  return (
    <ChatView turns={[]} models={sampleModels} selected={selected} onSelectedChange={setSelected} compare onCompareChange={() => undefined}
      subscribed streaming={false} draft={draft} onDraftChange={setDraft} onSend={() => undefined} onStop={() => undefined}
      onRegenerate={() => undefined} onEditLast={() => undefined} onContinueWith={() => undefined}
      onCopySelection={() => undefined} onAddSelectionToChat={() => undefined} cost={cost} />
  );
}

const shown = () => document.querySelector('.composer__cost')?.textContent;

describe('the composer shows what a send holds before it is sent', () => {
  it('the hold and what is left, updated as the user types and adds a model', async () => {
    renderUi(<Harness credits={1000} />);
    const first = expected('', ['gpt-4o-mini']);
    expect(shown()).toBe(`Sending holds ${first} credits · ${1000 - first} left after`);

    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'And one about winter, please');
    const typed = expected('And one about winter, please', ['gpt-4o-mini']);
    expect(shown()).toBe(`Sending holds ${typed} credits · ${1000 - typed} left after`);

    await userEvent.click(screen.getByRole('button', { name: /Models:/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Claude Sonnet/ }));
    const two = expected('And one about winter, please', ['gpt-4o-mini', 'claude-sonnet']);
    expect(two).toBeGreaterThan(typed);
    expect(shown()).toBe(`Sending holds ${two} credits · ${1000 - two} left after`);
  });

  it('a balance too short says so plainly; before the balance is known only the hold shows', () => {
    renderUi(<Harness credits={1} />);
    const held = expected('', ['gpt-4o-mini']);
    expect(held).toBeGreaterThan(1);
    expect(shown()).toBe(`Sending holds ${held} credits · not enough credits: you have 1`);
    cleanup();
    renderUi(<Harness credits={null} />);
    expect(shown()).toBe(`Sending holds ${held} credits`);
  });

  it('a send the monthly spending cap would refuse says so, with what is left of the cap; one that fits does not', () => {
    const held = expected('', ['gpt-4o-mini']);
    renderUi(<Harness credits={1000} capRemaining={held - 1} />);
    expect(shown()).toBe(`Sending holds ${held} credits · passes your monthly cap (${held - 1} left)`);
    cleanup();
    renderUi(<Harness credits={1000} capRemaining={held} />);
    expect(shown()).toBe(`Sending holds ${held} credits · ${1000 - held} left after`);
    // A short balance is said first: credits, not the cap, stop it.
    cleanup();
    renderUi(<Harness credits={1} capRemaining={0} />);
    expect(shown()).toBe(`Sending holds ${held} credits · not enough credits: you have 1`);
  });
});
