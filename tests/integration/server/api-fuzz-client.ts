// Sends the /api fuzz suite's requests byte for byte (node:http: fetch would resolve `..`, re-encode
// the path and refuse some headers) and keeps the figures the suite prints at its end.
import { request } from 'node:http';
import { z } from 'zod';
import { API_ERROR_CODES } from '../../../adapters/api-contract/api-contract.js';

export interface FuzzRequest {
  readonly method: string;
  /** Path and query exactly as written on the request line. */
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array | string;
  /** Sent chunked, without a Content-Length: the body limit then counts it as it arrives. */
  readonly chunked?: boolean;
}

export interface FuzzAnswer {
  /** 0: no answer at all (the connection failed or closed first); `failure` says how. */
  readonly status: number;
  readonly contentType: string;
  readonly requestId: string;
  readonly text: string;
  readonly ms: number;
  readonly failure?: string;
}

/** Node refuses to send a request line with characters outside U+0021–U+00FF; encode those. */
const sendable = (target: string) => target.replace(/[^\u0021-\u00ff]/g, (c) => encodeURIComponent(c));

/** One request on a connection of its own (a refused upload may close it), read to its end. */
export function send(baseUrl: string, r: FuzzRequest): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const answered = (status: number, fields: Partial<FuzzAnswer>) =>
      resolve({ status, contentType: '', requestId: '', text: '', ...fields, ms: performance.now() - started });
    const body = r.body === undefined ? undefined : Buffer.from(r.body);
    const headers: Record<string, string> = { ...r.headers };
    // Said outright: Node frames a body without a length as chunked only for some methods (not DELETE).
    if (body !== undefined) headers[r.chunked ? 'transfer-encoding' : 'content-length'] = r.chunked ? 'chunked' : String(body.byteLength);
    const req = request({ hostname, port, method: r.method, path: sendable(r.target), headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error) => answered(0, { failure: `answer cut off: ${error.message}` }));
      res.on('end', () =>
        answered(res.statusCode ?? 0, {
          contentType: String(res.headers['content-type'] ?? ''),
          requestId: String(res.headers['x-request-id'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', (error) => answered(0, { failure: `no answer: ${error.message}` }));
    if (body !== undefined && r.chunked) req.write(body);
    req.end(r.chunked ? undefined : body);
  });
}

/** The body every /api error answer has (web/server/http/api-error.ts), and nothing else. */
const errorBody = z.strictObject({
  error: z.enum(API_ERROR_CODES),
  message: z.string().min(1),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** What is wrong with an answer, or null: no answer or a 5xx, or a 4xx that is not a JSON error body. */
export function answerProblem(answer: FuzzAnswer): string | null {
  if (answer.status === 0) return answer.failure ?? 'no answer';
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400) return null;
  if (!/^application\/json\b/i.test(answer.contentType)) return `answered ${answer.status} as ${answer.contentType || 'no content type'}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} with a body that is not JSON`;
  }
  const checked = errorBody.safeParse(parsed);
  return checked.success ? null : `answered ${answer.status} with an error body of another shape: ${checked.error.issues[0]?.message ?? ''}`;
}

function errorCodeOf(text: string): string | null {
  try {
    const error = (JSON.parse(text) as { error?: unknown } | null)?.error;
    return typeof error === 'string' ? error : null;
  } catch {
    return null;
  }
}

/** A request in a line or two, long parts cut: for failure messages and the summary. */
export function describeRequest(r: FuzzRequest): string {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
  const body = r.body === undefined ? 'no body' : typeof r.body === 'string' ? `body ${JSON.stringify(cut(r.body, 300))}` : `body ${r.body.byteLength} bytes: ${cut(Buffer.from(r.body).toString('hex'), 120)}`;
  return `${r.method} ${JSON.stringify(cut(r.target, 200))} ${JSON.stringify(r.headers, (_, v: unknown) => (typeof v === 'string' ? cut(v, 80) : v))} ${r.chunked ? 'chunked ' : ''}${body}`;
}

/** Counts of what was sent and answered, and the slowest request (printed, never asserted: no time limits in tests). */
export class FuzzTally {
  sent = 0;
  readonly serverErrors: string[] = [];
  readonly statuses = new Map<number, number>();
  /** The `error` codes of the error answers: which checks the fuzz reached. */
  readonly codes = new Map<string, number>();
  slowest = { ms: 0, request: '' };

  record(r: FuzzRequest, answer: FuzzAnswer): void {
    this.sent += 1;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    const code = answer.status >= 400 ? errorCodeOf(answer.text) : null;
    if (code !== null) this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
    if (answer.status >= 500) this.serverErrors.push(`${answer.status} ← ${describeRequest(r)}`);
    if (answer.ms > this.slowest.ms) this.slowest = { ms: answer.ms, request: describeRequest(r) };
  }

  summary(seed: number): string {
    const counted = <K>(map: Map<K, number>) => [...map].map(([key, count]) => `${String(key)}×${count}`).sort().join(' ');
    return `api fuzz (seed ${seed}): ${this.sent} requests, ${this.serverErrors.length} answered 5xx; statuses ${counted(this.statuses)}; errors ${counted(this.codes)}; slowest ${Math.round(this.slowest.ms)} ms: ${this.slowest.request.slice(0, 300)}`;
  }
}
