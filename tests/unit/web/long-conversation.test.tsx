// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_REQUEST, sendHoldOf, weightOf, type ChatMessage, type ConversationSettings, type ModelInfo } from '../../../core/chat/index.js';
import { AnswerMetrics } from '../../../web/client/features/chat/components/answer-metrics.js';
import { ChatView } from '../../../web/client/features/chat/components/chat-view.js';
import { ContextBanner, HEAVY_HISTORY_TOKENS, heavyHistory } from '../../../web/client/features/chat/components/context-banner.js';
import { useSendEstimate, useSummaryPrice } from '../../../web/client/features/chat/hooks/use-send-estimate.js';
import { sampleModels } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const at = '2026-11-28T09:00:00.000Z';
/** A conversation of `turns` questions, each answered by Claude Sonnet with `answerChars` characters. */
const conversation = (turns: number, answerChars = 200, modelId = 'claude-sonnet'): ChatMessage[] =>
  Array.from({ length: turns }, (_, i) => [
    { id: `q${i}`, conversationId: 'c1', role: 'user' as const, content: `Question number ${i + 1} about the harbour`, modelId: null, inputTokens: null, outputTokens: null, createdAt: at },
    { id: `a${i}`, conversationId: 'c1', role: 'assistant' as const, content: `Answer ${i + 1}: ${'the tide comes in slowly. '.repeat(Math.ceil(answerChars / 26))}`.slice(0, answerChars), modelId, inputTokens: null, outputTokens: null, createdAt: at },
  ]).flat();

const gpt = sampleModels[0] as ModelInfo;
const claude = sampleModels[1] as ModelInfo;
const held = (messages: readonly ChatMessage[], settings: ConversationSettings, models: readonly ModelInfo[] = [claude], draft = '') =>
  sendHoldOf(messages.map(weightOf), settings.instruction, draft, [], models, settings).total;

function Harness({ messages, settings, models = sampleModels, onStart = () => undefined }: {
  messages: readonly ChatMessage[]; settings: ConversationSettings; models?: readonly ModelInfo[]; onStart?: (modelId: string) => void;
}) {
  const [draft, setDraft] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const selected = ['claude-sonnet'];
  const cost = useSendEstimate({ settings, messages, draft, files: [], models, selected, credits: 100_000 });
  const priceOf = useSummaryPrice(settings, messages, undefined, models.filter((m) => m.available));
  const heavy = cost && !dismissed ? heavyHistory(cost.perModel) : null;
  return (
    <ChatView turns={[]} models={models} selected={selected} onSelectedChange={() => undefined} compare={false} onCompareChange={() => undefined}
      subscribed streaming={false} draft={draft} onDraftChange={setDraft} onSend={() => undefined} onStop={() => undefined}
      onRegenerate={() => undefined} onEditLast={() => undefined} onContinueWith={() => undefined}
      onCopySelection={() => undefined} onAddSelectionToChat={() => undefined} cost={cost}
      composerNotice={heavy ? (
        <ContextBanner load={heavy} models={models.filter((m) => m.available)} preferredModelId="claude-sonnet" priceOf={priceOf}
          onStart={onStart} onDismiss={() => setDismissed(true)} />
      ) : null} />
  );
}

const costLine = () => document.querySelector('.composer__cost')?.textContent;

describe('the estimate beside Send follows the conversation’s context setting', () => {
  const messages = conversation(6); // 12 messages

  it('the whole conversation: the server’s hold, and nothing said about what is sent', () => {
    const settings: ConversationSettings = { instruction: '', models: {} };
    renderUi(<Harness messages={messages} settings={settings} />);
    const whole = held(messages, settings);
    expect(costLine()).toBe(`Sending holds ${whole} credits · ${100_000 - whole} left after`);
  });

  it('the last 4 messages: less is held, and the line says which messages are sent', async () => {
    const settings: ConversationSettings = { instruction: '', models: { 'claude-sonnet': { maxOutputTokens: 200 } }, context: { mode: 'recent', messages: 4 } };
    const whole = held(messages, { ...settings, context: { mode: 'all' } });
    const recent = held(messages, settings);
    expect(recent).toBeLessThan(whole);
    renderUi(<Harness messages={messages} settings={settings} />);
    expect(costLine()).toBe(`Sending holds ${recent} credits · ${100_000 - recent} left after · sends the last 4 of 12 messages`);
    // Typing counts the message on top of what the setting keeps.
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'And the lighthouse?');
    const typed = held(messages, settings, [claude], 'And the lighthouse?');
    expect(costLine()).toBe(`Sending holds ${typed} credits · ${100_000 - typed} left after · sends the last 4 of 12 messages`);
  });

  it('a summary of older messages and the last 4: the line says the older ones are summarised', () => {
    const settings: ConversationSettings = { instruction: 'Be brief.', models: {}, context: { mode: 'summary', messages: 4 } };
    renderUi(<Harness messages={messages} settings={settings} />);
    const summary = held(messages, settings);
    expect(summary).toBeGreaterThan(held(messages, { ...settings, context: { mode: 'recent', messages: 4 } }) - 1);
    expect(costLine()).toBe(`Sending holds ${summary} credits · ${100_000 - summary} left after · sends the last 4 of 12 messages and a summary of older ones`);
  });

  it('a model whose window cannot hold the whole conversation: the oldest turns are left out, and the line says so', () => {
    const small: ModelInfo = { ...claude, contextWindow: 4096 + 300, maxOutputTokens: 4096 };
    const long = conversation(6, 600);
    const settings: ConversationSettings = { instruction: '', models: {} };
    renderUi(<Harness messages={long} settings={settings} models={[gpt, small, ...sampleModels.slice(2)]} />);
    const line = costLine() ?? '';
    const sent = Number(/sends the last (\d+) of 12 messages/.exec(line)?.[1]);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(12);
    expect(line.startsWith(`Sending holds ${held(long, settings, [small])} credits`)).toBe(true);
  });
});

describe('past a threshold the chat offers to start a new conversation from a summary', () => {
  it('the rule: more than HEAVY_HISTORY_TOKENS of history, or more than half of the model’s window, for the heaviest model', () => {
    const load = (modelId: string, historyTokens: number, contextWindow = 128_000) => ({ modelId, historyTokens, contextWindow, credits: 1 });
    expect(heavyHistory([load('a', HEAVY_HISTORY_TOKENS)])).toBeNull();
    expect(heavyHistory([load('a', HEAVY_HISTORY_TOKENS + 1)])?.modelId).toBe('a');
    expect(heavyHistory([load('a', 3000, 6000)])).toBeNull();
    expect(heavyHistory([load('a', 3001, 6000)])?.modelId).toBe('a');
    expect(heavyHistory([load('a', 9000), load('b', 12_000), load('c', 100)])?.modelId).toBe('b');
    expect(heavyHistory([])).toBeNull();
    // A small window caps what is sent: what the setting would send counts.
    expect(heavyHistory([{ ...load('a', 3000, 8192), settingTokens: 9000 }])?.modelId).toBe('a');
    expect(heavyHistory([{ ...load('a', 3000, 8192), settingTokens: 4000 }])).toBeNull();
  });

  it('a short conversation shows no banner', () => {
    renderUi(<Harness messages={conversation(3)} settings={{ instruction: '', models: {} }} />);
    expect(screen.queryByRole('region', { name: 'This conversation has grown long.' })).toBeNull();
  });

  it('a long one says what each message now costs, offers the usable models with the current one chosen and its price, and starts with one click', async () => {
    const messages = conversation(20, 2000); // about 10,000 tokens of answers
    const settings: ConversationSettings = { instruction: '', models: {} };
    const started: string[] = [];
    renderUi(<Harness messages={messages} settings={settings} onStart={(id) => started.push(id)} />);
    const banner = screen.getByRole('region', { name: 'This conversation has grown long.' });
    const perMessage = held(messages, settings);
    expect(banner.textContent).toMatch(new RegExp(`Each message now sends about [\\d,]+ tokens of earlier messages to Claude Sonnet \\(credits held for its answer: ${perMessage}\\)`));
    const picker = screen.getByRole('combobox', { name: 'Summary written by' }) as HTMLSelectElement;
    expect(picker.value).toBe('claude-sonnet');
    // Only usable models: Llama is not available.
    expect([...picker.options].map((o) => o.value)).toEqual(['gpt-4o-mini', 'claude-sonnet', 'gemini-pro']);
    const summaryHold = (model: ModelInfo) => sendHoldOf(messages.map(weightOf), '', SUMMARY_REQUEST, [], [model], settings).total;
    expect(banner.textContent).toContain(`Sending holds ${summaryHold(claude)} credits`);
    await userEvent.selectOptions(picker, 'gemini-pro');
    expect(banner.textContent).toContain(`Sending holds ${summaryHold(sampleModels[2] as ModelInfo)} credits`);
    await userEvent.click(screen.getByRole('button', { name: 'Start a new conversation from a summary' }));
    expect(started).toEqual(['gemini-pro']);
  });

  it('half of a small window is enough, and Not now puts it away', async () => {
    // About 5,000 tokens of history: light for a large window, heavy for one of 8,192 tokens (which
    // keeps 4,096 of them for the answer, so the oldest turns are cut and fewer are sent).
    const messages = conversation(10, 2000);
    const small: ModelInfo = { ...claude, contextWindow: 8192 };
    renderUi(<Harness messages={messages} settings={{ instruction: '', models: {} }} />);
    expect(screen.queryByRole('region', { name: 'This conversation has grown long.' })).toBeNull();
    cleanup();
    renderUi(<Harness messages={messages} settings={{ instruction: '', models: {} }} models={[gpt, small, ...sampleModels.slice(2)]} />);
    // Its window already leaves the oldest turns out: the note says so rather than what it sends.
    expect(screen.getByRole('region', { name: 'This conversation has grown long.' }).textContent)
      .toMatch(/Claude Sonnet’s window no longer holds all of it: the next message sends only the last \d+ of 20 messages/);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'This conversation has grown long.' })).toBeNull();
  });
});

describe('each answer’s figures', () => {
  it('show the tokens read beside those written; without them, their sum', () => {
    renderUi(<AnswerMetrics metrics={{ firstTokenMs: 400, durationMs: 3100, tokens: 1290, inputTokens: 1234, outputTokens: 56, credits: 3 }} />);
    expect(document.querySelector('.answer-metrics')?.textContent).toBe('first word in 0.4 s · 3.1 s in all · 1,234 tokens in · 56 out · credits: 3');
    cleanup();
    renderUi(<AnswerMetrics metrics={{ firstTokenMs: null, durationMs: null, tokens: 42, credits: null }} />);
    expect(document.querySelector('.answer-metrics')?.textContent).toBe('tokens: 42');
  });
});
