import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES, USER_ROUTES } from './route-inventory.js';
import { startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('every /api route that acts for a user rejects missing, expired and foreign tokens (DESIGN.md, security)', () => {
  for (const route of USER_ROUTES) {
    it(`${route.method} ${route.path}`, async () => {
      const u = await s.signIn(10);
      const call = (headers: Record<string, string>) =>
        s.api(route.path, { method: route.method, headers, ...(route.json === undefined ? {} : { json: route.json }) });
      const missing = await call({});
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ error: 'not_authenticated' });
      const expired = await call({ authorization: `Bearer ${await s.tokenFor(u.userId, u.email, { expiresIn: Math.floor(Date.now() / 1000) - 10 })}` });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ error: 'token_expired' });
      const foreign = await call({ authorization: `Bearer ${await s.tokenFor(u.userId, u.email, { secret: randomBytes(32) })}` });
      expect(foreign.status).toBe(401);
      expect(await foreign.json()).toMatchObject({ error: 'invalid_token' });
      const anonKeyAsToken = await call({ authorization: `Bearer ${await s.tokenFor(u.userId, null, { role: 'anon' })}` });
      expect(anonKeyAsToken.status).toBe(401);
      const garbage = await call({ authorization: 'Bearer not.a.jwt' });
      expect(garbage.status).toBe(401);
    });
  }
});

describe('no /api route is public by accident', () => {
  it('every route the app registers is either a user route tested above or on the public list', () => {
    const asPattern = (path: string) => (path.split('?')[0] ?? path).replace(/\/c1(?=\/|$)/g, '/:id');
    const known = new Set([...USER_ROUTES.map((r) => `${r.method} ${asPattern(r.path)}`), ...PUBLIC_ROUTES]);
    const registered = s.composed.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path.replace(/:[A-Za-z]+/g, ':id')}`);
    expect(registered.length).toBeGreaterThanOrEqual(USER_ROUTES.length + PUBLIC_ROUTES.length);
    expect([...new Set(registered)].filter((route) => !known.has(route))).toEqual([]);
    expect([...known].filter((route) => !registered.includes(route))).toEqual([]);
  });
});

describe('bad input answers a precise 4xx, never a 500 (app spec §5)', () => {
  const cases: readonly { name: string; method: string; path: string; body?: string; type?: string; status: number; message: RegExp }[] = [
    { name: 'no models', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 'hi', modelIds: [] }), status: 400, message: /Choose at least one model/ },
    { name: 'seven models', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 'hi', modelIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }), status: 400, message: /at most 6 models/ },
    { name: 'empty message', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: '   ', modelIds: ['offline'] }), status: 400, message: /Message must not be empty/ },
    { name: 'message not text', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 42, modelIds: ['offline'] }), status: 400, message: /Message must be text/ },
    { name: 'unknown field', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 'hi', modelIds: ['offline'], userId: 'someone' }), status: 400, message: /userId/ },
    { name: 'not JSON', method: 'POST', path: '/api/chat', body: '{"message":', status: 400, message: /not valid JSON/ },
    { name: 'JSON array', method: 'POST', path: '/api/chat', body: '[1,2]', status: 400, message: /body/ },
    { name: 'wrong content type', method: 'POST', path: '/api/chat', body: 'hi', type: 'text/plain', status: 415, message: /JSON/ },
    { name: 'unknown model', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 'hi', modelIds: ['nope'] }), status: 404, message: /Unknown model: nope/ },
    { name: 'foreign conversation', method: 'POST', path: '/api/chat', body: JSON.stringify({ conversationId: 'not-mine', message: 'hi', modelIds: ['offline'] }), status: 404, message: /not-mine/ },
    { name: 'regenerate nothing', method: 'POST', path: '/api/chat/regenerate', body: JSON.stringify({}), status: 400, message: /conversationId/ },
    { name: 'rename to empty', method: 'PATCH', path: '/api/conversations/c1', body: JSON.stringify({ title: '' }), status: 400, message: /Title must not be empty/ },
    { name: 'list limit', method: 'GET', path: '/api/conversations?limit=0', status: 400, message: /limit: must be at least 1/ },
    { name: 'list limit text', method: 'GET', path: '/api/conversations?limit=abc', status: 400, message: /limit/ },
    { name: 'credits limit', method: 'GET', path: '/api/credits?limit=9999', status: 400, message: /at most 500/ },
    { name: 'cancel reason', method: 'POST', path: '/api/billing/subscription/cancel', body: JSON.stringify({ reason: 'bored' }), status: 400, message: /reason must be one of/ },
    { name: 'checkout elsewhere', method: 'POST', path: '/api/billing/checkout', body: JSON.stringify({ successUrl: 'https://evil.example/x' }), status: 400, message: /address of this app/ },
    { name: 'checkout bad url', method: 'POST', path: '/api/billing/checkout', body: JSON.stringify({ successUrl: 'javascript:alert(1)' }), status: 400, message: /successUrl must be an http/ },
    { name: 'portal bad url', method: 'POST', path: '/api/billing/portal', body: JSON.stringify({ returnUrl: 'ftp://x' }), status: 400, message: /returnUrl/ },
    { name: 'unknown api route', method: 'GET', path: '/api/nope', status: 404, message: /No API route GET \/api\/nope/ },
    { name: 'huge body', method: 'POST', path: '/api/chat', body: JSON.stringify({ message: 'x'.repeat(300_000), modelIds: ['offline'] }), status: 413, message: /at most/ },
  ];
  for (const route of USER_ROUTES.filter((r) => r.json !== undefined)) {
    it(`${route.method} ${route.path}: malformed JSON and a non-object body -> 400, never a 500`, async () => {
      const u = await s.signIn(10);
      for (const body of ['{"message":', '"just a string"', 'null']) {
        const response = await s.api(route.path, { method: route.method, headers: { ...u.auth, 'content-type': 'application/json' }, body });
        expect(response.status, `${body}`).toBe(400);
        expect((await response.json()).message).toEqual(expect.any(String));
      }
    });
  }
  for (const c of cases) {
    it(`${c.method} ${c.path}: ${c.name} -> ${c.status}`, async () => {
      const u = await s.signIn(10);
      const response = await s.api(c.path, {
        method: c.method,
        headers: { ...u.auth, ...(c.body === undefined ? {} : { 'content-type': c.type ?? 'application/json' }) },
        ...(c.body === undefined ? {} : { body: c.body }),
      });
      expect(response.status).toBe(c.status);
      const body = await response.json();
      expect(body.error).toEqual(expect.any(String));
      expect(body.message).toMatch(c.message);
    });
  }
});

describe('a new token of a known user', () => {
  it('acts for that user only: two users, a token of its own for every request, each sees only their conversations', async () => {
    const [a, b] = [await s.signIn(0), await s.signIn(0)];
    const as = async (user: { userId: string; email: string }, init: RequestInit & { json?: unknown }, path = '/api/conversations') =>
      s.api(path, { ...init, token: await s.tokenFor(user.userId, user.email, { expiresIn: `${3600 + Math.floor(Math.random() * 600)}s` }) });
    for (const [user, title] of [[a, 'a1'], [b, 'b1'], [a, 'a2'], [b, 'b2']] as const) {
      expect((await as(user, { method: 'POST', json: { title } })).status).toBe(201);
    }
    for (const [user, titles] of [[a, ['a1', 'a2']], [b, ['b1', 'b2']]] as const) {
      const listed = (await (await as(user, {})).json()) as { conversations: { title: string }[] };
      expect(listed.conversations.map((c) => c.title).sort()).toEqual(titles);
    }
  });
});
