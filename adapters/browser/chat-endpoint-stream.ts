import { z } from 'zod';
import type { ChatRequest, ChatStreamEvent } from '../../core/domain/chat.js';
import { toDomainError, type ApiClient } from '../app-api/api-client.js';
import { ndjsonLines } from '../app-api/ndjson-lines.js';

const usage = z.object({ inputTokens: z.number(), outputTokens: z.number() });
const streamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), modelId: z.string(), messageId: z.string().optional() }),
  z.object({ type: z.literal('delta'), modelId: z.string(), text: z.string() }),
  z.object({
    type: z.literal('finish'), modelId: z.string(), usage,
    finishReason: z.enum(['stop', 'length', 'aborted', 'error', 'other']),
    creditsCharged: z.number().optional(), balance: z.number().optional(),
  }),
  z.object({ type: z.literal('error'), modelId: z.string(), code: z.string(), message: z.string() }),
]);

const PATHS = { message: '/api/chat', regenerate: '/api/chat/regenerate', 'edit-last': '/api/chat/edit-last' } as const;

/**
 * One chat request to the app server, read as NDJSON while it arrives. A refusal before any model
 * runs (402, 403, 404...) becomes an `error` then `finish` for every model asked, with the server's
 * code (`insufficient_credits`...), so the chat view can explain it inline.
 */
export async function* streamChatEndpoint(
  api: ApiClient,
  intent: keyof typeof PATHS,
  request: ChatRequest,
): AsyncGenerator<ChatStreamEvent> {
  const modelIds = [...request.modelIds];
  const message = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const body =
    intent === 'regenerate'
      ? { conversationId: request.conversationId, modelIds }
      : { message, modelIds, ...(request.conversationId ? { conversationId: request.conversationId } : {}) };
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  const failAll = function* (code: string, text: string): Generator<ChatStreamEvent> {
    for (const modelId of modelIds) {
      yield { type: 'error', modelId, code, message: text };
      yield { type: 'finish', modelId, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' };
    }
  };
  try {
    const sent = await api.send(PATHS[intent], { method: 'POST', json: body, signal: controller.signal });
    if (!sent.success) return yield* failAll(sent.error.code, sent.error.message);
    const response = sent.data;
    if (!response.ok || response.body === null) {
      const error = toDomainError(response.status, await response.json().catch(() => null));
      return yield* failAll(error.code, error.message);
    }
    for await (const line of ndjsonLines(response.body)) {
      const event = streamEvent.safeParse(line);
      if (event.success) yield event.data as ChatStreamEvent;
    }
  } catch {
    if (!controller.signal.aborted) yield* failAll('network', 'The connection to the app server was lost');
  } finally {
    request.signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}
