import type { ChatClient, ChatMessage, ChatRunEvent, ChatRunHandle, EditLastChatInput, LiveRun, MergeChatInput, OpenedChat, PageQuery, RegenerateChatInput, ResumeChatInput, SendChatInput, SummarizeConversationInput } from '../../core/chat/index.js';
import { unpackWeights } from '../../core/chat/index.js';
import type { AbortSignalLike } from '../../core/shared/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { ApiClient, toDomainError, type ApiClientOptions } from './api-client.js';
import { chatStreamLine, metaLine, openConversationAnswer, type MetaLine } from '../api-contract/api-contract.js';
import { ndjsonLines } from './ndjson-lines.js';

const none = { inputTokens: 0, outputTokens: 0 };
/** The pauses before each try to resume a lost stream (then the answers still open end as aborted). */
export const RESUME_DELAYS_MS: readonly number[] = [100, 250, 500, 1000, 2000];

const runPath = (runId: string) => `/api/chat/runs/${encodeURIComponent(runId)}`;

interface Connection {
  readonly meta: MetaLine;
  readonly lines: AsyncIterator<unknown>;
  /** Closes the connection (the server sees the reader go; the run goes on). */
  close(): Promise<void>;
}

/**
 * ChatClient over the app server's /api/chat, /regenerate, /edit-last, /merge and
 * /api/conversations/:id/summary (NDJSON, read as it arrives), and /api/chat/runs/:runId/… to resume
 * and stop. A refusal before any model runs comes back as the server's domain error; an accepted
 * run yields every line of the stream (see api-contract.ts). A lost connection is resumed from the
 * last `seq` seen, from whichever server answers, after a short pause (RESUME_DELAYS_MS); only when
 * every try failed do the answers still open end as `aborted` with a `network` error. Aborting the signal only stops reading: the run goes
 * on (stop it with `stop`).
 */
export class ApiChatClient implements ChatClient {
  private readonly api: ApiClient;
  private readonly delays: readonly number[];

  constructor(options: ApiClientOptions & { resumeDelaysMs?: readonly number[] }) {
    this.api = new ApiClient(options);
    this.delays = options.resumeDelaysMs ?? RESUME_DELAYS_MS;
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

  summarizeConversation(input: SummarizeConversationInput): Promise<Result<ChatRunHandle>> {
    const { signal, conversationId, modelId, message } = input;
    return this.start(`/api/conversations/${encodeURIComponent(conversationId)}/summary`, { modelId, message }, signal);
  }

  async resume(input: ResumeChatInput): Promise<Result<ChatRunHandle>> {
    const after = Math.max(0, Math.floor(input.after ?? 0));
    const opened = await this.connect(`${runPath(input.runId)}/events?after=${after}`, 'GET', undefined, input.signal);
    return opened.success ? ok(this.handle(opened.data, after, input.signal)) : opened;
  }

  async stop(input: { runId: string; modelId?: string }): Promise<Result<void>> {
    const r = await this.api.json<unknown>(`${runPath(input.runId)}/stop`, { method: 'POST', ...(input.modelId === undefined ? {} : { json: { modelId: input.modelId } }) });
    return r.success ? ok(undefined) : r;
  }

  /** GET /api/conversations/:id with the query's limit and cursor: the page and all the chat view draws, in one request. */
  async open(input: { conversationId: string } & PageQuery): Promise<Result<OpenedChat>> {
    const search = new URLSearchParams();
    for (const key of ['limit', 'before', 'after', 'around'] as const) {
      const value = input[key];
      if (value !== undefined) search.set(key, String(value));
    }
    const r = await this.api.parsed(`/api/conversations/${encodeURIComponent(input.conversationId)}${search.size > 0 ? `?${search}` : ''}`, openConversationAnswer, 'conversation');
    if (!r.success) return r;
    const { conversation, messages, page, weights, settings, votes, liveRun } = r.data;
    return ok({ conversation, messages: messages as readonly ChatMessage[], page, weights: unpackWeights(weights), settings, votes, liveRun: liveRun ?? null });
  }

  async liveRun(input: { conversationId: string }): Promise<Result<LiveRun | null>> {
    // The run alone is read: a page of one turn keeps the answer small.
    const r = await this.api.parsed(`/api/conversations/${encodeURIComponent(input.conversationId)}?limit=1`, openConversationAnswer, 'conversation');
    return r.success ? ok(r.data.liveRun ?? null) : r;
  }

  private async start(path: string, body: object, signal: AbortSignalLike | undefined): Promise<Result<ChatRunHandle>> {
    const opened = await this.connect(path, 'POST', body, signal);
    return opened.success ? ok(this.handle(opened.data, 0, signal)) : opened;
  }

  /** Sends the request and reads the stream's `meta` line; the connection follows `signal`. */
  private async connect(path: string, method: 'GET' | 'POST', body: object | undefined, signal: AbortSignalLike | undefined): Promise<Result<Connection>> {
    if (signal?.aborted) return fail(domainError('network', 'The request was aborted', { aborted: true }));
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const release = () => {
      signal?.removeEventListener('abort', onAbort);
      controller.abort();
    };
    const sent = await this.api.send(path, { method, ...(body ? { json: body } : {}), signal: controller.signal });
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
    const close = async () => {
      release();
      await lines.return?.(undefined).catch(() => undefined);
    };
    if (!meta.success) {
      await close();
      return fail(domainError('unexpected', 'The app server sent an unexpected chat stream'));
    }
    return ok({ meta: meta.data, lines, close });
  }

  private handle(first: Connection, after: number, signal: AbortSignalLike | undefined): ChatRunHandle {
    const { runId, conversationId, userMessageId, modelIds } = first.meta;
    const reconnect = (last: number) => this.connect(`${runPath(runId)}/events?after=${last}`, 'GET', undefined, signal);
    const delays = this.delays;
    async function* events(): AsyncGenerator<ChatRunEvent> {
      const open = new Set<string>();
      let connection: Connection | null = first;
      let last = after;
      let finished = false;
      let tries = 0;
      while (connection !== null && !finished) {
        try {
          for (;;) {
            const next = await connection.lines.next();
            if (next.done) break;
            const line = chatStreamLine.safeParse(next.value);
            // A line of a newer server that this client does not know is skipped, not fatal.
            if (!line.success || line.data.type === 'meta') continue;
            const event = line.data;
            // A line already seen (a resumed stream overlapping the lost one) is not shown twice;
            // a `done` seen again still says the run is over.
            if (event.seq !== undefined && event.seq <= last) {
              if (event.type === 'done') finished = true;
              continue;
            }
            if (event.seq !== undefined) last = event.seq;
            tries = 0;
            if (event.type === 'start') open.add(event.modelId);
            if (event.type === 'finish' || event.type === 'error') open.delete(event.modelId);
            if (event.type === 'done') finished = true;
            yield event as ChatRunEvent;
          }
        } catch {
          // The connection broke: resumed below.
        } finally {
          await connection.close();
        }
        connection = null;
        if (finished || signal?.aborted) return;
        // Cut off before `done`: read on from the last event seen, from whichever server answers.
        while (connection === null && tries < delays.length && !signal?.aborted) {
          await pause(delays[tries] as number, signal);
          tries += 1;
          const again = await reconnect(last);
          if (again.success) connection = again.data;
          else if (again.error.code === 'not_found' || again.error.code === 'not_authenticated') break;
        }
      }
      if (finished || signal?.aborted) return;
      // Every try failed: the answers still open end here (the server saves and charges them as they end).
      for (const modelId of open) yield { type: 'error', modelId, code: 'network', message: 'The connection to the app server was lost' };
      for (const modelId of open) yield { type: 'finish', modelId, usage: none, finishReason: 'aborted' };
    }
    return { runId, conversationId, userMessageId, modelIds, events: events() };
  }
}

function pause(ms: number, signal?: AbortSignalLike): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
