// Instructions and settings, search and merge from outside: the app server on the Supabase stand-in
// (PGlite, the service role, the real migrations), called over HTTP as the browser calls it, by the
// owner and by a hostile second user. Every check reads the database itself.
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

const signedUp = () => signUpOnStandIn(supabase, server.url, { tag: 'iso', credits: 10_000 });

const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const messagesOf = (conversationId: string) =>
  rows<{ id: string; role: string; content: string; user_id: string }>('select id, role, content, user_id from public.messages where conversation_id = $1 order by seq', [conversationId]);
const chargesOf = async (userId: string) =>
  Number((await rows<{ n: string | number }>("select count(*) as n from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId]))[0]?.n);

const answerOf = (lines: Record<string, unknown>[], modelId: string) =>
  lines.filter((l) => l['type'] === 'delta' && l['modelId'] === modelId).map((l) => l['text']).join('');

describe('instructions and settings per conversation, on the stand-in', () => {
  it('a new chat sent with settings stores them; the offline model states what it received; the settings read back and change', async () => {
    const user = await signedUp();
    const settings = { instruction: 'Answer like a lighthouse keeper.', models: { offline: { temperature: 0.3, maxOutputTokens: 400 } } };
    const response = await user.call('POST', '/api/chat', { message: 'What do you do at night?', modelIds: ['offline'], settings });
    expect(response.status).toBe(200);
    const lines = await readNdjson(response);
    expect(answerOf(lines, 'offline')).toContain('_Received: instruction "Answer like a lighthouse keeper.", temperature 0.3, maximum length 400 tokens._');
    const id = lines[0]?.['conversationId'] as string;
    const stored = await rows<{ instruction: string; model_settings: unknown }>('select instruction, model_settings from public.conversations where id = $1', [id]);
    expect(stored[0]).toEqual({ instruction: settings.instruction, model_settings: settings.models });
    const read = await user.call('GET', `/api/conversations/${id}/settings`);
    expect(await read.json()).toEqual({ settings });
    const next = { instruction: '', models: { offline: { maxOutputTokens: 30 } } };
    const saved = await user.call('PUT', `/api/conversations/${id}/settings`, { settings: next });
    expect(saved.status).toBe(200);
    const again = await readNdjson(await user.call('POST', '/api/chat', { conversationId: id, message: 'And by day?', modelIds: ['offline'] }));
    expect(again.find((l) => l['type'] === 'finish')).toMatchObject({ finishReason: 'length', usage: { outputTokens: 30 } });
  });

  it('bad settings are a 400 naming the field, and nothing changes', async () => {
    const user = await signedUp();
    const lines = await readNdjson(await user.call('POST', '/api/chat', { message: 'hi', modelIds: ['offline'] }));
    const id = lines[0]?.['conversationId'] as string;
    for (const settings of [
      { instruction: 'x', models: { offline: { temperature: 5 } } },
      { instruction: 'x', models: { offline: { maxOutputTokens: -1 } } },
      { instruction: 'x'.repeat(8001), models: {} },
      { instruction: 'x', models: { offline: { topK: 3 } } },
    ]) {
      const response = await user.call('PUT', `/api/conversations/${id}/settings`, { settings });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('validation');
    }
    expect((await rows<{ instruction: string }>('select instruction from public.conversations where id = $1', [id]))[0]?.instruction).toBe('');
    const chat = await user.call('POST', '/api/chat', { message: 'hi', modelIds: ['offline'], settings: { instruction: 'x', models: { offline: { temperature: 9 } } } });
    expect(chat.status).toBe(400);
  });
});

describe('search, merge and presets of another user (a hostile second user)', () => {
  it('finds nothing of A; 404 on A\'s settings and on merging A\'s turn; A\'s rows and balance stay', async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const response = await alice.call('POST', '/api/chat', { message: 'My saffron secret', modelIds: ['offline', 'offline-brief'] });
    const id = (await readNdjson(response))[0]?.['conversationId'] as string;
    const before = await messagesOf(id);
    const search = await bob.call('GET', '/api/search?q=saffron&lang=en');
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual({ hits: [] });
    for (const [method, path, json] of [
      ['GET', `/api/conversations/${id}/settings`, undefined],
      ['PUT', `/api/conversations/${id}/settings`, { settings: { instruction: 'Taken', models: {} } }],
      ['POST', '/api/chat/merge', { conversationId: id, modelId: 'offline' }],
    ] as const) {
      const refused = await bob.call(method, path, json);
      expect(`${method} ${path} ${refused.status}`).toBe(`${method} ${path} 404`);
    }
    expect(await messagesOf(id)).toEqual(before);
    expect(await chargesOf(bob.userId)).toBe(0);
    const found = (await (await alice.call('GET', '/api/search?q=saffron&lang=en')).json()) as { hits: { conversationId: string; snippet: { text: string; match: boolean }[] }[] };
    expect(found.hits.map((h) => h.conversationId)).toContain(id);
    expect(found.hits[0]?.snippet.find((p) => p.match)?.text).toBe('saffron');
  });

  it('merge on the stand-in: streamed as a new answer, saved with merged_from, charged once', async () => {
    const user = await signedUp();
    const id = (await readNdjson(await user.call('POST', '/api/chat', { message: 'Name a lighthouse', modelIds: ['offline', 'offline-brief'] })))[0]?.['conversationId'] as string;
    const charges = await chargesOf(user.userId);
    const merged = await user.call('POST', '/api/chat/merge', { conversationId: id, modelId: 'offline-brief' });
    expect(merged.status).toBe(200);
    const lines = await readNdjson(merged);
    expect(lines[0]).toMatchObject({ type: 'meta', conversationId: id, modelIds: ['offline-brief'] });
    expect(answerOf(lines, 'offline-brief')).toContain('2 answers merged into one.');
    const stored = await rows<{ model_id: string; merged_from: string[] | null }>('select model_id, merged_from from public.messages where conversation_id = $1 order by seq', [id]);
    expect(stored.at(-1)).toEqual({ model_id: 'offline-brief', merged_from: ['offline', 'offline-brief'] });
    expect(await chargesOf(user.userId)).toBe(charges + 1);
  });

  it('search, merge and presets answer 400 on bad input and 401 without a token', async () => {
    const user = await signedUp();
    expect((await user.call('GET', '/api/search')).status).toBe(400);
    expect((await user.call('GET', `/api/search?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await user.call('POST', '/api/chat/merge', { conversationId: '00000000-0000-4000-8000-00000000beef' })).status).toBe(400);
    expect((await user.call('POST', '/api/instruction-presets', { name: '', instruction: 'x' })).status).toBe(400);
    for (const [method, path] of [['GET', '/api/search?q=x'], ['GET', '/api/instruction-presets'], ['POST', '/api/chat/merge'], ['GET', '/api/conversations/x/settings']] as const) {
      expect((await fetch(`${server.url}${path}`, { method })).status).toBe(401);
    }
  });
});
