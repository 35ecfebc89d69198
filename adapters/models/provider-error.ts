import { APICallError, LoadAPIKeyError, NoSuchModelError, RetryError } from 'ai';
import type { DomainErrorCode } from '../../core/shared/index.js';

export interface StreamFailure {
  readonly code: DomainErrorCode;
  readonly message: string;
  /** For logs only: never shown to users (may name URLs). */
  readonly details: Readonly<Record<string, unknown>>;
}

const MAX_PROVIDER_TEXT = 300;

/**
 * Maps whatever the AI SDK or a provider threw into a code the core knows and a message a user
 * can act on. The provider's own message is kept (shortened) because it is usually the clearest
 * explanation ("model not found", "quota exceeded"); API keys never appear in it.
 */
export function mapProviderError(error: unknown, providerLabel: string): StreamFailure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const attempts = RetryError.isInstance(error) ? error.errors.length : 1;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const said = shorten(providerMessage(cause));
    const details = { status, url: cause.url, attempts, retryable: cause.isRetryable };
    if (status === undefined) {
      return { code: 'network', message: `${providerLabel} could not be reached: ${said}`, details };
    }
    const code: DomainErrorCode =
      (status === 400 || status === 413) && isContextTooLong(cause)
        ? 'context_too_long'
        : status === 429
        ? 'rate_limited'
        : status === 401 || status === 403 || status === 404
          ? 'model_unavailable'
          : status >= 500
            ? 'network'
            : 'unexpected';
    return { code, message: `${providerLabel} answered HTTP ${status}: ${said}`, details };
  }
  if (LoadAPIKeyError.isInstance(cause) || NoSuchModelError.isInstance(cause)) {
    return { code: 'model_unavailable', message: `${providerLabel} is not usable: ${shorten(cause.message)}`, details: {} };
  }
  return {
    code: 'unexpected',
    message: `${providerLabel} failed while streaming: ${shorten(messageOf(cause))}`,
    details: { name: cause instanceof Error ? cause.name : typeof cause },
  };
}

/**
 * A refusal because the conversation is longer than the model reads at once, as each provider words it:
 *   OpenAI (and OpenAI-compatible servers)  400, error.code "context_length_exceeded" ("Your input exceeds the
 *                                            context window of this model", "This model's maximum context length is …")
 *   Anthropic                                400 invalid_request_error "prompt is too long: 215000 tokens > 200000 maximum"
 *   Google                                   400 INVALID_ARGUMENT "The input token count (…) exceeds the maximum number
 *                                            of tokens allowed (…)"
 * Servers run locally (vLLM, llama.cpp, Ollama) use like words, some with 413.
 */
const CONTEXT_TOO_LONG = /context[ _-]?(length|window)|prompt is too long|input token count .* exceeds|exceeds? (the )?(available )?context/i;

function isContextTooLong(error: APICallError): boolean {
  const data = error.data as { error?: { code?: unknown } } | undefined;
  if (data?.error?.code === 'context_length_exceeded') return true;
  // The message as the SDK read it, and the body as sent (a server whose JSON the SDK did not parse).
  return CONTEXT_TOO_LONG.test(providerMessage(error)) || CONTEXT_TOO_LONG.test(error.responseBody ?? '');
}

// OpenAI-style bodies carry {"error":{"message":...}}; the SDKs usually surface it as the message.
function providerMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const fromData = data?.error?.message;
  return typeof fromData === 'string' && fromData !== '' ? fromData : error.message;
}

// Mid-stream error chunks arrive as plain objects ({message, type, code}), not Error instances.
function messageOf(cause: unknown): string {
  if (cause instanceof Error) return cause.message;
  if (typeof cause === 'string') return cause;
  const message = (cause as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message !== '') return message;
  try {
    return JSON.stringify(cause) ?? String(cause);
  } catch {
    return String(cause);
  }
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_PROVIDER_TEXT ? oneLine : `${oneLine.slice(0, MAX_PROVIDER_TEXT - 1)}…`;
}
