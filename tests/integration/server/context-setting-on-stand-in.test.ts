// What the models receive of a conversation's history, set per conversation, from outside: the app
// server on the Supabase stand-in (PGlite, the service role, the real migrations), called over HTTP
// as the browser calls it. Every check reads the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '1', RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

const signedUp = () => signUpOnStandIn(supabase, server.url, { tag: 'ctx', credits: 10_000 });
const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const storedPolicy = async (id: string) => (await rows<{ context_policy: unknown }>('select context_policy from public.conversations where id = $1', [id]))[0]?.context_policy;
/** The input tokens the offline model reported for the latest answer of a conversation (what it received, estimated). */
const lastInputTokens = async (id: string) =>
  (await rows<{ input_tokens: number }>("select input_tokens from public.messages where conversation_id = $1 and role = 'assistant' order by seq desc limit 1", [id]))[0]?.input_tokens ?? 0;

describe('the context setting of a conversation, on the stand-in', () => {
  it('is saved and read with the settings, and bounds what the next answer receives', async () => {
    const user = await signedUp();
    const first = await readNdjson(await user.call('POST', '/api/chat', { message: `Tell me about tides. ${'Some context words. '.repeat(40)}`, modelIds: ['offline-brief'] }));
    const id = first[0]?.['conversationId'] as string;
    for (const message of ['And the moon?', 'And the sun?', 'And the wind?']) {
      const response = await user.call('POST', '/api/chat', { conversationId: id, message: `${message} ${'More words about it. '.repeat(40)}`, modelIds: ['offline-brief'] });
      expect(response.status).toBe(200);
      await readNdjson(response);
    }
    const whole = await lastInputTokens(id);
    expect(await storedPolicy(id)).toBeNull();

    const settings = { instruction: '', models: {}, context: { mode: 'recent', messages: 2 } };
    const saved = await user.call('PUT', `/api/conversations/${id}/settings`, { settings });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ settings });
    expect(await storedPolicy(id)).toEqual({ mode: 'recent', messages: 2 });
    expect(await (await user.call('GET', `/api/conversations/${id}/settings`)).json()).toEqual({ settings });

    await readNdjson(await user.call('POST', '/api/chat', { conversationId: id, message: 'One line.', modelIds: ['offline-brief'] }));
    const recent = await lastInputTokens(id);
    // The last question and its answer, then the new line: far less than the four turns before.
    expect(recent).toBeGreaterThan(0);
    expect(recent).toBeLessThan(whole / 2);
  });

  it('a bad context setting is a 400 naming the field, and nothing changes', async () => {
    const user = await signedUp();
    const lines = await readNdjson(await user.call('POST', '/api/chat', { message: 'hi', modelIds: ['offline-brief'] }));
    const id = lines[0]?.['conversationId'] as string;
    for (const [context, field] of [
      [{ mode: 'everything' }, 'settings.context.mode'],
      [{ mode: 'recent', messages: 1 }, 'settings.context.messages'],
      [{ mode: 'recent', messages: 201 }, 'settings.context.messages'],
      [{ mode: 'summary', messages: 2.5 }, 'settings.context.messages'],
      [{ mode: 'recent', messages: '20' }, 'settings.context.messages'],
      [{ mode: 'all', window: 3 }, 'settings.context'],
      ['all', 'settings.context'],
    ] as const) {
      const response = await user.call('PUT', `/api/conversations/${id}/settings`, { settings: { instruction: '', models: {}, context } });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('validation');
      expect(body.message.startsWith(`body ${field}`), body.message).toBe(true);
    }
    expect(await storedPolicy(id)).toBeNull();
    const chat = await user.call('POST', '/api/chat', { message: 'hi', modelIds: ['offline-brief'], settings: { instruction: '', models: {}, context: { mode: 'recent', messages: 0 } } });
    expect(chat.status).toBe(400);
  });

  it('the table refuses a context setting the rule does not know', async () => {
    const user = await signedUp();
    const lines = await readNdjson(await user.call('POST', '/api/chat', { message: 'hi', modelIds: ['offline-brief'] }));
    const id = lines[0]?.['conversationId'] as string;
    for (const bad of ['{"mode": "none"}', '{"mode": "recent", "messages": 1}', '{"mode": "recent", "messages": "x"}', '{"mode": "all", "extra": 1}', '[]']) {
      await expect(rows('update public.conversations set context_policy = $1::jsonb where id = $2', [bad, id])).rejects.toThrow(/check/i);
    }
    await rows('update public.conversations set context_policy = $1::jsonb where id = $2', ['{"mode": "summary", "messages": 200}', id]);
    expect(await storedPolicy(id)).toEqual({ mode: 'summary', messages: 200 });
  });
});
