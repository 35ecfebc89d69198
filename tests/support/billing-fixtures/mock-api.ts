import { MockAgent } from 'undici';
import { HttpClient } from '../../../adapters/billing/http/http-client.js';

export const BASE_URL = 'https://billing.test';
export const ACCESS_TOKEN = 'polar_oat_Yq2Lr7Vx9Kt4Bn1Mc8Zs3Hd6Fg0Pj5Wa2Ee7Ru';
export const SESSION_TOKEN = 'polar_cst_Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz1Xc3Vb5Nm';

/** One request as the mock server saw it; query pairs are decoded, in wire order. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: [string, string][];
  /** The query string exactly as sent, to check percent-encoding. */
  readonly rawQuery: string;
  readonly headers: Record<string, string>;
  readonly rawBody: string | undefined;
  readonly body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

function headersOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined || raw === null) return out;
  const entries: [string, unknown][] = Array.isArray(raw)
    ? (raw as unknown[]).reduce<[string, unknown][]>((acc, v, i, arr) => (i % 2 === 0 ? [...acc, [String(v), arr[i + 1]]] : acc), [])
    : Object.entries(raw as Record<string, unknown>);
  for (const [k, v] of entries) out[k.toLowerCase()] = String(v);
  return out;
}

/**
 * A billing API stand-in on undici's MockAgent: every `reply` answers the next request, whatever its
 * path, and records what was sent so a test asserts the method, path, query and body itself.
 */
export function mockBillingApi(options: { accessToken?: string } = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(BASE_URL);
  const seen: SeenRequest[] = [];
  const http = new HttpClient({ serverUrl: BASE_URL, accessToken: options.accessToken ?? ACCESS_TOKEN, dispatcher: agent });

  function reply({ status, body, headers }: Reply) {
    pool
      .intercept({ path: () => true, method: () => true })
      .reply((req) => {
        const url = new URL(req.path, BASE_URL);
        const rawBody = typeof req.body === 'string' ? req.body : undefined;
        const requestHeaders = headersOf(req.headers);
        let parsed: unknown = rawBody;
        if (rawBody !== undefined && requestHeaders['content-type'] === 'application/json') parsed = JSON.parse(rawBody);
        if (rawBody !== undefined && requestHeaders['content-type'] === 'application/x-www-form-urlencoded') {
          parsed = Object.fromEntries(new URLSearchParams(rawBody));
        }
        seen.push({
          method: req.method,
          path: url.pathname,
          query: [...url.searchParams.entries()],
          rawQuery: url.search,
          headers: requestHeaders,
          rawBody,
          body: parsed,
        });
        const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        return {
          statusCode: status,
          data: text,
          responseOptions: { headers: headers ?? (body === undefined ? {} : { 'content-type': 'application/json' }) },
        };
      });
  }

  return {
    agent,
    http,
    seen,
    /** Answers the next request with JSON (or the given body and headers). */
    reply,
    json: (status: number, body: unknown) => reply({ status, body }),
    named: (status: number, error: string, detail = `${error} detail`) => reply({ status, body: { error, detail } }),
    last(): SeenRequest {
      const request = seen.at(-1);
      if (request === undefined) throw new Error('no request reached the mock billing API');
      return request;
    },
    close: () => agent.close(),
  };
}

export type MockBillingApi = ReturnType<typeof mockBillingApi>;
