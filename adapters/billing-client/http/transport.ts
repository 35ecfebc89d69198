import { request, type Dispatcher } from 'undici';
import { ConnectionError, RequestAbortedError, RequestTimeoutError, UnexpectedClientError, type TransportError } from './errors.js';

export interface RawResponse {
  readonly status: number;
  /** Lower-cased names; repeated headers joined with ", ". */
  readonly headers: Record<string, string>;
  readonly contentType: string;
  readonly text: string;
}

export interface AttemptInput {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly dispatcher: Dispatcher | undefined;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  /** Larger bodies are refused (UnexpectedClientError); defaults to MAX_RESPONSE_BYTES. */
  readonly maxResponseBytes?: number;
}

/** Anything bigger is refused rather than buffered: a hostile answer must not exhaust memory. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One HTTP exchange, body read in full. Resolves with the answer whatever its status; rejects only with
 * a TransportError. The timeout covers the whole exchange, body included.
 */
export async function attempt(input: AttemptInput): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(input.signal?.reason);
  if (input.signal?.aborted) throw new RequestAbortedError(input.signal.reason);
  input.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    input.timeoutMs !== undefined && input.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, input.timeoutMs)
      : undefined;
  try {
    const answer = await request(input.url, {
      method: input.method as Dispatcher.HttpMethod,
      headers: input.headers,
      body: input.body,
      dispatcher: input.dispatcher,
      signal: controller.signal,
    });
    const headers = flattenHeaders(answer.headers);
    const text = await readText(answer.body, input.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    return { status: answer.statusCode, headers, contentType: headers['content-type'] ?? '', text };
  } catch (error) {
    throw classify(error, timedOut, input);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    input.signal?.removeEventListener('abort', onAbort);
  }
}

function classify(error: unknown, timedOut: boolean, input: AttemptInput): TransportError {
  if (error instanceof RequestAbortedError || error instanceof UnexpectedClientError) return error;
  if (timedOut) return new RequestTimeoutError(input.timeoutMs ?? 0);
  if (input.signal?.aborted) return new RequestAbortedError(input.signal.reason);
  if (errorCode(error) !== undefined) return new ConnectionError(error);
  return new UnexpectedClientError(error);
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readText(body: Dispatcher.ResponseData['body'], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new UnexpectedClientError(new Error(`response body larger than ${limit} bytes`));
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
}
