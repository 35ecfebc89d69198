import type { ChatRequest, ChatStreamEvent, ModelInfo, ModelGateway } from '../../core/chat/index.js';
import { fail, ok } from '../../core/shared/index.js';
import type { Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';

export const IN_MEMORY_MODELS: readonly ModelInfo[] = [
  { id: 'echo-basic', label: 'Echo (offline)', provider: 'offline', inputCreditsPer1k: 10, outputCreditsPer1k: 30, plan: 'free', available: true },
  { id: 'echo-swift', label: 'Echo Swift (offline)', provider: 'offline', inputCreditsPer1k: 5, outputCreditsPer1k: 10, plan: 'free', available: true },
  { id: 'echo-pro', label: 'Echo Pro (offline)', provider: 'offline', inputCreditsPer1k: 50, outputCreditsPer1k: 150, plan: 'paid', available: true },
  { id: 'echo-unconfigured', label: 'Echo without a key', provider: 'openai-compatible', inputCreditsPer1k: 10, outputCreditsPer1k: 30, plan: 'free', available: false },
];

/** Tokens as this model counts them: a word with the spaces after it. */
export const echoTokens = (text: string): string[] => text.match(/\s*\S+\s*/g) ?? [];

export type EchoReply = (request: { modelId: string; messages: ChatRequest['messages'] }) => string;

const defaultReply: EchoReply = ({ modelId, messages }) => {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  return `${modelId} heard: ${lastUser?.content ?? '(nothing)'}`;
};

export interface ProgrammedFailure {
  /** Fails after this many output tokens (0 = before the first). */
  readonly afterTokens: number;
  readonly code: string;
  readonly message: string;
}

/**
 * A deterministic model: it answers "<model> heard: <last user message>" one token per delta, counts
 * input and output tokens exactly, and stops with finishReason 'aborted' as soon as the signal fires.
 */
export class InMemoryModelGateway implements ModelGateway {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof ModelGateway>();
  private readonly models: readonly ModelInfo[];
  private readonly reply: EchoReply;
  private readonly programmed = new Map<string, ProgrammedFailure>();
  /** Every request received, for tests that check what a model was sent. */
  readonly requests: ChatRequest[] = [];

  private readonly tokenDelayMs: number;

  /** `tokenDelayMs`: a pause before each token, as a provider's tokens arrive over time (default none). */
  constructor(options: { models?: readonly ModelInfo[]; reply?: EchoReply; tokenDelayMs?: number } = {}) {
    this.models = options.models ?? IN_MEMORY_MODELS;
    this.reply = options.reply ?? defaultReply;
    this.tokenDelayMs = options.tokenDelayMs ?? 0;
  }

  /** The next request to `modelId` fails as programmed. */
  failStream(modelId: string, failure: ProgrammedFailure): void {
    this.programmed.set(modelId, failure);
  }

  async listModels(): Promise<Result<readonly ModelInfo[]>> {
    const injected = this.failures.take('listModels');
    if (injected) return fail(injected);
    return ok(this.models);
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    this.requests.push(request);
    const inputTokens = request.messages.reduce((sum, m) => sum + echoTokens(m.content).length, 0);
    const runs = request.modelIds.map((modelId) => ({
      modelId,
      model: this.models.find((m) => m.id === modelId),
      tokens: echoTokens(this.reply({ modelId, messages: request.messages })),
      sent: 0,
      failure: this.takeFailure(modelId),
      done: false,
    }));
    for (const run of runs) {
      if (!run.model || !run.model.available) {
        run.done = true;
        yield { type: 'error', modelId: run.modelId, code: 'model_unavailable', message: `Model ${run.modelId} is not available` };
      } else {
        yield { type: 'start', modelId: run.modelId };
      }
    }
    // Round-robin, one token per model per turn, like answers arriving side by side.
    while (runs.some((r) => !r.done)) {
      for (const run of runs.filter((r) => !r.done)) {
        const usage = { inputTokens, outputTokens: run.sent };
        if (request.signal?.aborted) {
          run.done = true;
          yield { type: 'finish', modelId: run.modelId, usage, finishReason: 'aborted' };
        } else if (run.failure && run.sent >= run.failure.afterTokens) {
          run.done = true;
          yield { type: 'error', modelId: run.modelId, code: run.failure.code, message: run.failure.message };
        } else if (run.sent >= run.tokens.length) {
          run.done = true;
          yield { type: 'finish', modelId: run.modelId, usage, finishReason: 'stop' };
        } else {
          if (this.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.tokenDelayMs));
          const text = run.tokens[run.sent] as string;
          run.sent += 1;
          yield { type: 'delta', modelId: run.modelId, text };
        }
      }
    }
  }

  private takeFailure(modelId: string): ProgrammedFailure | undefined {
    const failure = this.programmed.get(modelId);
    this.programmed.delete(modelId);
    return failure;
  }
}
