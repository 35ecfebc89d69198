// Bounded requests against the real app server in a process of its own: bodies are refused while
// they stream in (413 before buffering, memory bounded), an upload is not read for someone who is
// not signed in, slow headers and a stalled body lose their connection once their timeout has
// passed while a slow but steady upload goes on, and a client that goes away is an info line, not a 500.
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from '../../../web/server/http/body-limit.js';
import { killAppServerProcesses, signatureOnlyServerEnv, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';

const MB = 1024 * 1024;
const HEADERS_TIMEOUT_MS = 1000;
const REQUEST_TIMEOUT_MS = 1500;
const UPLOAD_IDLE_TIMEOUT_MS = 800;
const jwtSecret = randomBytes(32).toString('hex');
let server: AppServerProcess;

beforeAll(async () => {
  server = await spawnAppServer({
    ...signatureOnlyServerEnv(jwtSecret),
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    UPLOAD_IDLE_TIMEOUT_MS: String(UPLOAD_IDLE_TIMEOUT_MS),
    UPLOAD_TIMEOUT_MS: '30000',
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
const upload = (path: string, total: number, options: { declareLength: boolean; headers?: Record<string, string> }) =>
  new Promise<{ status: number; body: string; sentBytes: number }>((resolve, reject) => {
    const body = streamedBody(total);
    const headers: Record<string, string | number> = { 'content-type': 'application/json', ...options.headers };
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

describe('an upload is read only for a signed-in user', () => {
  it('six concurrent chunked 9 MB uploads without a valid token: 401 each, and none of them is held', async () => {
    server.resetPeak();
    const before = server.memory();
    const pdf = { 'content-type': 'application/pdf' };
    const answers = await Promise.all([
      ...[0, 1, 2, 3].map(() => upload('/api/attachments?name=big.pdf', 9 * MB, { declareLength: false, headers: pdf })),
      ...[0, 1].map(() => upload('/api/attachments?name=big.pdf', 9 * MB, { declareLength: false, headers: { ...pdf, authorization: 'Bearer not-a-token' } })),
    ]);
    const after = server.memory();
    expect(answers.map((a) => `${a.status} ${(JSON.parse(a.body) as { error: string }).error}`)).toEqual([
      ...Array<string>(4).fill('401 not_authenticated'),
      ...Array<string>(2).fill('401 invalid_token'),
    ]);
    const growth = after.peak - before.rss;
    console.log(
      `[figure] app server memory under six concurrent unauthenticated chunked 9 MB uploads: RSS ${(before.rss / MB).toFixed(0)} MB before, ` +
        `peak ${(after.peak / MB).toFixed(0)} MB (+${(growth / MB).toFixed(1)} MB); client bytes sent by the answer: ${answers.map((a) => `${(a.sentBytes / MB).toFixed(1)} MB`).join(', ')}`,
    );
    // Not one 9 MB body was kept (six would be 54 MB, and their copies as much again).
    expect(growth).toBeLessThan(9 * MB);
  }, 60_000);
});

/** A signed-in user's token, signed with the server's JWT secret (its data is in memory). */
const token = () =>
  new SignJWT({ role: 'authenticated', email: 'uploader@example.com' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));

/**
 * Uploads a text file over a raw connection, `chunks` pieces of `chunkBytes` one every `everyMs`,
 * declaring `declaredBytes` (more than is sent: the client then stalls). Resolves when the server
 * has closed the connection or answered, with the answer and when the last byte was sent.
 */
const pacedUpload = (auth: string, o: { chunks: number; chunkBytes: number; everyMs: number; declaredBytes: number }) =>
  new Promise<{ answer: string; startedAt: number; lastByteAt: number; closedAt: number }>((resolve) => {
    const startedAt = Date.now();
    let lastByteAt = startedAt;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
      socket.write(
        `POST /api/attachments?name=notes.txt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${auth}\r\nContent-Type: text/plain\r\n` +
          `Content-Length: ${o.declaredBytes}\r\nConnection: close\r\n\r\n`,
      );
      let sent = 0;
      timer = setInterval(() => {
        if (sent === o.chunks || socket.destroyed) return clearInterval(timer);
        socket.write(Buffer.alloc(o.chunkBytes, 0x61));
        sent += 1;
        lastByteAt = Date.now();
      }, o.everyMs);
    });
    socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, startedAt, lastByteAt, closedAt: Date.now() });
    });
  });

describe('slow and vanishing clients', () => {
  it('a client that sends part of its headers and stalls gets 408 and loses its connection once the headers timeout has passed', async () => {
    const started = Date.now();
    const { answer, closedAfterMs } = await new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nAccept: appl');
      });
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('utf8')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    });
    console.log(`[figure] slow headers: connection closed after ${closedAfterMs} ms (headers timeout ${HEADERS_TIMEOUT_MS} ms)`);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
    // The timeout plus Node's check interval (a quarter of it here), with room for a busy machine.
    expect(closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500);
  });

  it('an upload that is slow but steady goes on past the request timeout and is stored', async () => {
    // 96 KiB over about 3 s: twice the request timeout, never idle for long.
    const chunks = 24;
    const chunkBytes = 4096;
    const result = await pacedUpload(await token(), { chunks, chunkBytes, everyMs: 125, declaredBytes: chunks * chunkBytes });
    const tookMs = result.lastByteAt - result.startedAt;
    console.log(`[figure] slow steady upload: ${chunks * chunkBytes} bytes over ${tookMs} ms (request timeout ${REQUEST_TIMEOUT_MS} ms) answered ${result.answer.split('\r\n')[0]}`);
    expect(tookMs).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(result.answer).toMatch(/^HTTP\/1\.1 201/);
    expect(result.answer).toContain(`"size":${chunks * chunkBytes}`);
  });

  it('an upload that stops sending is cut once it has been idle for the upload idle timeout, not before', async () => {
    // Steady for about 2 s (past the request timeout), then nothing: half the declared body is missing.
    const result = await pacedUpload(await token(), { chunks: 16, chunkBytes: 2048, everyMs: 125, declaredBytes: 64 * 1024 });
    const idleMs = result.closedAt - result.lastByteAt;
    console.log(`[figure] stalled upload: cut ${idleMs} ms after its last byte (upload idle timeout ${UPLOAD_IDLE_TIMEOUT_MS} ms), ${result.closedAt - result.startedAt} ms after it began`);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(result.lastByteAt - result.startedAt).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(idleMs).toBeGreaterThanOrEqual(UPLOAD_IDLE_TIMEOUT_MS - 50);
    expect(idleMs).toBeLessThan(UPLOAD_IDLE_TIMEOUT_MS + 1_500);
    await server.waitForLog('client went away before the request was read');
    expect(server.output()).not.toContain('"level":"error"');
  });

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
