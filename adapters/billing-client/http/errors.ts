import { z } from 'zod';

/**
 * Every failure a billing call can answer, as classes with a literal `kind` so a `Result` error union
 * narrows with a `switch`. Messages follow the SDK 0.48 wording the billing specs §8 quote.
 */
export abstract class BillingError extends Error {
  abstract readonly kind: string;
}

/** What the client saw of an HTTP answer; `body` is truncated (see `truncateBody`). */
export interface HttpFacts {
  readonly statusCode: number;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Length of the whole body in characters, before truncation. */
  readonly bodyLength: number;
}

export const MAX_BODY_DISPLAY = 10_000;

export function truncateBody(body: string): string {
  if (body.length <= MAX_BODY_DISPLAY) return body;
  return `${body.slice(0, MAX_BODY_DISPLAY)}...and ${body.length - MAX_BODY_DISPLAY} more chars`;
}

export function httpFacts(statusCode: number, contentType: string, headers: Record<string, string>, body: string): HttpFacts {
  return { statusCode, contentType, headers, body: truncateBody(body), bodyLength: body.length };
}

function describe(prefix: string, http: HttpFacts): string {
  // The content type is only worth showing when it is not the expected one.
  const ct = http.contentType === 'application/json' ? '' : ` Content-Type ${http.contentType || '(none)'}`;
  return `${prefix}: Status ${http.statusCode}${ct}. Body: ${http.body === '' ? '""' : http.body}`;
}

/** A 4XX/5XX answer no typed error of the call describes ("API error occurred"). */
export class ApiError extends BillingError {
  readonly kind = 'api' as const;
  constructor(readonly http: HttpFacts) {
    super(describe('API error occurred', http));
    this.name = 'ApiError';
  }
  get statusCode(): number {
    return this.http.statusCode;
  }
}

/** A status or content type the call does not expect at all (e.g. 200 text/html, 302). */
export class UnexpectedResponseError extends BillingError {
  readonly kind = 'unexpected_response' as const;
  constructor(readonly http: HttpFacts) {
    super(describe('Unexpected Status or Content-Type', http));
    this.name = 'UnexpectedResponseError';
  }
  get statusCode(): number {
    return this.http.statusCode;
  }
}

/** A provider error with body `{"error":"<Name>","detail":"<message>"}` (reference §6). */
export class ProviderError<N extends string = string> extends BillingError {
  readonly kind = 'provider' as const;
  constructor(
    readonly error: N,
    readonly detail: string,
    readonly http: HttpFacts,
  ) {
    super(`${error}: ${detail}`);
    this.name = error;
  }
  get statusCode(): number {
    return this.http.statusCode;
  }
}

export const validationDetailItem = z.object({
  loc: z.array(z.union([z.string(), z.number().int()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationDetailItem = z.infer<typeof validationDetailItem>;

/** 422 with `detail: [{loc, msg, type}]`, the provider's request validation. */
export class HttpValidationError extends BillingError {
  readonly kind = 'http_validation' as const;
  readonly statusCode = 422;
  constructor(
    readonly detail: readonly ValidationDetailItem[],
    readonly http: HttpFacts,
  ) {
    super(`HTTPValidationError: ${detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ') || 'no detail'}`);
    this.name = 'HTTPValidationError';
  }
}

/** 401 `invalid_token`: the access token is expired, revoked, malformed or unknown (reference §6). */
export class InvalidTokenError extends BillingError {
  readonly kind = 'invalid_token' as const;
  readonly statusCode = 401;
  constructor(
    readonly description: string,
    readonly http: HttpFacts,
  ) {
    super(`invalid_token: ${description}`);
    this.name = 'InvalidTokenError';
  }
}

function pretty(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** The request was refused locally, before anything was sent. */
export class InputValidationError extends BillingError {
  readonly kind = 'input_validation' as const;
  constructor(readonly issues: readonly z.core.$ZodIssue[]) {
    super(`Input validation failed: ${pretty(issues)}`);
    this.name = 'InputValidationError';
  }
}

/** The answer does not have the documented shape; `rawValue` is what arrived. */
export class ResponseValidationError extends BillingError {
  readonly kind = 'response_validation' as const;
  constructor(
    readonly rawValue: unknown,
    readonly issues: readonly z.core.$ZodIssue[],
    readonly http: HttpFacts,
    cause?: unknown,
  ) {
    super('Response validation failed', cause === undefined ? undefined : { cause });
    this.name = 'ResponseValidationError';
  }
  get statusCode(): number {
    return this.http.statusCode;
  }
  pretty(): string {
    return `${this.message}: ${this.issues.length > 0 ? pretty(this.issues) : String(this.cause)}`;
  }
}

export class RequestAbortedError extends BillingError {
  readonly kind = 'aborted' as const;
  constructor(cause?: unknown) {
    super('Request aborted', { cause });
    this.name = 'RequestAbortedError';
  }
}

export class RequestTimeoutError extends BillingError {
  readonly kind = 'timeout' as const;
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/** DNS failure, refused or reset connection: "unable to make request". */
export class ConnectionError extends BillingError {
  readonly kind = 'connection' as const;
  constructor(cause: unknown) {
    super(`Unable to make request: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ConnectionError';
  }
}

export class UnexpectedClientError extends BillingError {
  readonly kind = 'unexpected_client' as const;
  constructor(cause: unknown) {
    super(`Unexpected HTTP client error: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnexpectedClientError';
  }
}

export type TransportError = RequestAbortedError | RequestTimeoutError | ConnectionError | UnexpectedClientError;

/** Errors any call can answer, whatever its own typed errors are. */
export type CommonError =
  | ApiError
  | UnexpectedResponseError
  | InputValidationError
  | ResponseValidationError
  | HttpValidationError
  | InvalidTokenError
  | ProviderError<'Unauthorized'>
  | TransportError;

/** Every failure a call can answer, its own typed errors included; narrows on `kind`. */
export type AnyBillingError = CommonError | ProviderError;
