import { MockAgent } from 'undici';
import { createBillingClient, type BillingClientConfig } from '@ensemble/billing-client';

export const ORIGIN = 'https://api.polar.sh';
export const TOKEN = 'polar_oat_test0123456789abcdefghijklmnopqrstuvwxyzABC';

/** One request as the mocked server received it. */
export interface Seen {
  readonly method: string;
  /** Path without the query, still percent-encoded. */
  readonly path: string;
  /** Decoded query pairs in wire order, e.g. [['metadata[plan]', 'pro']]. */
  readonly query: [string, string][];
  /** The raw query string (no leading `?`), still percent-encoded. */
  readonly rawQuery: string;
  /** Header names in lower case. */
  readonly headers: Record<string, string>;
  /** The body text exactly as sent; undefined when there was none. */
  readonly rawBody: string | undefined;
  /** JSON and form bodies decoded, any other body as text; undefined when there was none. */
  readonly body: unknown;
}

export interface Reply {
  status: number;
  /** Sent JSON-encoded, with `content-type: application/json` unless `headers` says otherwise. */
  body?: unknown;
  /** Sent as is (no JSON encoding, no default content type) when given. */
  raw?: string;
  headers?: Record<string, string>;
}

type Answer = Reply | ((seen: Seen) => Reply);

function normalizeHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  } else if (headers !== null && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  }
  return out;
}

function decodeBody(text: string | undefined, contentType: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  if (contentType === 'application/json') return JSON.parse(text);
  if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  return text;
}

/**
 * A billing client on an undici MockAgent (no network). Answers are queued two ways:
 * `reply(method, pathPrefix, answer)` answers the next request with that method and path prefix;
 * `next(answer)` (and its shorthands `json`, `named`) answers the next request whatever it is, for a
 * test that asserts the method and path itself from `seen` / `last()`. `http` is the client's HTTP
 * layer, for tests of operations bound on their own (`bindOperations(api.http, table)`).
 */
export function mockBilling(config: Partial<BillingClientConfig> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const origin = config.server !== undefined && /^https?:/.test(config.server) ? new URL(config.server).origin : ORIGIN;
  const pool = agent.get(origin);
  const seen: Seen[] = [];
  const client = createBillingClient({ accessToken: TOKEN, dispatcher: agent, ...config });

  function intercept(match: { method: string | ((m: string) => boolean); path: (p: string) => boolean }, answer: Answer, times: number) {
    pool
      .intercept(match)
      .reply((opts) => {
        const [path, rawQuery = ''] = opts.path.split('?') as [string, string?];
        const rawBody = typeof opts.body === 'string' ? opts.body : opts.body === undefined || opts.body === null ? undefined : String(opts.body);
        const headers = normalizeHeaders(opts.headers);
        const record: Seen = {
          method: opts.method,
          path,
          rawQuery,
          query: [...new URLSearchParams(rawQuery)],
          headers,
          rawBody,
          body: decodeBody(rawBody, headers['content-type']),
        };
        seen.push(record);
        const a = typeof answer === 'function' ? answer(record) : answer;
        const data = a.raw ?? (a.body === undefined ? '' : JSON.stringify(a.body));
        const defaultType = a.raw === undefined && a.body !== undefined ? { 'content-type': 'application/json' } : {};
        return { statusCode: a.status, data, responseOptions: { headers: { ...defaultType, ...a.headers } } };
      })
      .times(times);
  }

  const reply = (method: string, pathPrefix: string, answer: Answer, times = 1) =>
    intercept({ method, path: (p) => p.split('?')[0]!.startsWith(pathPrefix) }, answer, times);
  const next = (answer: Answer, times = 1) => intercept({ method: () => true, path: () => true }, answer, times);

  return {
    agent,
    pool,
    client,
    http: client.http,
    seen,
    reply,
    next,
    /** Answers the next request, whatever it is, with a JSON body. */
    json: (status: number, body: unknown) => next({ status, body }),
    /** Answers the next request, whatever it is, with a named error `{error, detail}`. */
    named: (status: number, error: string, detail = `${error} detail`) => next({ status, body: { error, detail } }),
    last(): Seen {
      const request = seen.at(-1);
      if (request === undefined) throw new Error('no request reached the mock billing API');
      return request;
    },
    close: () => agent.close(),
  };
}
