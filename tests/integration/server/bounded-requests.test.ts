// Bounded requests against the real app server in a process of its own: bodies are refused while
// they stream in (413 before buffering, memory bounded), a stalled body loses its connection once
// the request timeout has passed, and a client that goes away is an info line, not a 500.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from '../../../web/server/http/body-limit.js';
import { killAppServerProcesses, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';

const MB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 1500;
let server: AppServerProcess;

beforeAll(async () => {
  server = await spawnAppServer({
    PORT: '0',
    SUPABASE_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'anon-key-for-tests',
    SUPABASE_JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_SESSION_CHECK_MS: '0',
    BILLING_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
    HEADERS_TIMEOUT_MS: '1000',
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
}, 60_000);
afterAll(() => killAppServerProcesses());

/** A body of `total` bytes produced 64 KiB at a time as the socket takes it (never held whole). */
const streamedBody = (total: number) => {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  return {
    sent: () => sent,
    stream: new Readable({
      read() {
        if (sent >= total) return void this.push(null);
        const n = Math.min(chunk.length, total - sent);
        sent += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
    }),
  };
};

/** Sends a large body; resolves with the status as soon as the answer arrives (even mid-upload). */
const upload = (path: string, total: number, options: { declareLength: boolean }) =>
  new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    const body = streamedBody(total);
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (options.declareLength) headers['content-length'] = total;
    const req = request(`${server.url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text, sentBytes: body.sent() });
      });
    });
    // The server closes the connection a moment after refusing: writes after that fail, the answer stands.
    let failure: Error | null = null;
    req.on('error', (error) => (failure = error));
    req.on('close', () => reject(failure ?? new Error('closed without an answer')));
    body.stream.on('error', () => undefined);
    body.stream.pipe(req).on('error', () => undefined);
  });

describe('bodies are bounded while they stream in', () => {
  it('six concurrent 100 MB bodies (declared and chunked, the webhook and a JSON route): each 413 before it is read, memory stays bounded', async () => {
    const before = server.memory();
    const answers = await Promise.all([
      ...[0, 1, 2].map(() => upload('/api/webhooks/billing', 100 * MB, { declareLength: true })),
      upload('/api/webhooks/billing', 100 * MB, { declareLength: false }),
      ...[0, 1].map(() => upload('/api/chat', 100 * MB, { declareLength: false })),
    ]);
    const after = server.memory();
    for (const a of answers) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body)).toMatchObject({ error: 'payload_too_large' });
      // Refused long before the client could send it all.
      expect(a.sentBytes).toBeLessThan(100 * MB);
    }
    const growth = after.peak - before.rss;
    console.log(
      `[figure] app server memory under six concurrent 100 MB bodies: RSS ${(before.rss / MB).toFixed(0)} MB before, peak ${(after.peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(0)} MB); ` +
        `client bytes sent before the 413: ${answers.map((a) => `${(a.sentBytes / MB).toFixed(1)} MB`).join(', ')}`,
    );
    // Nothing close to one body, let alone six, was held.
    expect(growth).toBeLessThan(64 * MB);
  }, 120_000);

  it('a 600 MB body is a 413 (not a 500), and bodies just over each route\'s limit are refused', async () => {
    expect((await upload('/api/webhooks/billing', 600 * MB, { declareLength: true })).status).toBe(413);
    expect((await upload('/api/webhooks/billing', WEBHOOK_BODY_LIMIT_BYTES + 1, { declareLength: false })).status).toBe(413);
    expect((await upload('/api/chat', JSON_BODY_LIMIT_BYTES + 1, { declareLength: true })).status).toBe(413);
    // Within the limit, a chunked body reaches the route (here: the webhook refuses the signature).
    const signed = await upload('/api/webhooks/billing', 1000, { declareLength: false });
    expect(signed.status).toBe(400);
    expect(server.output()).not.toContain('"level":"error"');
  }, 60_000);
});

describe('slow and vanishing clients', () => {
  it('a client that sends half a body and stalls gets 408 and loses its connection once the request timeout has passed', async () => {
    const started = Date.now();
    const { answer, closedAfterMs } = await new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write('POST /api/webhooks/billing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
        socket.write('{"half":"');
      });
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    });
    console.log(`[figure] stalled half body: connection closed after ${closedAfterMs} ms (request timeout ${REQUEST_TIMEOUT_MS} ms)`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    // Bounded: the timeout plus Node's check interval, never "forever".
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 5_000);
  });

  it('a client that goes away mid-body is logged as information, with no error and no 500', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write('POST /api/webhooks/billing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"partial":');
        // Gone once the server has started reading the body.
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve());
    });
    await server.waitForLog('client went away before the request was read');
    expect(server.output()).not.toContain('"level":"error"');
    expect(server.logged('request').some((l) => l['status'] === 500)).toBe(false);
  });
});
