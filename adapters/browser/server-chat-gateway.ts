import type { ChatRequest, ChatStreamEvent, ModelInfo } from '../../core/domain/chat.js';
import type { ModelGateway } from '../../core/ports/model-gateway.js';
import type { Result } from '../../core/shared/result.js';
import type { ServerKeptChat } from './server-kept-chat.js';

interface Batch {
  readonly modelIds: string[];
  readonly queues: Map<string, EventQueue>;
  started: boolean;
}

/**
 * ModelGateway in the browser. The core asks each model separately; the server answers several
 * models in one request and keeps the conversation, so requests made in the same turn for one
 * conversation and message are sent as one (one user message stored, one stream), and each
 * model's caller reads its own events. The charge the server reports is noted for the ledger.
 */
export class ServerChatGateway implements ModelGateway {
  private readonly batches = new Map<string, Batch>();

  constructor(
    private readonly api: Pick<ModelGateway, 'listModels'>,
    private readonly chat: ServerKeptChat,
    private readonly send: (intent: 'message' | 'regenerate' | 'edit-last', request: ChatRequest) => AsyncIterable<ChatStreamEvent>,
  ) {}

  listModels(): Promise<Result<readonly ModelInfo[]>> {
    return this.api.listModels();
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const modelId = request.modelIds[0] ?? '';
    const last = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const key = `${request.conversationId ?? ''}\u0000${last}`;
    let batch = this.batches.get(key);
    if (!batch || batch.started) {
      batch = { modelIds: [], queues: new Map(), started: false };
      this.batches.set(key, batch);
    }
    const queue = new EventQueue();
    batch.modelIds.push(modelId);
    batch.queues.set(modelId, queue);
    // Every model of one run asks in the same turn; the next macrotask sees them all.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (!batch.started) {
      batch.started = true;
      this.batches.delete(key);
      void this.pump(batch, request);
    }
    // After the abort nothing more is shown: what is still queued is dropped.
    const onAbort = () => queue.close({ drop: true });
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let ended = false;
    try {
      for await (const event of queue) {
        if (event.type === 'finish' || event.type === 'error') ended = true;
        yield event;
      }
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
    }
    // Cut off by the abort: the server charges what the model produced; here the answer ends as
    // aborted, as every stream of the port ends (the same as ApiModelGateway).
    if (!ended && request.signal?.aborted) yield { type: 'finish', modelId, usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'aborted' };
  }

  private async pump(batch: Batch, request: ChatRequest): Promise<void> {
    const intent = this.chat.takeIntent(request.conversationId);
    try {
      for await (const event of this.send(intent, { ...request, modelIds: batch.modelIds })) {
        if (event.type === 'finish') this.chat.noteReceipt(event.modelId, event.creditsCharged, event.balance);
        batch.queues.get(event.modelId)?.push(event);
      }
    } finally {
      batch.queues.forEach((q) => q.close());
    }
  }
}

/** A one-reader async queue. */
class EventQueue implements AsyncIterable<ChatStreamEvent> {
  private readonly items: ChatStreamEvent[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  push(event: ChatStreamEvent): void {
    if (this.closed) return;
    this.items.push(event);
    this.wake?.();
  }

  close(options: { drop?: boolean } = {}): void {
    this.closed = true;
    if (options.drop) this.items.length = 0;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ChatStreamEvent> {
    for (;;) {
      const next = this.items.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}
