import type { ChatClient, ChatRunEvent, ChatRunHandle, EditLastChatInput, MergeChatInput, RegenerateChatInput, SendChatInput } from '../../core/ports/chat-client.js';
import type { AbortSignalLike } from '../../core/shared/abort.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { ApiClient, toDomainError, type ApiClientOptions } from './api-client.js';
import { chatStreamLine, metaLine } from './api-contract.js';
import { ndjsonLines } from './ndjson-lines.js';

const none = { inputTokens: 0, outputTokens: 0 };

/**
 * ChatClient over the app server's /api/chat, /regenerate, /edit-last and /merge (NDJSON, read as it
 * arrives). A refusal before any model runs comes back as the server's domain error; an accepted
 * run yields every line of the stream (see api-contract.ts). Aborting the signal closes the
 * connection: the server stops the models and charges what they produced. A lost connection ends
 * the answers still open as `aborted` (with a `network` error unless the caller aborted).
 */
export class ApiChatClient implements ChatClient {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  send(input: SendChatInput): Promise<Result<ChatRunHandle>> {
    const { signal, ...body } = input;
    return this.start('/api/chat', body, signal);
  }

  regenerate(input: RegenerateChatInput): Promise<Result<ChatRunHandle>> {
    const { signal, ...body } = input;
    return this.start('/api/chat/regenerate', body, signal);
  }

  editLast(input: EditLastChatInput): Promise<Result<ChatRunHandle>> {
    const { signal, ...body } = input;
    return this.start('/api/chat/edit-last', body, signal);
  }

  merge(input: MergeChatInput): Promise<Result<ChatRunHandle>> {
    const { signal, ...body } = input;
    return this.start('/api/chat/merge', body, signal);
  }

  private async start(path: string, body: object, signal: AbortSignalLike | undefined): Promise<Result<ChatRunHandle>> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (signal?.aborted) return fail(domainError('network', 'The request was aborted', { aborted: true }));
    signal?.addEventListener('abort', onAbort, { once: true });
    const release = () => {
      signal?.removeEventListener('abort', onAbort);
      controller.abort();
    };
    const sent = await this.api.send(path, { method: 'POST', json: body, signal: controller.signal });
    if (!sent.success) {
      release();
      return sent;
    }
    const response = sent.data;
    if (!response.ok || response.body === null) {
      const error = toDomainError(response.status, await response.json().catch(() => null));
      release();
      return fail(error);
    }
    const lines = ndjsonLines(response.body)[Symbol.asyncIterator]();
    const first = await lines.next().catch(() => null);
    const meta = metaLine.safeParse(first && !first.done ? first.value : null);
    if (!meta.success) {
      release();
      await lines.return?.(undefined);
      return fail(domainError('unexpected', 'The app server sent an unexpected chat stream'));
    }
    async function* events(): AsyncGenerator<ChatRunEvent> {
      const open = new Set<string>();
      let finished = false;
      try {
        for (;;) {
          const next = await lines.next();
          if (next.done) break;
          const line = chatStreamLine.safeParse(next.value);
          // A line of a newer server that this client does not know is skipped, not fatal.
          if (!line.success || line.data.type === 'meta') continue;
          const event = line.data;
          if (event.type === 'start') open.add(event.modelId);
          if (event.type === 'finish') open.delete(event.modelId);
          if (event.type === 'done') finished = true;
          yield event as ChatRunEvent;
        }
      } catch {
        if (!controller.signal.aborted) {
          for (const modelId of open) yield { type: 'error', modelId, code: 'network', message: 'The connection to the app server was lost' };
        }
      } finally {
        release();
        await lines.return?.(undefined);
      }
      if (finished) return;
      // Answers cut off here were charged by the server for what they produced; here they end as aborted.
      for (const modelId of open) yield { type: 'finish', modelId, usage: none, finishReason: 'aborted' };
    }
    return ok({ conversationId: meta.data.conversationId, userMessageId: meta.data.userMessageId, modelIds: meta.data.modelIds, events: events() });
  }
}
