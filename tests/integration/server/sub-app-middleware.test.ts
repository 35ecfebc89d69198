// The middleware each group of routes attaches (web/server/app.ts), seen from outside: bodies over
// each group's limit are 413 with the API's error body, before the sign-in check; every group's
// answers carry the same security headers and a request id; the request id is echoed when it is a
// safe one and replaced when it is not, and the request's log line names the id it answered with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES } from '../../../web/server/http/body-limit.js';
import { contentSecurityPolicy } from '../../../web/server/http/security-headers.js';
import { startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
let user: Awaited<ReturnType<TestServer['signIn']>>;
beforeAll(async () => {
  s = await startTestServer({ env: { CLIENT_DIST: 'tests/integration/server/fixture-dist', TAG_MANAGER_ID: 'GTM-ABC123' } });
  user = await s.signIn(1_000);
});
afterAll(async () => {
  await s.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `size` bytes of JSON-ish text, sent with its length declared or chunked (a stream of unknown length). */
const bodyOf = (size: number, chunked: boolean): RequestInit => {
  const bytes = new Uint8Array(size).fill(0x61);
  if (!chunked) return { body: bytes };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < size; at += 64 * 1024) controller.enqueue(bytes.subarray(at, Math.min(size, at + 64 * 1024)));
      controller.close();
    },
  });
  return { body: stream, duplex: 'half' } as RequestInit;
};

const tooLarge = (max: number) => ({ error: 'payload_too_large', message: `The body must be at most ${max} bytes`, details: { maxBytes: max } });

describe('bodies over a group\'s limit: 413 with the API\'s error body', () => {
  const jsonRoutes: [string, string][] = [
    ['POST', '/api/chat'],
    ['POST', '/api/chat/regenerate'],
    ['POST', '/api/conversations'],
    ['PUT', '/api/conversations/c1/settings'],
    ['POST', '/api/conversations/c1/share'],
    ['POST', '/api/instruction-presets'],
    ['POST', '/api/billing/checkout'],
    ['POST', '/api/no-such-route'],
  ];
  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'declared';
    for (const [method, path] of jsonRoutes) {
      it(`${method} ${path}, ${how}, one byte past 256 KiB, signed in or not`, async () => {
        for (const token of [user.token, undefined]) {
          const response = await s.api(path, { method, ...(token ? { token } : {}), headers: { 'content-type': 'application/json' }, ...bodyOf(JSON_BODY_LIMIT_BYTES + 1, chunked) });
          expect(response.status).toBe(413);
          expect(await response.json()).toEqual(tooLarge(JSON_BODY_LIMIT_BYTES));
        }
      });
    }

    it(`the billing webhook, ${how}, one byte past 1 MiB (and a body within the limit reaches the signature check)`, async () => {
      const over = await s.api('/api/webhooks/billing', { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, ...bodyOf(WEBHOOK_BODY_LIMIT_BYTES + 1, chunked) });
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual(tooLarge(WEBHOOK_BODY_LIMIT_BYTES));
      const within = await s.api('/api/webhooks/billing', { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, ...bodyOf(JSON_BODY_LIMIT_BYTES + 1, chunked) });
      expect(within.status).toBe(401);
      expect(await within.json()).toMatchObject({ error: 'invalid_signature' });
    });
  }

  it('an attachment one byte past its limit: declared, 413 before the sign-in check; chunked, 413 once the signed-in route reads it', async () => {
    const pdf = { 'content-type': 'application/pdf' };
    for (const token of [user.token, undefined]) {
      const declared = await s.api('/api/attachments?name=big.pdf', { method: 'POST', ...(token ? { token } : {}), headers: pdf, ...bodyOf(ATTACHMENT_BODY_LIMIT_BYTES + 1, false) });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual(tooLarge(ATTACHMENT_BODY_LIMIT_BYTES));
    }
    const chunked = await s.api('/api/attachments?name=big.pdf', { method: 'POST', token: user.token, headers: pdf, ...bodyOf(ATTACHMENT_BODY_LIMIT_BYTES + 1, true) });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual(tooLarge(ATTACHMENT_BODY_LIMIT_BYTES));
    // Not signed in, a chunked upload is not read at all: the sign-in check answers.
    const anonymous = await s.api('/api/attachments?name=big.pdf', { method: 'POST', headers: pdf, ...bodyOf(ATTACHMENT_BODY_LIMIT_BYTES + 1, true) });
    expect(anonymous.status).toBe(401);
  });

  it('within the limit, a chunked JSON body reaches its route whole', async () => {
    const title = 'x'.repeat(100);
    const text = JSON.stringify({ title });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.subarray(0, 7));
        controller.enqueue(bytes.subarray(7));
        controller.close();
      },
    });
    const response = await s.api('/api/conversations', { method: 'POST', token: user.token, headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ conversation: { title } });
  });
});

describe('every group\'s answers carry the security headers and a request id', () => {
  const answers = async () => [
    ['public', await s.api('/api/config')],
    ['public, HEAD', await s.api('/api/health', { method: 'HEAD' })],
    ['share', await s.api('/api/shared/no-such-link')],
    ['webhook', await s.api('/api/webhooks/billing', { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' }, body: '{}' })],
    ['user, refused', await s.api('/api/credits')],
    ['user', await s.api('/api/credits', { token: user.token })],
    ['user, unknown path', await s.api('/api/no-such-route', { token: user.token })],
    ['attachments', await s.api('/api/attachments/no-such-id/link', { token: user.token })],
    ['address check', await s.api('/api/conversations/%00')],
    ['client', await s.api('/')],
    ['client asset', await s.api('/assets/missing.js')],
    ['nothing here', await s.api('/nothing', { method: 'POST' })],
  ] as const;

  it('the same headers, with the values the app has always sent, and none of Hono\'s other defaults', async () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'http://127.0.0.1:54321', tagManager: true, supportWidgetSrc: null });
    for (const [group, response] of await answers()) {
      await response.body?.cancel();
      const headers = Object.fromEntries(['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy'].map((name) => [name, response.headers.get(name)]));
      expect(headers, group).toEqual({
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
      });
      for (const absent of ['strict-transport-security', 'cross-origin-resource-policy', 'cross-origin-embedder-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-download-options', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies', 'access-control-allow-origin']) {
        expect(response.headers.get(absent), `${group} ${absent}`).toBeNull();
      }
      expect(response.headers.get('x-request-id'), group).toMatch(UUID);
    }
  });

  it('statuses stay those of each group', async () => {
    const statuses = Object.fromEntries((await answers()).map(([group, response]) => [group, response.status]));
    expect(statuses).toEqual({
      public: 200,
      'public, HEAD': 200,
      share: 404,
      webhook: 401,
      'user, refused': 401,
      user: 200,
      'user, unknown path': 404,
      attachments: 404,
      'address check': 400,
      client: 200,
      'client asset': 404,
      'nothing here': 404,
    });
  });
});

describe('X-Request-Id', () => {
  const loggedIds = (path: string) => s.logger.entries.filter((e) => e.message === 'request' && e.context?.['path'] === path).map((e) => e.context?.['requestId']);

  it('a safe id of the caller\'s (letters, digits, _ - =, at most 100) is echoed, and the log line names it', async () => {
    for (const id of ['mine-1', 'A_b=c-0', 'x'.repeat(100)]) {
      const response = await s.api('/api/health', { headers: { 'x-request-id': id } });
      expect(response.headers.get('x-request-id')).toBe(id);
    }
    expect(loggedIds('/api/health')).toEqual(expect.arrayContaining(['mine-1', 'A_b=c-0']));
  });

  it('a missing, overlong or unsafe id is replaced by a new UUID, in the answer and in the log line alike', async () => {
    for (const id of [undefined, 'x'.repeat(101), 'has space', 'line\tbreak', '"quoted"', 'a/b', 'ünï']) {
      const response = await s.api('/api/models', { headers: id === undefined ? {} : { 'x-request-id': id } });
      const answered = response.headers.get('x-request-id');
      expect(answered).toMatch(UUID);
      expect(loggedIds('/api/models')).toContain(answered);
    }
  });

  it('a refused request, a chat stream and an error body carry it too', async () => {
    const refused = await s.api('/api/credits', { headers: { 'x-request-id': 'refused-1' } });
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    const stream = await s.api('/api/chat', { method: 'POST', token: user.token, headers: { 'x-request-id': 'stream-1' }, json: { message: 'Hi', modelIds: ['offline'] } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-request-id')).toBe('stream-1');
    await stream.body?.cancel();
    const tooBig = await s.api('/api/chat', { method: 'POST', token: user.token, headers: { 'x-request-id': 'big-1', 'content-type': 'application/json' }, ...bodyOf(JSON_BODY_LIMIT_BYTES + 1, false) });
    expect(tooBig.headers.get('x-request-id')).toBe('big-1');
  });
});
