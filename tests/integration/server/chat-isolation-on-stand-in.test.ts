// Conversation isolation and one answer per turn, from outside: the app server on the Supabase stand-in (PGlite, the service role, the real
// migrations), called over HTTP the way a browser calls it, by a hostile second user and by a user
// who presses regenerate ten times at once. Nothing here trusts our own adapters' view of things:
// every check reads the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '5', RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

async function signedUp() {
  const user = await signUpOnStandIn(supabase, server.url, { tag: 'iso', credits: 10_000 });
  const upload = (path: string, text: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { ...user.auth, 'content-type': 'text/plain' }, body: text });
  return { ...user, upload };
}

const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const messagesOf = (conversationId: string) =>
  rows<{ id: string; role: string; content: string; user_id: string }>('select id, role, content, user_id from public.messages where conversation_id = $1 order by seq', [conversationId]);
const chargesOf = async (userId: string) =>
  Number((await rows<{ n: string | number }>("select count(*) as n from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId]))[0]?.n);

async function conversationOf(user: Awaited<ReturnType<typeof signedUp>>, message: string): Promise<string> {
  const response = await user.call('POST', '/api/chat', { message, modelIds: ['offline'] });
  expect(response.status).toBe(200);
  const lines = await readNdjson(response);
  expect(lines.at(-1)?.['type']).toBe('done');
  return lines[0]?.['conversationId'] as string;
}

describe('another user\'s conversation', () => {
  it('user B with A\'s conversation id gets 404 on every chat and conversation route, and A\'s messages do not change', async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const id = await conversationOf(alice, 'My private plan');
    const before = await messagesOf(id);
    const attempts: [string, string, unknown?][] = [
      ['POST', '/api/chat', { conversationId: id, message: 'intrusion', modelIds: ['offline'] }],
      ['POST', '/api/chat/regenerate', { conversationId: id }],
      ['POST', '/api/chat/edit-last', { conversationId: id, message: 'rewritten' }],
      ['GET', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/messages`],
      ['PATCH', `/api/conversations/${id}`, { title: 'Taken' }],
      ['PUT', `/api/conversations/${id}/pin`, { pinned: true }],
      ['DELETE', `/api/conversations/${id}`],
      ['GET', `/api/conversations/${id}/share`],
      ['POST', `/api/conversations/${id}/share`, {}],
      ['DELETE', `/api/conversations/${id}/share`],
    ];
    for (const [method, path, json] of attempts) {
      const response = await bob.call(method, path, json);
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
      expect(((await response.json()) as { error: string }).error).toBe('not_found');
    }
    expect(await messagesOf(id)).toEqual(before);
    expect(await rows<{ title: string; pinned_at: string | null }>('select title, pinned_at from public.conversations where id = $1', [id])).toEqual([{ title: 'My private plan', pinned_at: null }]);
    expect(await chargesOf(bob.userId)).toBe(0);
    // Bob's own export and list hold nothing of hers.
    const exported = await bob.call('GET', '/api/conversations/export');
    expect(exported.status).toBe(200);
    const file = await exported.text();
    expect(file).not.toContain(id);
    expect(file).not.toContain('My private plan');
    expect(JSON.stringify(await (await bob.call('GET', '/api/conversations')).json())).not.toContain(id);
    // A missing id answers exactly as the foreign one did.
    const missing = await bob.call('POST', '/api/chat/regenerate', { conversationId: '00000000-0000-4000-8000-00000000beef' });
    expect(missing.status).toBe(404);
  });

  it('row-level security: a user cannot move a message into another user\'s conversation nor give it away (supabase-js as the user)', async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const hers = await conversationOf(alice, 'Alice asks');
    const his = await conversationOf(bob, 'Bob asks');
    const [bobsMessage] = await messagesOf(his);
    const moved = await bob.client.from('messages').update({ conversation_id: hers }).eq('id', bobsMessage!.id).select('id');
    expect(moved.error?.code ?? (moved.data?.length === 0 ? 'no rows' : 'moved')).not.toBe('moved');
    const givenAway = await bob.client.from('messages').update({ user_id: alice.userId }).eq('id', bobsMessage!.id).select('id');
    expect(givenAway.error?.code ?? (givenAway.data?.length === 0 ? 'no rows' : 'moved')).not.toBe('moved');
    const inserted = await bob.client.from('messages').insert({ conversation_id: hers, user_id: bob.userId, role: 'user', content: 'intrusion' }).select('id');
    expect(inserted.error).not.toBeNull();
    expect((await messagesOf(hers)).every((m) => m.user_id === alice.userId)).toBe(true);
    expect((await messagesOf(his)).map((m) => m.id)).toContain(bobsMessage!.id);
  });
});

describe('one answer per turn', () => {
  it.each(['regenerate', 'edit-last'] as const)('10 concurrent %s requests leave exactly one new version and one charge; the others are 409 conversation_busy', async (kind) => {
    const user = await signedUp();
    const id = await conversationOf(user, 'Tell me about tides');
    const chargesBefore = await chargesOf(user.userId);
    const body = kind === 'regenerate' ? { conversationId: id } : { conversationId: id, message: 'Tell me about waves' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => user.call('POST', `/api/chat/${kind}`, body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const response of responses) {
      if (response.status === 200) expect((await readNdjson(response)).at(-1)?.['type']).toBe('done');
      else expect(await response.json()).toMatchObject({ error: 'conversation_busy' });
    }
    // The earlier version stays stored beside the one new version: a regenerated answer, or an edited question with its answer.
    const stored = await messagesOf(id);
    expect(stored.map((m) => m.role)).toEqual(kind === 'regenerate' ? ['user', 'assistant', 'assistant'] : ['user', 'assistant', 'user', 'assistant']);
    const shown = (await (await user.call('GET', `/api/conversations/${id}`)).json()) as { messages: { role: string; version?: { index: number; count: number } }[] };
    expect(shown.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(shown.messages[kind === 'regenerate' ? 1 : 0]?.version).toEqual({ index: 2, count: 2 });
    expect(await chargesOf(user.userId)).toBe(chargesBefore + 1);
  });

  it('a message sent right after the stream\'s last line is accepted (the turn is given back before `done`)', async () => {
    const user = await signedUp();
    const id = await conversationOf(user, 'First');
    const next = await user.call('POST', '/api/chat', { conversationId: id, message: 'Second', modelIds: ['offline'] });
    expect(next.status).toBe(200);
    await readNdjson(next);
    expect((await messagesOf(id)).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});

describe('text Postgres refuses is a 400 at the edge', () => {
  it('NUL or a broken surrogate in every text field and path id gets 400 with a message naming where, never 500; nothing is stored', async () => {
    const user = await signedUp();
    const id = await conversationOf(user, 'Clean text');
    const before = await messagesOf(id);
    const nul = 'a\u0000b';
    const address = 'The address contains a control character (such as NUL); remove it';
    const field = (path: string) => `body ${path}: contains a character that cannot be stored (NUL or a broken Unicode surrogate)`;
    const cases: { method: string; path: string; json?: unknown; file?: string; message: string }[] = [
      { method: 'POST', path: '/api/chat', json: { message: nul, modelIds: ['offline'] }, message: field('message') },
      { method: 'POST', path: '/api/chat', json: '{"message":"half \\ud800 a pair","modelIds":["offline"]}', message: field('message') },
      { method: 'POST', path: '/api/chat', json: { conversationId: `${id}\u0000`, message: 'hi', modelIds: ['offline'] }, message: field('conversationId') },
      { method: 'POST', path: '/api/chat', json: { message: 'hi', modelIds: [nul] }, message: field('modelIds.0') },
      { method: 'POST', path: '/api/chat/regenerate', json: { conversationId: nul }, message: field('conversationId') },
      { method: 'POST', path: '/api/chat/edit-last', json: { conversationId: id, message: nul }, message: field('message') },
      { method: 'POST', path: '/api/chat/merge', json: { conversationId: id, modelId: nul }, message: field('modelId') },
      { method: 'PATCH', path: `/api/conversations/${id}`, json: { title: nul }, message: field('title') },
      { method: 'POST', path: '/api/conversations', json: { title: nul }, message: field('title') },
      { method: 'PUT', path: `/api/conversations/${id}/settings`, json: { settings: { instruction: nul, models: {} } }, message: field('settings.instruction') },
      { method: 'POST', path: '/api/instruction-presets', json: { name: nul, instruction: 'Answer briefly' }, message: field('name') },
      { method: 'POST', path: '/api/instruction-presets', json: { name: 'Brief', instruction: nul }, message: field('instruction') },
      { method: 'GET', path: '/api/conversations?q=a%00b', message: address },
      { method: 'GET', path: '/api/search?q=a%00b', message: address },
      { method: 'GET', path: '/api/search?q=tides&lang=e%00n', message: address },
      { method: 'POST', path: '/api/attachments?name=notes%00.txt', file: 'High water at six.', message: address },
      { method: 'GET', path: `/api/conversations/${id}%00`, message: address },
      { method: 'GET', path: '/api/conversations/a%00b/messages', message: address },
      { method: 'DELETE', path: '/api/conversations/%00', message: address },
      { method: 'GET', path: '/api/shared/abc%00def', message: address },
    ];
    for (const { method, path, json, file, message } of cases) {
      const response = file === undefined ? await user.call(method, path, json) : await user.upload(path, file);
      const body = (await response.json()) as { error: string; message: string };
      expect(`${method} ${path} ${response.status} ${body.error}: ${body.message}`).toBe(`${method} ${path} 400 validation: ${message}`);
    }
    expect(await messagesOf(id)).toEqual(before);
    const stored = await rows<{ conversations: string | number; instruction: string; presets: string | number; files: string | number }>(
      `select (select count(*) from public.conversations where user_id = $1) as conversations,
              (select instruction from public.conversations where id = $2) as instruction,
              (select count(*) from public.instruction_presets where user_id = $1) as presets,
              (select count(*) from storage.objects where bucket_id = 'attachments' and name like $1 || '/%') as files`,
      [user.userId, id],
    );
    expect(stored.map((r) => ({ ...r, conversations: Number(r.conversations), presets: Number(r.presets), files: Number(r.files) }))).toEqual([
      { conversations: 1, instruction: '', presets: 0, files: 0 },
    ]);
  });
});
