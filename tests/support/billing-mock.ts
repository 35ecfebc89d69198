import { MockAgent } from 'undici';
import { createBillingClient, type BillingClientConfig } from '../../adapters/billing/client.js';

export const ORIGIN = 'https://api.polar.sh';
export const TOKEN = 'polar_oat_test0123456789abcdefghijklmnopqrstuvwxyzABC';

/** What the mocked server received. */
export interface Seen {
  method: string;
  path: string;
  /** Path without the query. */
  pathname: string;
  /** Decoded query pairs in order, e.g. [['metadata[plan]', 'pro']]. */
  query: [string, string][];
  /** The raw query string, still percent-encoded. */
  rawQuery: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is (no JSON encoding) when given. */
  raw?: string;
  headers?: Record<string, string>;
}

function normalizeHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
  } else if (headers !== null && typeof headers === 'object') {
    for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = String(v);
  }
  return out;
}

/**
 * A billing client on an undici MockAgent (no network). `reply(...)` queues one answer for the next
 * request matching `method` and path prefix and records what was sent in `seen`.
 */
export function mockBilling(config: Partial<BillingClientConfig> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const origin = config.server !== undefined && /^https?:/.test(config.server) ? new URL(config.server).origin : ORIGIN;
  const pool = agent.get(origin);
  const seen: Seen[] = [];
  const client = createBillingClient({ accessToken: TOKEN, dispatcher: agent, ...config });

  function reply(method: string, pathPrefix: string, answer: Reply | ((seen: Seen) => Reply), times = 1) {
    pool
      .intercept({ method, path: (p: string) => p.split('?')[0]!.startsWith(pathPrefix) })
      .reply((opts) => {
        const [pathname, rawQuery = ''] = opts.path.split('?') as [string, string?];
        const text = typeof opts.body === 'string' ? opts.body : opts.body === undefined || opts.body === null ? undefined : String(opts.body);
        const headers = normalizeHeaders(opts.headers);
        const record: Seen = {
          method: opts.method,
          path: opts.path,
          pathname,
          rawQuery,
          query: [...new URLSearchParams(rawQuery)],
          headers,
          body: text === undefined || text === '' ? undefined : headers['content-type'] === 'application/json' ? JSON.parse(text) : text,
        };
        seen.push(record);
        const a = typeof answer === 'function' ? answer(record) : answer;
        const data = a.raw ?? (a.body === undefined ? '' : JSON.stringify(a.body));
        const defaultType = a.raw === undefined && a.body !== undefined ? { 'content-type': 'application/json' } : {};
        return { statusCode: a.status, data, responseOptions: { headers: { ...defaultType, ...a.headers } } };
      })
      .times(times);
  }

  return { agent, pool, client, seen, reply, close: () => agent.close() };
}
