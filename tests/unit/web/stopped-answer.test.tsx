// @vitest-environment happy-dom
// A stopped answer says so: beside its figures as its run ends and as stored (a reload, a shared link),
// in the Markdown export, and in the JSON export's messages.
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../core/chat/index.js';
import de from '../../../web/public/locales/de/translation.json' with { type: 'json' };
import { AnswerMetrics } from '../../../web/client/features/chat/components/answer-metrics.js';
import { conversationAsJson, conversationAsMarkdown } from '../../../web/client/features/chat/state/chat-export.js';
import { applyEvent, messagesOfRun, NO_METRICS } from '../../../web/client/features/chat/state/chat-session-rules.js';
import { toTurns } from '../../../web/client/features/chat/state/chat-turns.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const at = '2026-11-28T10:00:00.000Z';
const question: ChatMessage = { id: 'q1', conversationId: 'c1', role: 'user', content: 'Tell me a story', modelId: 'offline', inputTokens: null, outputTokens: null, createdAt: at };
const answer = (extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 'a1', conversationId: 'c1', role: 'assistant', content: 'Once upon a ti', modelId: 'offline', inputTokens: 12, outputTokens: 4, createdAt: at, ...extra,
});

describe('a stopped answer in the chat', () => {
  it('the finish of a stopped answer marks its figures stopped; one that ended by itself is not', () => {
    const live = [{ modelId: 'offline', content: 'Once', streaming: true, error: null, metrics: NO_METRICS }];
    const usage = { inputTokens: 12, outputTokens: 4 };
    const [stopped] = applyEvent(live, { type: 'finish', modelId: 'offline', usage, finishReason: 'aborted', creditsCharged: 1 }, 900);
    const [whole] = applyEvent(live, { type: 'finish', modelId: 'offline', usage, finishReason: 'stop', creditsCharged: 1 }, 900);
    expect(stopped?.metrics).toMatchObject({ credits: 1, stopped: true });
    expect(whole?.metrics.stopped).toBeUndefined();
  });

  it('the run read to its end becomes a stored message that says it was stopped', () => {
    const answers = [{ modelId: 'offline', content: 'Once', streaming: false, error: null, metrics: { ...NO_METRICS, credits: 1, stopped: true } }];
    const done = { type: 'done' as const, answers: [{ modelId: 'offline', messageId: 'a9', creditsCharged: 1, finishReason: 'aborted' as const }] };
    const { answerMessages } = messagesOfRun({ conversationId: 'c1', userMessageId: 'q9', modelIds: ['offline'] }, 'Tell me', answers, done, {});
    expect(answerMessages[0]).toMatchObject({ id: 'a9', stopped: true });
  });

  it('a stored stopped answer shows its figures with Stopped; a shared one, with no figures, shows Stopped alone', () => {
    const reopened = toTurns([question, answer({ creditsCharged: 1, durationMs: 900, stopped: true })], null);
    expect(reopened?.[0]?.answers[0]?.metrics).toMatchObject({ credits: 1, durationMs: 900, stopped: true });
    const shared = toTurns([{ ...question }, { id: 'm1', role: 'assistant', content: 'Once upon a ti', modelId: 'offline', stopped: true }], null);
    expect(shared?.[0]?.answers[0]?.metrics).toEqual({ firstTokenMs: null, durationMs: null, tokens: null, credits: null, stopped: true });
    const whole = toTurns([question, answer({ creditsCharged: 1 })], null);
    expect(whole?.[0]?.answers[0]?.metrics?.stopped).toBeUndefined();
  });

  it('the figures line says Stopped first, beside the figures, or alone', () => {
    renderUi(<AnswerMetrics metrics={{ firstTokenMs: null, durationMs: 2100, tokens: null, credits: 3, stopped: true }} />);
    expect(screen.getByText('Stopped').className).toBe('answer-metrics__stopped');
    expect(screen.getByText('Stopped').parentElement?.textContent).toBe('Stopped · 2.1 s in all · credits: 3');
    cleanup();
    renderUi(<AnswerMetrics metrics={{ ...NO_METRICS, stopped: true }} />);
    expect(screen.getByText('Stopped').parentElement?.textContent).toBe('Stopped');
    cleanup();
    renderUi(<AnswerMetrics metrics={{ ...NO_METRICS, credits: 3 }} />);
    expect(screen.queryByText(/Stopped/)).toBeNull();
  });

  it('in German it says Angehalten', () => {
    const german = i18next.createInstance();
    void german.use(initReactI18next).init({ lng: 'de', resources: { de: { translation: de } }, react: { useSuspense: false }, initAsync: false });
    render(<I18nextProvider i18n={german}><AnswerMetrics metrics={{ ...NO_METRICS, credits: 2, stopped: true }} /></I18nextProvider>);
    expect(screen.getByText('Angehalten')).toBeTruthy();
  });
});

describe('a stopped answer in the exports', () => {
  it('Markdown says so under the answer; JSON carries the flag', () => {
    const messages = [question, answer({ stopped: true })];
    expect(conversationAsMarkdown('A story', messages, () => 'Offline model')).toBe(
      '# A story\n\n## You\n\nTell me a story\n\n## Offline model\n\nOnce upon a ti\n\n_Stopped before the end._\n',
    );
    const parsed = JSON.parse(conversationAsJson({ id: 'c1', title: 'A story' }, messages)) as { messages: ChatMessage[] };
    expect(parsed.messages[1]?.stopped).toBe(true);
    expect(conversationAsMarkdown('A story', [question, answer()], () => 'Offline model')).not.toContain('Stopped');
  });
});
