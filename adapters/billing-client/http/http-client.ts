import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { fail, ok, type Result } from '../result.js';
import { snakify, toCamelKey } from '../casing.js';
import { InputValidationError, type TransportError } from './errors.js';
import { matchResponse, type AnyOperation, type CallResult } from './match-response.js';
import type { OperationInput } from './operation.js';
import { encodeForm, encodeQuery } from './query.js';
import { DEFAULT_BACKOFF, isRetryableStatus, NO_RETRY, retryAfterMs, retryDelay, sleep, type RetryConfig } from './retry.js';
import { attempt, type RawResponse } from './transport.js';

export interface HttpClientConfig {
  /** Absolute base URL; any path prefix is dropped, as the SDK does (reference §1 "Servers"). */
  readonly serverUrl: string;
  readonly accessToken?: string | (() => string | Promise<string>);
  /** Default retry for every call; none unless given. */
  readonly retry?: RetryConfig;
  /** Per-attempt timeout in ms; none unless given (or <= 0). */
  readonly timeoutMs?: number;
  /** undici dispatcher (a MockAgent in tests, a tuned Agent in production); undici's global one otherwise. */
  readonly dispatcher?: Dispatcher;
  readonly userAgent?: string;
  /** Answers larger than this are refused instead of buffered (default 64 MiB). */
  readonly maxResponseBytes?: number;
  /** Jitter source, replaceable so tests can pin delays. */
  readonly random?: () => number;
}

export interface CallOptions {
  readonly retry?: RetryConfig;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Customer session token for customer-portal calls (`polar_cst_...`). */
  readonly customerSession?: string;
}

export type { AnyOperation, CallResult };

type Prepared = { url: string; headers: Record<string, string>; body: string | undefined };

export class HttpClient {
  private readonly random: () => number;

  constructor(readonly config: HttpClientConfig) {
    this.random = config.random ?? Math.random;
  }

  async call<Op extends AnyOperation>(op: Op, input: OperationInput<Op>, options: CallOptions = {}): Promise<CallResult<Op>> {
    const prepared = await this.prepare(op, input as Record<string, unknown>, options);
    if (!prepared.success) return prepared;
    const retry = options.retry ?? this.config.retry ?? NO_RETRY;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    const send = () =>
      attempt({
        ...prepared.data,
        method: op.method,
        dispatcher: this.config.dispatcher,
        timeoutMs,
        signal: options.signal,
        maxResponseBytes: this.config.maxResponseBytes,
      });
    if (retry.strategy === 'none') {
      try {
        return matchResponse(op, await send());
      } catch (error) {
        return fail(error as TransportError);
      }
    }
    const backoff = { ...DEFAULT_BACKOFF, ...retry.backoff };
    const start = Date.now();
    for (let x = 0; ; x += 1) {
      let answer: RawResponse;
      try {
        answer = await send();
      } catch (error) {
        const transport = error as TransportError;
        const retryable = retry.retryConnectionErrors === true && (transport.kind === 'connection' || transport.kind === 'timeout');
        if (!retryable || Date.now() - start > backoff.maxElapsedTime) return fail(transport);
        const waited = await this.wait(retryDelay(x, backoff, 0, this.random), options.signal);
        if (waited !== undefined) return fail(waited);
        continue;
      }
      if (!isRetryableStatus(answer.status, retry.retryCodes) || Date.now() - start > backoff.maxElapsedTime) {
        return matchResponse(op, answer);
      }
      const after = retryAfterMs(answer.headers['retry-after'], Date.now());
      const waited = await this.wait(retryDelay(x, backoff, after, this.random), options.signal);
      if (waited !== undefined) return fail(waited);
    }
  }

  private async wait(ms: number, signal: AbortSignal | undefined): Promise<TransportError | undefined> {
    try {
      await sleep(ms, signal);
      return undefined;
    } catch (error) {
      return error as TransportError;
    }
  }

  private async prepare(
    op: AnyOperation,
    input: Record<string, unknown>,
    options: CallOptions,
  ): Promise<Result<Prepared, InputValidationError>> {
    const issues: z.core.$ZodIssue[] = [];
    const parts: Record<'path' | 'query' | 'body', unknown> = { path: undefined, query: undefined, body: undefined };
    for (const part of ['path', 'query', 'body'] as const) {
      const schema = (op as unknown as Record<string, unknown>)[part === 'path' ? 'pathParams' : part] as z.ZodType | undefined;
      if (schema === undefined) continue;
      const parsed = schema.safeParse(snakify(input[part] ?? {}));
      if (parsed.success) parts[part] = parsed.data;
      else issues.push(...parsed.error.issues.map((i) => ({ ...i, path: [part, ...i.path.map(camelSegment)] })));
    }
    const token = await this.token(op, options);
    if (op.security === 'customerSession' && token === undefined) {
      issues.push({ code: 'custom', path: ['customerSession'], message: 'a customer session token is required', input: undefined });
    }
    if (issues.length > 0) return fail(new InputValidationError(issues));

    const pathValues = (parts.path ?? {}) as Record<string, unknown>;
    const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(pathValues[name])));
    const url = new URL(path + encodeQuery(parts.query as Record<string, unknown> | undefined), this.config.serverUrl).toString();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.config.userAgent !== undefined) headers['user-agent'] = this.config.userAgent;
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (op.body !== undefined) {
      const form = op.bodyEncoding === 'form';
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      body = form ? encodeForm(parts.body as Record<string, unknown>) : JSON.stringify(parts.body ?? null);
    }
    return ok({ url, headers, body });
  }

  private async token(op: AnyOperation, options: CallOptions): Promise<string | undefined> {
    switch (op.security) {
      case 'customerSession':
        return options.customerSession === undefined || options.customerSession === '' ? undefined : options.customerSession;
      case 'accessToken':
      case 'optionalAccessToken': {
        const source = this.config.accessToken;
        const token = typeof source === 'function' ? await source() : source;
        return token === undefined || token === '' ? undefined : token;
      }
      default:
        return undefined;
    }
  }
}

function camelSegment(segment: PropertyKey): PropertyKey {
  return typeof segment === 'string' ? toCamelKey(segment) : segment;
}

