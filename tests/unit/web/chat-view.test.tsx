// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TurnView } from '../../../web/client/features/chat/components/chat-types.js';
import { ChatView, type ChatViewProps } from '../../../web/client/features/chat/components/chat-view.js';
import { sampleModels } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

// happy-dom has no layout, so ranges cannot measure themselves; the popover only needs a rectangle.
beforeAll(() => {
  if (!Range.prototype.getBoundingClientRect) {
    Range.prototype.getBoundingClientRect = () => ({ top: 200, left: 300, width: 80, height: 16, right: 380, bottom: 216, x: 300, y: 200, toJSON: () => ({}) });
  }
});

const single: TurnView[] = [
  {
    id: 'm1', columns: false,
    question: { id: 'm1', role: 'user', content: 'Write a haiku', modelId: 'gpt-4o-mini' },
    answers: [{ id: 'm2', role: 'assistant', content: 'Autumn **moon**', modelId: 'gpt-4o-mini' }],
  },
];
const sideBySide: TurnView[] = [
  {
    id: 'q1', columns: true,
    question: { id: 'q1', role: 'user', content: 'Name a coffee shop', modelId: null },
    answers: [
      { id: 'a1', role: 'assistant', content: 'Café Azulejo', modelId: 'gpt-4o-mini' },
      { id: 'a2', role: 'assistant', content: 'Saudade and Co', modelId: 'claude-sonnet' },
    ],
  },
];

/** Renders the chat; the windowed list draws its turns a few frames after it mounts. */
async function setup(overrides: Partial<ChatViewProps> = {}) {
  const calls: string[] = [];
  function Harness() {
    const [draft, setDraft] = useState('');
    return (
      <ChatView turns={single} models={sampleModels} selected={['gpt-4o-mini']} onSelectedChange={(ids) => calls.push(`models:${ids.join('+')}`)}
        compare={false} onCompareChange={(on) => calls.push(`compare:${on}`)}
        subscribed={false} streaming={false} draft={draft} onDraftChange={setDraft}
        onSend={(t) => { calls.push(`send:${t}`); setDraft(''); }} onStop={() => calls.push('stop')}
        onRegenerate={() => calls.push('regenerate')} onEditLast={(t) => calls.push(`edit:${t}`)}
        onContinueWith={(id) => calls.push(`continue:${id}`)}
        onCopySelection={(id, text) => calls.push(`copy:${id}:${text}`)} onAddSelectionToChat={(id, text) => calls.push(`add:${id}:${text}`)}
        {...overrides} />
    );
  }
  renderUi(<Harness />);
  if ((overrides.turns ?? single).length > 0) await drawn();
  return calls;
}

/** The list's turns, once drawn and shown (the list stays hidden until it stands at its end). */
const drawn = () => waitFor(() => {
  expect(document.querySelector('.chat-turn')).not.toBeNull();
  expect((document.querySelector('.chat-view__messages--windowed') as HTMLElement).style.visibility).not.toBe('hidden');
});

function select(text: string) {
  const node = screen.getByText(text);
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  fireEvent.mouseUp(node);
}

describe('ChatView', () => {
  it('Enter sends the message; Shift+Enter adds a line', async () => {
    const calls = await setup();
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'Hello{Shift>}{Enter}{/Shift}there{Enter}');
    expect(calls).toEqual(['send:Hello\nthere']);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('while an answer streams, Stop replaces Send, regenerate/edit are hidden, and typing goes on', async () => {
    const streamingTurns: TurnView[] = [{ ...single[0]!, answers: [{ ...single[0]!.answers[0]!, streaming: true }] }];
    const calls = await setup({ streaming: true, turns: streamingTurns });
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Regenerate/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    await userEvent.type(box, 'next question');
    expect(box.value).toBe('next question');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(calls).toEqual(['stop']);
  });

  it('regenerates the last answer and edits the last message', async () => {
    const calls = await setup();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your message' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Write a limerick');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send' }));
    expect(calls).toEqual(['regenerate', 'edit:Write a limerick']);
  });

  it('running out of credits is explained inline with a way to get more', async () => {
    await setup({ turns: [{ ...single[0]!, answers: [{ id: 'm3', role: 'assistant', content: '', modelId: 'gpt-4o-mini', error: { code: 'insufficient_credits' } }] }] });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/out of credits/);
    expect(within(alert).getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/subscribe');
  });

  it('credits held by running answers are explained as such: wait for them (no call to subscribe), then try again', async () => {
    const calls = await setup({ turns: [{ ...single[0]!, answers: [{ id: 'm3', role: 'assistant', content: '', modelId: 'gpt-4o-mini', error: { code: 'insufficient_credits', held: 7 } }] }] });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Your credits are in use. Answers still running hold 7 of your credits. Try again when they end: what they do not use is given back.Try again');
    expect(within(alert).queryByRole('link')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(calls).toEqual(['regenerate']);
  });

  it('a refusal with nothing held still says the credits are used up', async () => {
    await setup({ turns: [{ ...single[0]!, answers: [{ id: 'm3', role: 'assistant', content: '', modelId: 'gpt-4o-mini', error: { code: 'insufficient_credits', held: 0 } }] }] });
    expect(screen.getByRole('alert').textContent).toMatch(/out of credits/);
  });

  it('the model picker shows each credit price and which models the plan allows', async () => {
    const calls = await setup();
    await userEvent.click(screen.getByRole('button', { name: /Models:\s*GPT-4o mini/ }));
    const claude = screen.getByRole('radio', { name: /Claude Sonnet/ });
    expect(claude.closest('label')?.textContent).toContain('Credits per 1,000 tokens: 6 in · 30 out');
    expect(claude.closest('label')?.textContent).toContain('Needs plan');
    expect((claude as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Llama/ }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(claude);
    expect(calls).toEqual([]);
  });

  it('subscribers can pick paid models; side by side switches the picker to several models', async () => {
    const calls = await setup({ subscribed: true });
    await userEvent.click(screen.getByRole('button', { name: /Models:/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Gemini Pro/ }));
    await userEvent.click(screen.getByRole('button', { name: /Side by side/ }));
    expect(calls).toEqual(['models:gemini-pro', 'compare:true']);
  });

  it('a side-by-side turn shows one labelled column per model, in order, each offering to continue with it', async () => {
    const calls = await setup({ turns: sideBySide, compare: true, selected: ['gpt-4o-mini', 'claude-sonnet'], subscribed: true });
    const columns = screen.getAllByRole('region');
    expect(columns.map((c) => c.getAttribute('data-model-id'))).toEqual(['gpt-4o-mini', 'claude-sonnet']);
    expect(within(screen.getByRole('region', { name: 'Claude Sonnet' })).getByText('Saudade and Co')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('region', { name: 'Claude Sonnet' })).getByRole('button', { name: /Continue with this model/ }));
    await userEvent.click(screen.getByRole('button', { name: /Regenerate all/ }));
    expect(calls).toEqual(['continue:claude-sonnet', 'regenerate']);
  });

  it.each([
    ['a side-by-side column', sideBySide, 'Saudade and Co', 'claude-sonnet'],
    ['a single answer', single, 'moon', 'gpt-4o-mini'],
  ])('app §2: text selected in %s can be added to the chat, tied to that model', async (_name, turns, text, modelId) => {
    const calls = await setup({ turns, subscribed: true });
    select(text);
    await userEvent.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected text' })).getByRole('button', { name: /Add to chat/ }));
    expect(calls).toEqual([`add:${modelId}:${text}`]);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('app §2: text selected in an answer can be copied, tied to that model', async () => {
    const user = userEvent.setup();
    const calls = await setup({ turns: sideBySide, subscribed: true });
    select('Café Azulejo');
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: /Copy/ }));
    expect(calls).toEqual(['copy:gpt-4o-mini:Café Azulejo']);
    expect(await navigator.clipboard.readText()).toBe('Café Azulejo');
  });

  it.each([['Copy', 'copy'], ['Add to chat', 'add']])('text selected in a blind column can be used with %s, named as the column is ("Model A"), never by its model', async (button, kind) => {
    const used: string[] = [];
    await setup({
      turns: sideBySide, subscribed: true, compare: true, selected: ['gpt-4o-mini', 'claude-sonnet'], blind: true, votes: new Map(),
      onCopySelection: (modelId, text, hiddenLabel) => used.push(`copy:${modelId}:${text}:${hiddenLabel}`),
      onAddSelectionToChat: (modelId, text, hiddenLabel) => used.push(`add:${modelId}:${text}:${hiddenLabel}`),
    });
    const column = screen.getByText('Saudade and Co').closest('.answer-column') as HTMLElement;
    const label = within(column).getByRole('heading', { level: 2 }).textContent;
    expect(label).toMatch(/^Model [AB]$/);
    // The column names no model, to the eye or in its attributes.
    expect(column.outerHTML).not.toMatch(/claude|Claude/);
    select('Saudade and Co');
    await userEvent.click(within(screen.getByRole('toolbar', { name: 'Actions for the selected text' })).getByRole('button', { name: new RegExp(button) }));
    // The model is told to the chat (its analytics event), the label to what the user sees.
    expect(used).toEqual([`${kind}:claude-sonnet:Saudade and Co:${label}`]);
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('a selection outside the answers offers nothing', async () => {
    await setup({ turns: sideBySide });
    select('Name a coffee shop');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('with no model chosen nothing can be sent, but the box still takes text', async () => {
    await setup({ turns: [], compare: true, selected: [] });
    expect(screen.getByRole('heading', { name: 'Compare models side by side' })).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    await userEvent.type(box, 'hello');
    expect((screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose at least one model first', { selector: '.composer__waiting' })).toBeTruthy();
  });

  it.each([
    ['loading', 'Loading models… Send is available as soon as they are here.'],
    ['failed', 'The models could not be loaded. Reload the page to try again.'],
  ] as const)('while the models are %s, Enter keeps the text and the composer says why Send waits', async (modelsStatus, reason) => {
    const calls = await setup({ turns: [], selected: [], modelsStatus });
    const box = screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    // Nothing typed: nothing to say.
    expect(screen.queryByText(reason)).toBeNull();
    await userEvent.type(box, 'hello{Enter}');
    expect(calls).toEqual([]);
    expect(box.value).toBe('hello');
    const send = screen.getByRole('button', { name: /Send/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    // Said beside the composer, in a live region, and read with the disabled Send.
    const said = screen.getByText(reason);
    expect(said.getAttribute('aria-live')).toBe('polite');
    expect(send.getAttribute('aria-describedby')).toBe(said.id);
  });

  it('once the models are read, the text typed meanwhile is sent with Enter', async () => {
    const sent: string[] = [];
    function Loading() {
      const [ready, setReady] = useState(false);
      const [draft, setDraft] = useState('');
      return (
        <>
          <button type="button" onClick={() => setReady(true)}>models read</button>
          <ChatView turns={[]} models={sampleModels} selected={ready ? ['gpt-4o-mini'] : []} modelsStatus={ready ? 'ready' : 'loading'} onSelectedChange={() => undefined}
            compare={false} onCompareChange={() => undefined} subscribed={false} streaming={false} draft={draft} onDraftChange={setDraft}
            onSend={(text) => sent.push(text)} onStop={() => undefined} onRegenerate={() => undefined} onEditLast={() => undefined}
            onContinueWith={() => undefined} onCopySelection={() => undefined} onAddSelectionToChat={() => undefined} />
        </>
      );
    }
    renderUi(<Loading />);
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.type(box, 'typed early{Enter}');
    expect(sent).toEqual([]);
    await screen.findByText('Loading models… Send is available as soon as they are here.');
    await userEvent.click(screen.getByRole('button', { name: 'models read' }));
    expect(screen.queryByText('Loading models… Send is available as soon as they are here.')).toBeNull();
    await userEvent.type(box, '{Enter}');
    expect(sent).toEqual(['typed early']);
  });

  it('keyboard: Esc stops a streaming answer, ? lists the shortcuts (Ctrl+K is the chat layout’s)', async () => {
    const streamingTurns: TurnView[] = [{ ...single[0]!, answers: [{ ...single[0]!.answers[0]!, streaming: true }] }];
    const calls = await setup({ streaming: true, turns: streamingTurns });
    await userEvent.keyboard('{Escape}');
    expect(calls).toEqual(['stop']);
    await userEvent.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const line of ['Send the message', 'New line', 'Stop the answer', 'Search your chats', 'Edit your last message (in an empty box)']) expect(help.textContent).toContain(line);
    // Esc in the dialog closes it and does not stop the answer a second time.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(calls).toEqual(['stop']);
  });

  it('? typed into the composer is text, not the help', async () => {
    await setup();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'why?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
  });

  it('keyboard: ↑ opens the editor once; the question of a later turn does not open in the editor', async () => {
    const later: TurnView = { id: 't2', question: { id: 'q2', role: 'user', content: 'A later question', modelId: null }, answers: [], columns: false };
    function Growing() {
      const [turns, setTurns] = useState<readonly TurnView[]>(single);
      return (
        <>
          <button type="button" onClick={() => setTurns([...single, later])}>next turn</button>
          <ChatView turns={turns} models={sampleModels} selected={['gpt-4o-mini']} onSelectedChange={() => undefined} compare={false}
            onCompareChange={() => undefined} subscribed={false} streaming={false} draft="" onDraftChange={() => undefined} onSend={() => undefined}
            onStop={() => undefined} onRegenerate={() => undefined} onEditLast={() => undefined} onContinueWith={() => undefined}
            onCopySelection={() => undefined} onAddSelectionToChat={() => undefined} />
        </>
      );
    }
    renderUi(<Growing />);
    await drawn();
    await userEvent.click(screen.getByRole('textbox', { name: 'Your message' }));
    await userEvent.keyboard('{ArrowUp}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'next turn' }));
    expect(await screen.findByText('A later question')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit your message' })).toBeNull();
  });

  it('keyboard: ↑ in an empty composer opens the last message for editing', async () => {
    await setup();
    await userEvent.click(screen.getByRole('textbox', { name: 'Your message' }));
    await userEvent.keyboard('{ArrowUp}');
    expect((screen.getByRole('textbox', { name: 'Edit your message' }) as HTMLTextAreaElement).value).toBe('Write a haiku');
  });

  it('each finished answer says how it went: time to first word, duration, tokens, credits', async () => {
    const withMetrics: TurnView[] = [{
      ...sideBySide[0]!,
      answers: sideBySide[0]!.answers.map((a, i) => ({ ...a, metrics: { firstTokenMs: 400 + i * 100, durationMs: 3100, tokens: 412, credits: 3 } })),
    }];
    await setup({ turns: withMetrics, compare: true, subscribed: true });
    expect(within(screen.getByRole('region', { name: 'Claude Sonnet' })).getByText('first word in 0.5 s · 3.1 s in all · tokens: 412 · credits: 3')).toBeTruthy();
  });

  it('a conversation can be exported as Markdown or JSON', async () => {
    const calls = await setup({ onExport: (format) => calls.push(`export:${format}`) });
    await userEvent.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export as JSON' }));
    expect(calls).toEqual(['export:md', 'export:json']);
  });

  it('side by side takes up to six models', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...sampleModels[0]!, id: `m${i}`, label: `Model ${i}`, plan: 'free' as const, available: true }));
    await setup({ models: many, compare: true, selected: many.slice(0, 6).map((m) => m.id), turns: [] });
    await userEvent.click(screen.getByRole('button', { name: /Models:/ }));
    expect((screen.getByRole('checkbox', { name: /Model 6/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Model 0/ }) as HTMLInputElement).disabled).toBe(false);
  });
});

describe('ChatView: versions and each column on its own', () => {
  const versioned: TurnView[] = [
    {
      id: 'q1', columns: true,
      question: { id: 'q1', role: 'user', content: 'Name a coffee shop', modelId: null, version: { index: 2, count: 2 } },
      answers: [
        { id: 'a1', role: 'assistant', content: 'Café Azulejo', modelId: 'gpt-4o-mini', column: 0, version: { index: 3, count: 3 } },
        { id: 'a2', role: 'assistant', content: 'Saudade and Co', modelId: 'claude-sonnet', column: 1 },
      ],
    },
  ];

  it('‹ › shows another version of a question or an answer; the first and last versions cannot step further', async () => {
    const shown: string[] = [];
    await setup({ turns: versioned, compare: true, onShowVersion: (id, v) => shown.push(`${id}@${v}`), onEdit: () => undefined });
    const answer = screen.getByRole('group', { name: 'Version 3 of 3' });
    expect(within(answer).getByRole('button', { name: 'Next version' })).toHaveProperty('disabled', true);
    await userEvent.click(within(answer).getByRole('button', { name: 'Previous version' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Version 2 of 2' })).getByRole('button', { name: 'Previous version' }));
    expect(shown).toEqual(['a1@2', 'q1@1']);
    // The second column has one version: no switcher.
    expect(screen.getAllByRole('group', { name: /^Version/ })).toHaveLength(2);
  });

  it('the last turn: each column answered again or given another model; while it is written, one column stopped alone', async () => {
    const calls: string[] = [];
    await setup({ turns: versioned, compare: true, mergeModels: sampleModels, onRegenerateColumn: (column, modelId) => calls.push(`again:${column}:${modelId ?? '-'}`) });
    await userEvent.click(screen.getByRole('button', { name: /^Regenerate the answer of Claude/ }));
    const swap = screen.getAllByRole('combobox', { name: /^Answer this column with another model instead of GPT-4o mini/ })[0] as HTMLSelectElement;
    const offered = [...swap.options].map((o) => o.value).filter(Boolean);
    expect(offered).not.toContain('gpt-4o-mini');
    expect(offered).not.toContain('claude-sonnet');
    await userEvent.selectOptions(swap, offered[0] as string);
    expect(calls).toEqual(['again:1:-', `again:0:${offered[0]}`]);
    cleanup();
    const stops: string[] = [];
    const streaming: TurnView[] = [{ ...versioned[0]!, answers: versioned[0]!.answers.map((a) => ({ ...a, content: 'so far', streaming: true })) }];
    await setup({ turns: streaming, compare: true, streaming: true, onStopColumn: (id) => stops.push(id) });
    await userEvent.click(screen.getByRole('button', { name: /^Stop the answer of Claude/ }));
    expect(stops).toEqual(['claude-sonnet']);
    // While it is written, versions show but do not switch.
    const steps = screen.getAllByRole('button', { name: /version$/ });
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});
