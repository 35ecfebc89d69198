import type { AttachmentRef, ChatMessage, ConversationSettings, ChatRunEvent, ChatRunHandle } from '../../../../../core/chat/index.js';
import { exchangeOf } from '../../../../../core/chat/index.js';
import type { AnswerMetrics, LiveAnswer } from './chat-session.js';

// What the chat session works out from the messages and the run's events (chat-session.ts).

export const NO_METRICS: AnswerMetrics = { firstTokenMs: null, durationMs: null, tokens: null, credits: null };

export function applyEvent(answers: readonly LiveAnswer[], event: Exclude<ChatRunEvent, { type: 'done' }>, elapsedMs: number): readonly LiveAnswer[] {
  return answers.map((a) => {
    if (a.modelId !== event.modelId) return a;
    if (event.type === 'delta') {
      const firstTokenMs = a.metrics.firstTokenMs ?? elapsedMs;
      return { ...a, content: a.content + event.text, metrics: { ...a.metrics, firstTokenMs } };
    }
    if (event.type === 'finish') {
      const metrics = {
        ...a.metrics,
        durationMs: elapsedMs,
        tokens: event.usage.inputTokens + event.usage.outputTokens,
        inputTokens: event.usage.inputTokens,
        outputTokens: event.usage.outputTokens,
        credits: event.creditsCharged ?? null,
        ...(event.finishReason === 'aborted' ? { stopped: true } : {}),
      };
      return { ...a, streaming: false, metrics };
    }
    if (event.type === 'error') return { ...a, streaming: false, error: { code: event.code, message: event.message } };
    return a;
  });
}

export const hasSettings = (settings: ConversationSettings): boolean =>
  settings.instruction !== '' || Object.values(settings.models).some((m) => Object.keys(m).length > 0);

/** The messages without a merged answer of the last turn (a merge of it is about to replace it). */
export function withoutLastMerge(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const last = messages.findLastIndex((m) => m.role === 'user');
  return messages.filter((m, i) => i <= last || m.mergedFrom === undefined);
}

/** The answers of a question shown, by column (as stored; else in the order it asked the models): the core's rule. */
export const columnModels = (messages: readonly ChatMessage[], question: ChatMessage): ReadonlyMap<number, string> =>
  exchangeOf(messages, question.id)?.columns ?? new Map();

/** The messages without the last turn's answer in `column` (a new version of it is about to stream). */
export function withoutColumn(messages: readonly ChatMessage[], column: number): readonly ChatMessage[] {
  const last = messages.findLastIndex((m) => m.role === 'user');
  return messages.filter((m, i) => i <= last || m.mergedFrom !== undefined || (m.column ?? i - last - 1) !== column);
}

export function lastQuestion(messages: readonly ChatMessage[]): ChatMessage | undefined {
  return [...messages].reverse().find((m) => m.role === 'user');
}

/** The models that answer the last question's columns now (a column may have been given another model). */
export function answeredBy(messages: readonly ChatMessage[], question: ChatMessage): readonly string[] {
  const columns = columnModels(messages, question);
  if (columns.size > 0) return [...new Set(columns.values())];
  const after = messages.slice(messages.indexOf(question) + 1).flatMap((m) => (m.role === 'assistant' && m.modelId && !m.mergedFrom ? [m.modelId] : []));
  return after.length > 0 ? [...new Set(after)] : question.modelId ? [question.modelId] : [];
}

/** Removes the last answers ('answers') or the last question with its answers ('exchange'). */
export function dropLast(messages: readonly ChatMessage[], cut: 'answers' | 'exchange'): readonly ChatMessage[] {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]?.role !== 'user') i -= 1;
  return messages.slice(0, cut === 'answers' ? i + 1 : Math.max(i, 0));
}

/** A run read to its end as stored messages: the question and every saved answer, with the server's ids. */
export function messagesOfRun(
  run: Pick<ChatRunHandle, 'conversationId' | 'userMessageId' | 'modelIds'>,
  question: string,
  answers: readonly LiveAnswer[],
  done: Extract<ChatRunEvent, { type: 'done' }> | null,
  known: Readonly<Record<string, AnswerMetrics>>,
  mergedFrom?: readonly string[],
  attachments: readonly AttachmentRef[] = [],
): { questionMessage: ChatMessage; answerMessages: ChatMessage[]; metrics: Record<string, AnswerMetrics> } {
  const now = new Date().toISOString();
  const questionMessage: ChatMessage = {
    id: run.userMessageId, conversationId: run.conversationId, role: 'user', content: question,
    modelId: run.modelIds.length === 1 ? (run.modelIds[0] as string) : null, modelIds: run.modelIds,
    ...(attachments.length > 0 ? { attachments } : {}),
    inputTokens: null, outputTokens: null, createdAt: now,
  };
  const saved = done?.answers ?? [];
  const answerMessages: ChatMessage[] = [];
  const metrics = { ...known };
  for (const answer of answers) {
    const messageId = saved.find((s) => s.modelId === answer.modelId)?.messageId;
    if (messageId) metrics[messageId] = answer.metrics;
    if (messageId && answer.content !== '') {
      answerMessages.push({
        id: messageId, conversationId: run.conversationId, role: 'assistant', content: answer.content, modelId: answer.modelId,
        ...(mergedFrom ? { mergedFrom } : {}), ...(answer.metrics.stopped ? { stopped: true } : {}), inputTokens: null, outputTokens: null, createdAt: now,
      });
    }
  }
  return { questionMessage, answerMessages, metrics };
}
