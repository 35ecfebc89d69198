import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNdjson, startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { CLIENT_DIST: 'tests/integration/server/fixture-dist' } });
});
afterAll(async () => {
  await s.close();
});

describe('/api/conversations (the caller\'s own conversations)', () => {
  it('creates, lists, renames, pins, opens and deletes; another user sees none of it', async () => {
    const u = await s.signIn();
    const other = await s.signIn();
    const created = await s.api('/api/conversations', { method: 'POST', token: u.token, json: { title: 'Ducks' } });
    expect(created.status).toBe(201);
    const { conversation } = await created.json();
    const renamed = await s.api(`/api/conversations/${conversation.id}`, { method: 'PATCH', token: u.token, json: { title: 'Geese' } });
    expect((await renamed.json()).conversation.title).toBe('Geese');
    expect((await (await s.api('/api/conversations?q=Gee', { token: u.token })).json()).conversations).toHaveLength(1);
    expect((await s.api(`/api/conversations/${conversation.id}`, { token: other.token })).status).toBe(404);
    expect((await s.api(`/api/conversations/${conversation.id}`, { method: 'DELETE', token: other.token })).status).not.toBe(204);
    // Pinned and unpinned; a body that is not {pinned: true|false} is refused and pins nothing.
    const second = (await (await s.api('/api/conversations', { method: 'POST', token: u.token, json: { title: 'Swans' } })).json()).conversation;
    const pinned = await s.api(`/api/conversations/${conversation.id}/pin`, { method: 'PUT', token: u.token, json: { pinned: true } });
    expect(pinned.status).toBe(200);
    expect((await pinned.json()).conversation.pinnedAt).toEqual(expect.any(String));
    const listed = (await (await s.api('/api/conversations', { token: u.token })).json()).conversations as { id: string; pinnedAt?: string }[];
    expect(listed.map((c) => c.id)).toEqual([conversation.id, second.id]);
    // The next page, after the pinned one; a search and a page at once, or an empty cursor, are refused.
    expect(((await (await s.api(`/api/conversations?after=${conversation.id}`, { token: u.token })).json()).conversations as { id: string }[]).map((c) => c.id)).toEqual([second.id]);
    expect((await s.api(`/api/conversations?after=${conversation.id}`, { token: other.token })).status).toBe(404);
    for (const query of [`q=Swa&after=${conversation.id}`, 'after=']) {
      const refused = await s.api(`/api/conversations?${query}`, { token: u.token });
      expect([query, refused.status, (await refused.json()).error]).toEqual([query, 400, 'validation']);
    }
    for (const json of [{ pinned: 'yes' }, {}, { pinned: true, title: 'x' }]) {
      const refused = await s.api(`/api/conversations/${second.id}/pin`, { method: 'PUT', token: u.token, json });
      const body = await refused.json();
      expect([refused.status, body.error, body.message]).toEqual([400, 'validation', expect.stringMatching(/pinned|title/)]);
    }
    expect((await s.api(`/api/conversations/${second.id}/pin`, { method: 'PUT', token: other.token, json: { pinned: true } })).status).toBe(404);
    const unpinned = await s.api(`/api/conversations/${conversation.id}/pin`, { method: 'PUT', token: u.token, json: { pinned: false } });
    expect((await unpinned.json()).conversation).not.toHaveProperty('pinnedAt');
    expect(((await (await s.api('/api/conversations', { token: u.token })).json()).conversations as { pinnedAt?: string }[]).every((c) => c.pinnedAt === undefined)).toBe(true);
    expect((await s.api(`/api/conversations/${conversation.id}`, { method: 'DELETE', token: u.token })).status).toBe(204);
    expect((await s.api(`/api/conversations/${conversation.id}`, { token: u.token })).status).toBe(404);
  });
});

describe('GET /api/conversations/export: every chat of the caller as one file', () => {
  it('answers a JSON file to save, with each conversation, its settings and its messages; another user\'s chats are not in it', async () => {
    const u = await s.signIn(100);
    const other = await s.signIn(100);
    for (const [who, message] of [[u, 'Tides of the Bay of Fundy'], [u, 'A lighthouse in Brittany'], [other, 'Secret plans']] as const) {
      const sent = await s.api('/api/chat', { method: 'POST', token: who.token, json: { message, modelIds: ['offline'] } });
      await readNdjson(sent);
    }
    const answer = await s.api('/api/conversations/export', { token: u.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="ensemble-chats-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = JSON.parse(await answer.text()) as { format: string; version: number; exportedAt: string; conversations: { conversation: { title: string }; settings: unknown; messages: { role: string; content: string }[] }[] };
    expect(file).toMatchObject({ format: 'ensemble.conversations', version: 1, exportedAt: expect.any(String) });
    expect(file.conversations.map((e) => e.conversation.title)).toEqual(['A lighthouse in Brittany', 'Tides of the Bay of Fundy']);
    expect(file.conversations[1]?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(file.conversations[1]?.settings).toEqual({ instruction: '', models: {} });
    expect(JSON.stringify(file)).not.toContain('Secret plans');
    expect((await s.api('/api/conversations/export')).status).toBe(401);
  });

  it('a store that cannot be read answers an error, not a file; a failure once the file is being written breaks the download instead of saving part of it', async () => {
    const u = await s.signIn(100);
    for (const message of ['First', 'Second']) await readNdjson(await s.api('/api/chat', { method: 'POST', token: u.token, json: { message, modelIds: ['offline'] } }));
    const store = s.data.conversationStore;
    store.failures.failNext('listConversations');
    const refused = await s.api('/api/conversations/export', { token: u.token });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect((await refused.json()).error).toBe('network');
    // The second conversation's messages cannot be read: the first is already on its way.
    const read = store.listMessages.bind(store);
    let calls = 0;
    store.listMessages = async (userId, conversationId) => {
      calls += 1;
      return calls === 2 ? { success: false, error: { code: 'network', message: 'listMessages failed (injected)' } } : read(userId, conversationId);
    };
    try {
      const broken = await s.api('/api/conversations/export', { token: u.token });
      expect(broken.status).toBe(200);
      await expect(broken.text()).rejects.toThrow();
      expect(s.logger.entries.some((e) => e.level === 'error' && e.message.startsWith('The export of the conversations stopped') && JSON.stringify(e.context).includes('injected'))).toBe(true);
    } finally {
      store.listMessages = read;
    }
  });
});

describe('regenerate and edit-last stream like a chat', () => {
  it('regenerate replaces the last answer; edit-last replaces the last message and its answer', async () => {
    const u = await s.signIn(100);
    const first = await readNdjson(await s.api('/api/chat', { method: 'POST', token: u.token, json: { message: 'First question', modelIds: ['offline'] } }));
    const conversationId = (first[0] as { conversationId: string }).conversationId;
    const again = await readNdjson(await s.api('/api/chat/regenerate', { method: 'POST', token: u.token, json: { conversationId } }));
    expect(again.some((l) => l.type === 'finish')).toBe(true);
    let messages = (await (await s.api(`/api/conversations/${conversationId}/messages`, { token: u.token })).json()).messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    await readNdjson(await s.api('/api/chat/edit-last', { method: 'POST', token: u.token, json: { conversationId, message: 'Edited question' } }));
    messages = (await (await s.api(`/api/conversations/${conversationId}/messages`, { token: u.token })).json()).messages;
    expect(messages.map((m: { content: string }) => m.content)[0]).toBe('Edited question');
    expect(messages).toHaveLength(2);
  });
});

describe('per-user rate limit', () => {
  it('answers 429 with Retry-After once the bucket is empty, for that user only', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_BURST: '2', RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      const u = await limited.signIn(0);
      const other = await limited.signIn(0);
      const send = (token: string) => limited.api('/api/chat', { method: 'POST', token, json: { message: 'hi', modelIds: ['offline'] } });
      expect((await send(u.token)).status).toBe(402);
      expect((await send(u.token)).status).toBe(402);
      const third = await send(u.token);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await third.json()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/Too many requests/) });
      expect((await send(other.token)).status).toBe(402);
    } finally {
      await limited.close();
    }
  });
});

describe('reads are rate-limited too, generously', () => {
  it('a user\'s GETs have their own bucket (writes keep theirs), and public GETs a bucket per client address', async () => {
    const limited = await startTestServer({ env: { RATE_LIMIT_READS_BURST: '3', RATE_LIMIT_READS_PER_MINUTE: '1' } });
    try {
      const u = await limited.signIn(0);
      const other = await limited.signIn(0);
      for (let i = 0; i < 3; i += 1) expect((await limited.api('/api/account', { token: u.token })).status).toBe(200);
      const refused = await limited.api('/api/conversations', { token: u.token });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
      // Another user reads on; the user's writes are counted apart.
      expect((await limited.api('/api/account', { token: other.token })).status).toBe(200);
      expect((await limited.api('/api/conversations', { method: 'POST', token: u.token, json: {} })).status).toBe(201);
      // Public routes: one bucket per address (this test's loopback address).
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.api('/api/config')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The signed webhook is never limited (the provider retries it on its own schedule).
      expect((await limited.api('/api/webhooks/billing', { method: 'POST', json: {} })).status).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('serving the built client', () => {
  it('index.html is never cached and is the SPA fallback for app routes', async () => {
    for (const path of ['/', '/chat/123', '/library']) {
      const response = await s.api(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('hashed assets are cached for a year; a missing asset is a 404, not the SPA', async () => {
    const asset = await s.api('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect((await s.api('/assets/index-old999.js')).status).toBe(404);
  });

  it('does not serve files outside the client folder', async () => {
    const response = await s.api('/..%2f..%2fpackage.json');
    expect(await response.text()).not.toContain('"dependencies"');
  });

  it('without a built client, pages say so clearly', async () => {
    const bare = await startTestServer();
    try {
      const response = await bare.api('/');
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('The web client is not built');
    } finally {
      await bare.close();
    }
  });
});
