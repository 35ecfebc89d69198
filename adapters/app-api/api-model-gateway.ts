import { z } from 'zod';
import type { ChatRequest, ChatStreamEvent, ModelInfo } from '../../core/domain/chat.js';
import type { ModelGateway } from '../../core/ports/model-gateway.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { ApiClient, toDomainError, type ApiClientOptions } from './api-client.js';
import { ndjsonLines } from './ndjson-lines.js';

const modelInfo = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.enum(['openai', 'anthropic', 'google', 'openai-compatible', 'offline']),
  inputCreditsPer1k: z.number(),
  outputCreditsPer1k: z.number(),
  plan: z.enum(['free', 'paid']),
  available: z.boolean(),
});
const usage = z.object({ inputTokens: z.number(), outputTokens: z.number() });
const streamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), modelId: z.string(), messageId: z.string().optional() }),
  z.object({ type: z.literal('delta'), modelId: z.string(), text: z.string() }),
  z.object({
    type: z.literal('finish'),
    modelId: z.string(),
    usage,
    finishReason: z.enum(['stop', 'length', 'aborted', 'error', 'other']),
    creditsCharged: z.number().optional(),
    balance: z.number().optional(),
  }),
  z.object({ type: z.literal('error'), modelId: z.string(), code: z.string(), message: z.string() }),
]);

export interface ChatMeta {
  readonly conversationId: string;
  readonly userMessageId: string;
}

/**
 * ModelGateway in the browser: /api/models and the NDJSON stream of /api/chat, read incrementally.
 * The server keeps the conversation, so a request sends only the last user message (and the
 * conversation id); `onMeta` learns which conversation the answer went to. Aborting the signal
 * closes the connection: the server stops the models and charges what they produced.
 */
export class ApiModelGateway implements ModelGateway {
  private readonly api: ApiClient;

  constructor(private readonly options: ApiClientOptions & { onMeta?: (meta: ChatMeta) => void }) {
    this.api = new ApiClient(options);
  }

  async listModels(): Promise<Result<readonly ModelInfo[]>> {
    const r = await this.api.json<unknown>('/api/models');
    if (!r.success) return r;
    const body = z.object({ models: z.array(modelInfo) }).safeParse(r.data);
    return body.success ? ok(body.data.models) : fail(domainError('unexpected', 'The app server sent an unexpected model list'));
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const message = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const modelIds = [...request.modelIds];
    const body = { message, modelIds, ...(request.conversationId ? { conversationId: request.conversationId } : {}) };
    yield* this.streamFrom('/api/chat', body, modelIds, request.signal);
  }

  /**
   * POSTs `body` to one of the app server's chat endpoints (/api/chat, /regenerate, /edit-last) and
   * yields its events as the NDJSON arrives. A refusal before any model runs (402, 403, 404...)
   * becomes an `error` then `finish` for every model asked, with the server's code, so the chat view
   * can explain it inline; a lost connection ends the models still open.
   */
  async *streamFrom(path: string, body: unknown, modelIds: readonly string[], signal?: ChatRequest['signal']): AsyncIterable<ChatStreamEvent> {
    const failAll = function* (code: string, message: string): Generator<ChatStreamEvent> {
      for (const modelId of modelIds.length > 0 ? modelIds : ['']) {
        yield { type: 'error', modelId, code, message };
        yield { type: 'finish', modelId, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'error' };
      }
    };
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const open = new Set<string>();
    try {
      if (signal?.aborted) {
        for (const modelId of modelIds) yield { type: 'finish', modelId, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'aborted' };
        return;
      }
      const sent = await this.api.send(path, { method: 'POST', json: body, signal: controller.signal });
      if (!sent.success) return yield* failAll(sent.error.code, sent.error.message);
      const response = sent.data;
      if (!response.ok || response.body === null) {
        const error = toDomainError(response.status, await response.json().catch(() => null));
        return yield* failAll(error.code, error.message);
      }
      for await (const line of ndjsonLines(response.body)) {
        const meta = z.object({ type: z.literal('meta'), conversationId: z.string(), userMessageId: z.string() }).safeParse(line);
        if (meta.success) this.options.onMeta?.({ conversationId: meta.data.conversationId, userMessageId: meta.data.userMessageId });
        const event = streamEvent.safeParse(line);
        if (!event.success) continue;
        if (event.data.type === 'start') open.add(event.data.modelId);
        if (event.data.type === 'finish') open.delete(event.data.modelId);
        yield event.data as ChatStreamEvent;
        if (controller.signal.aborted) break;
      }
    } catch {
      if (!controller.signal.aborted) {
        for (const modelId of open) yield { type: 'error', modelId, code: 'network', message: 'The connection to the app server was lost' };
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      controller.abort();
    }
    // Answers cut off here were charged by the server for what they produced; locally they end as aborted.
    for (const modelId of open) yield { type: 'finish', modelId, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'aborted' };
  }
}
