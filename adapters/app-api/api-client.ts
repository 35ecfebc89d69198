import type { z } from 'zod';
import type { DomainError } from '../../core/shared/index.js';
import { domainError, isDomainErrorCode, fail, ok, type Result } from '../../core/shared/index.js';
import { apiErrorBody } from '../api-contract/api-contract.js';

/** The signed-in user's Supabase access token, or null when nobody is signed in. */
export type AccessTokenSource = () => string | null | Promise<string | null>;

export interface ApiClientOptions {
  /** The app server's origin; '' (default) calls the page's own origin. */
  readonly baseUrl?: string;
  readonly accessToken: AccessTokenSource;
  readonly fetch?: typeof fetch;
}

/** The server's `{error, message, details}` as a domain error; token problems read as not signed in. */
export function toDomainError(status: number, body: unknown): DomainError {
  // Not the app server's error body (a proxy's page, say): read from its status alone.
  const parsed = apiErrorBody.safeParse(body);
  const b = parsed.success ? parsed.data : null;
  const message = b?.message ?? `The app server answered ${status}`;
  const details = { status, ...(b?.details ?? {}) };
  const error = b?.error ?? '';
  if (isDomainErrorCode(error)) return domainError(error, message, details);
  if (status === 401 || error === 'token_expired' || error === 'invalid_token') return domainError('not_authenticated', message, details);
  if (status >= 400 && status < 500) return domainError('validation', message, details);
  return domainError(status === 503 ? 'network' : 'unexpected', message, details);
}

/** fetch for /api with the bearer token; answers the raw Response or a `network` failure. */
export class ApiClient {
  private readonly baseUrl: string;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: ApiClientOptions) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async send(
    path: string,
    init: { method?: string; json?: unknown; signal?: AbortSignal; auth?: boolean; raw?: { readonly body: Uint8Array; readonly contentType: string } } = {},
  ): Promise<Result<Response>> {
    const headers: Record<string, string> = { accept: 'application/json, application/x-ndjson' };
    if (init.auth !== false) {
      const token = await this.options.accessToken();
      if (token) headers['authorization'] = `Bearer ${token}`;
    }
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.raw) headers['content-type'] = init.raw.contentType;
    try {
      const response = await this.doFetch(`${this.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
        ...(init.raw ? { body: init.raw.body as Uint8Array<ArrayBuffer> } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
      });
      return ok(response);
    } catch (error) {
      const aborted = error instanceof Error && error.name === 'AbortError';
      return fail(domainError('network', aborted ? 'The request was aborted' : 'The app server cannot be reached', { aborted }));
    }
  }

  /** A JSON call: 2xx bodies parsed, other statuses mapped with `toDomainError`. */
  async json<T>(path: string, init: { method?: string; json?: unknown; auth?: boolean } = {}): Promise<Result<T>> {
    const sent = await this.send(path, init);
    if (!sent.success) return sent;
    const response = sent.data;
    const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    return response.ok ? ok(body as T) : fail(toDomainError(response.status, body));
  }

  /** A JSON call whose 2xx answer must match `schema` (the route's schema in api-contract.ts). */
  async parsed<S extends z.ZodType>(path: string, schema: S, what: string, init: { method?: string; json?: unknown; auth?: boolean } = {}): Promise<Result<z.output<S>>> {
    const r = await this.json<unknown>(path, init);
    if (!r.success) return r;
    const body = schema.safeParse(r.data);
    return body.success ? ok(body.data) : fail(domainError('unexpected', `The app server sent an unexpected ${what}`));
  }
}
