import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { imageDimensions, imageTokens } from '../../core/chat/index.js';
import { estimateTokens } from '../../core/credits/index.js';
import { parseAttachmentBlock } from './attachment-parts.js';
import { composeOfflineAnswerFor, offlineStyleOf, type OfflineFile, type OfflinePromptMessage } from './offline-answer.js';
import { prefixWithinTokens, splitIntoPieces } from './token-estimate.js';

export const OFFLINE_PROVIDER_NAME = 'offline';
export const DEFAULT_OFFLINE_TOKEN_DELAY_MS = 15;

export interface OfflineLanguageModelOptions {
  /**
   * Pause before each streamed piece, which the model's delay factor (OFFLINE_MODELS in
   * offline-answer.ts) scales: a slow persona pauses longer, a quick one less. 0 streams as fast as the event loop allows: every piece after
   * the first still waits one turn of it (as a provider's tokens arrive over the network), so a long
   * answer never holds the server's event loop and each token reaches the socket as it is produced.
   */
  readonly tokenDelayMs?: number;
}

/**
 * A real AI SDK language model (specification v3) that needs no network: it answers with
 * composeOfflineAnswerFor(modelId) (the persona and speed follow the catalogue id, by the table
 * OFFLINE_MODELS of offline-answer.ts; an id not in it answers as `offline`), streamed one readable piece (see token-estimate.ts) per text-delta, and
 * reports usage by the core's one estimate, the same that held the credits for it: a long
 * instruction or an unspaced CJK file costs what it was estimated at, not its word count.
 * streamText cannot tell it from a provider's model.
 */
export class OfflineLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly provider = OFFLINE_PROVIDER_NAME;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  private readonly tokenDelayMs: number;

  constructor(
    readonly modelId: string = 'offline',
    options: OfflineLanguageModelOptions = {},
  ) {
    this.tokenDelayMs = Math.round((options.tokenDelayMs ?? DEFAULT_OFFLINE_TOKEN_DELAY_MS) * offlineStyleOf(modelId).delayFactor);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    options.abortSignal?.throwIfAborted();
    const answer = this.answer(options);
    return {
      content: [{ type: 'text', text: answer.pieces.join('') }],
      finishReason: answer.finishReason,
      usage: usageOf(answer.inputTokens, answer.outputTokens),
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const { pieces, inputTokens, outputTokens, finishReason } = this.answer(options);
    const signal = options.abortSignal;
    const delayMs = this.tokenDelayMs;
    const head: LanguageModelV3StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', modelId: this.modelId },
      { type: 'text-start', id: 'text-0' },
    ];
    let next = 0;
    // Pull-based: a piece is produced only when the reader asks, so an abort stops generation.
    const stream = new ReadableStream<LanguageModelV3StreamPart>(
      {
        start(controller) {
          for (const part of head) controller.enqueue(part);
        },
        async pull(controller) {
          if (signal?.aborted) throw abortError(signal);
          if (next < pieces.length) {
            if (delayMs > 0) await delay(delayMs, signal);
            else if (next > 0) await nextTurn();
            controller.enqueue({ type: 'text-delta', id: 'text-0', delta: pieces[next] as string });
            next += 1;
            return;
          }
          controller.enqueue({ type: 'text-end', id: 'text-0' });
          controller.enqueue({ type: 'finish', finishReason, usage: usageOf(inputTokens, outputTokens) });
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return { stream };
  }

  private answer(options: LanguageModelV3CallOptions) {
    const messages = toPromptMessages(options.prompt);
    const whole = composeOfflineAnswerFor(this.modelId, messages, { temperature: options.temperature, maxOutputTokens: options.maxOutputTokens });
    // A maximum length cuts the answer where the estimate reaches it, so it never costs more than the hold allowed for.
    const text = options.maxOutputTokens === undefined ? whole : prefixWithinTokens(whole, options.maxOutputTokens);
    const finishReason: LanguageModelV3FinishReason =
      text.length < whole.length ? { unified: 'length', raw: 'length' } : { unified: 'stop', raw: 'stop' };
    return {
      pieces: splitIntoPieces(text),
      inputTokens: inputTokensOf(options.prompt, messages),
      outputTokens: estimateTokens(text),
      finishReason,
    };
  }
}

/** The prompt as the offline answer reads it: each message's text, and a user message's files. */
function toPromptMessages(prompt: LanguageModelV3Prompt): OfflinePromptMessage[] {
  const messages: OfflinePromptMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'system') messages.push({ role: 'system', text: message.content });
    else if (message.role === 'user' || message.role === 'assistant') {
      const texts: string[] = [];
      const files: OfflineFile[] = [];
      for (const part of message.content) {
        const block = part.type === 'text' ? parseAttachmentBlock(part.text) : null;
        if (block) files.push({ name: block.name, mediaType: block.mediaType, size: block.size, words: block.text.split(/\s+/).filter((w) => w !== '').length });
        else if (part.type === 'text') texts.push(part.text);
        else if (part.type === 'file') {
          const bytes = bytesOf(part.data);
          const pixels = bytes ? imageDimensions(part.mediaType, bytes) : null;
          files.push({ name: part.filename ?? 'unnamed file', mediaType: part.mediaType, size: bytes?.byteLength ?? 0, ...(pixels ? { pixels } : {}) });
        }
      }
      messages.push({ role: message.role, text: texts.join(''), ...(files.length > 0 ? { files } : {}) });
    }
  }
  return messages;
}

/** A file part's bytes (the SDK hands them over as bytes or base64); null for a URL. */
function bytesOf(data: Uint8Array | string | URL): Uint8Array | null {
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'string') return new Uint8Array(Buffer.from(data, 'base64'));
  return null;
}

/** What the offline model counts as input: text (instruction and files included) by the estimate, images by the OpenAI-style rule. */
function inputTokensOf(prompt: LanguageModelV3Prompt, messages: readonly OfflinePromptMessage[]): number {
  let tokens = messages.reduce((sum, m) => sum + estimateTokens(m.text), 0);
  for (const message of prompt) {
    if (message.role !== 'user') continue;
    for (const part of message.content) {
      if (part.type === 'text' && parseAttachmentBlock(part.text)) tokens += estimateTokens(part.text);
      if (part.type === 'file') {
        const bytes = bytesOf(part.data);
        const pixels = bytes ? imageDimensions(part.mediaType, bytes) : null;
        tokens += pixels ? imageTokens('offline', pixels.width, pixels.height) : 0;
      }
    }
  }
  return tokens;
}

function usageOf(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof Error && signal.reason.name === 'AbortError'
    ? signal.reason
    : new DOMException('The offline model was aborted', 'AbortError');
}

/** One turn of the event loop: pending I/O (sockets, other requests) runs before the next token. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
