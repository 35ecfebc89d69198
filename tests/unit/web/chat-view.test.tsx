// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageView } from '../../../web/client/screens/chat/chat-types.js';
import { ChatView, type ChatViewProps } from '../../../web/client/screens/chat/chat-view.js';
import { sampleModels } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const conversation: MessageView[] = [
  { id: 'm1', role: 'user', content: 'Write a haiku', modelId: 'gpt-4o-mini' },
  { id: 'm2', role: 'assistant', content: 'Autumn **moon**', modelId: 'gpt-4o-mini' },
];

function setup(overrides: Partial<ChatViewProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <ChatView messages={conversation} models={sampleModels} modelId="gpt-4o-mini" onModelChange={(id) => calls.push(`model:${id}`)}
      subscribed={false} streaming={false} onSend={(t) => calls.push(`send:${t}`)} onStop={() => calls.push('stop')}
      onRegenerate={() => calls.push('regenerate')} onEditLast={(t) => calls.push(`edit:${t}`)} {...overrides} />,
  );
  return calls;
}

describe('ChatView', () => {
  it('Enter sends the message; Shift+Enter adds a line', async () => {
    const calls = setup();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there{Enter}');
    expect(calls).toEqual(['send:Hello\nthere']);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('while an answer streams, Stop replaces Send and regenerate/edit are hidden', async () => {
    const calls = setup({ streaming: true, messages: [...conversation.slice(0, 1), { ...conversation[1]!, streaming: true }] });
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(calls).toEqual(['stop']);
  });

  it('regenerates the last answer and edits the last message', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Write a limerick');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(calls).toEqual(['regenerate', 'edit:Write a limerick']);
  });

  it('running out of credits is explained inline with a way to get more', () => {
    setup({ messages: [...conversation.slice(0, 1), { id: 'm3', role: 'assistant', content: '', modelId: 'gpt-4o-mini', error: { code: 'insufficient_credits' } }] });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/out of credits/);
    expect(within(alert).getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/subscribe');
  });

  it('the model picker shows each credit price and which models the plan allows', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: /Models:\s*GPT-4o mini/ }));
    const claude = screen.getByRole('radio', { name: /Claude Sonnet/ });
    expect(claude.closest('label')?.textContent).toContain('Credits per 1,000 tokens: 6 in · 30 out');
    expect(claude.closest('label')?.textContent).toContain('Needs plan');
    expect((claude as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Llama/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(claude);
    expect(calls).toEqual([]);
  });

  it('subscribers can pick paid models', async () => {
    const calls = setup({ subscribed: true });
    await userEvent.click(screen.getByRole('button', { name: /Models:/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Gemini Pro/ }));
    expect(calls).toEqual(['model:gemini-pro']);
  });
});
