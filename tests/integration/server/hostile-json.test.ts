// Deep or wide JSON bodies are measured before anything parses or walks them: a 400 naming the
// limit on every JSON write route, never a 500, nothing stored, and the server keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../../web/server/http/json-bounds.js';
import { startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

/** Every route that reads a JSON body (ids need not exist: the body is refused first). */
const JSON_WRITE_ROUTES = [
  'POST /api/chat',
  'POST /api/chat/regenerate',
  'POST /api/chat/edit-last',
  'POST /api/chat/merge',
  'POST /api/conversations',
  'PATCH /api/conversations/c1',
  'PUT /api/conversations/c1/settings',
  'POST /api/conversations/c1/share',
  'POST /api/instruction-presets',
  'POST /api/billing/checkout',
  'POST /api/billing/subscription/cancel',
  'POST /api/billing/subscription/resume',
  'POST /api/billing/portal',
] as const;

const send = (route: string, token: string, body: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return s.api(path, { method, token, headers: { 'content-type': 'application/json' }, body });
};

describe('a JSON body past the bounds is a 400 that names the bound', () => {
  const deep = '['.repeat(10_000) + ']'.repeat(10_000);
  for (const route of JSON_WRITE_ROUTES) {
    it(`${route}: ten thousand levels of nesting`, async () => {
      const user = await s.signIn(10);
      const response = await send(route, user.token, deep);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'validation',
        message: `body: nested more than ${MAX_JSON_DEPTH} levels deep`,
        details: { limit: 'depth', max: MAX_JSON_DEPTH },
      });
    });
  }

  it('one level past the limit in an object body, and a body of too many values', async () => {
    const user = await s.signIn(10);
    let nested: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH; i += 1) nested = { a: nested };
    const tooDeep = await send('POST /api/conversations', user.token, JSON.stringify({ title: 't', extra: nested }));
    expect(tooDeep.status).toBe(400);
    expect((await tooDeep.json()) as object).toMatchObject({ details: { limit: 'depth' } });
    const wide = await send('POST /api/chat', user.token, JSON.stringify({ message: 'hi', modelIds: Array.from({ length: MAX_JSON_VALUES + 1 }, () => 0) }));
    expect(wide.status).toBe(400);
    expect(await wide.json()).toMatchObject({ details: { limit: 'values', max: MAX_JSON_VALUES } });
    // Nothing was stored on the way: the user still has no conversation.
    const list = await s.api('/api/conversations', { token: user.token });
    expect(((await list.json()) as { conversations: unknown[] }).conversations).toEqual([]);
  });

  it('brackets inside a message are text, not nesting: the message is accepted', async () => {
    const user = await s.signIn(10);
    const response = await send('POST /api/conversations', user.token, JSON.stringify({ title: '['.repeat(40) + '{'.repeat(40) }));
    expect(response.status).toBe(201);
  });

  it('an unstorable character deep inside a body is still found and named by its path', async () => {
    const user = await s.signIn(10);
    const response = await send('PUT /api/conversations/c1/settings', user.token, JSON.stringify({ settings: { instruction: 'ok', models: { offline: { note: ['fine', 'a\u0000b'] } } } }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'body settings.models.offline.note.1: contains a character that cannot be stored (NUL or a broken Unicode surrogate)',
    );
  });

  it('twenty deep bodies at once leave nothing logged as an error and the server answering', async () => {
    const user = await s.signIn(10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('POST /api/conversations', user.token, deep)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 400));
    expect((await s.api('/api/health')).status).toBe(200);
    expect(s.logger.entries.filter((e) => e.level === 'error')).toEqual([]);
  });

  it('only application/json (with or without parameters) is read as JSON; a look-alike type is a 415', async () => {
    const user = await s.signIn(10);
    const post = (type: string) => s.api('/api/conversations', { method: 'POST', token: user.token, headers: { 'content-type': type }, body: '{}' });
    expect((await post('application/json; charset=utf-8')).status).toBe(201);
    expect((await post('Application/JSON')).status).toBe(201);
    for (const type of ['application/json-patch+json', 'application/jsonx', 'text/json']) {
      const response = await post(type);
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ error: 'unsupported_media_type' });
    }
  });
});
