// A new conversation from a summary, from outside: the app server on the Supabase stand-in (PGlite,
// the service role, the real migrations), called over HTTP as the browser calls it, by the owner and
// by a hostile second user. Every check reads the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { ApiChatClient } from '../../../adapters/app-api/api-chat-client.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '2', RATE_LIMIT_BURST: '200' })), 180_000);
afterAll(() => close?.());

const QUESTION = 'Summary of “Lighthouse notes” to continue from';
const signedUp = (tag: string) => signUpOnStandIn(supabase, server.url, { tag, credits: 10_000 });
type User = Awaited<ReturnType<typeof signedUp>>;

const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const messagesOf = (conversationId: string) =>
  rows<{ id: string; role: string; content: string; user_id: string; model_id: string | null; parent_id: string | null; credits_charged: number | null }>(
    'select id, role, content, user_id, model_id, parent_id, credits_charged from public.messages where conversation_id = $1 order by seq',
    [conversationId],
  );
const conversationsOf = (userId: string) => rows<{ id: string; title: string }>('select id, title from public.conversations where user_id = $1 order by created_at', [userId]);
/** What the user has: balance, open holds and charges. */
const moneyOf = async (userId: string) => {
  const [profile] = await rows<{ credits: number }>('select credits from public.profiles where id = $1', [userId]);
  const charges = await rows<{ amount: number }>("select amount from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId]);
  return { credits: Number(profile?.credits), charges: charges.length };
};

/** A conversation of two turns, the second side by side; its id. */
const conversationOf = async (user: User): Promise<string> => {
  const first = await readNdjson(await user.call('POST', '/api/chat', { message: 'Where is the Bell Rock lighthouse? Keep it short.', modelIds: ['offline'] }));
  const id = first[0]?.['conversationId'] as string;
  await readNdjson(await user.call('POST', '/api/chat', { conversationId: id, message: 'Who built it, and when?', modelIds: ['offline', 'offline-brief'] }));
  return id;
};

describe('a new conversation from a summary, on the stand-in', () => {
  it('streams as a new conversation (its meta names it) with the question and the summary, charged once; the old one stays', async () => {
    const user = await signedUp('summary');
    const id = await conversationOf(user);
    const old = await messagesOf(id);
    const before = await moneyOf(user.userId);

    const response = await user.call('POST', `/api/conversations/${id}/summary`, { modelId: 'offline-brief', message: QUESTION });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = await readNdjson(response);
    const meta = lines[0] as { type: string; conversationId: string; runId: string; userMessageId: string; modelIds: string[] };
    expect(meta).toMatchObject({ type: 'meta', modelIds: ['offline-brief'] });
    expect(meta.conversationId).not.toBe(id);
    expect(meta.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.at(-1)).toMatchObject({ type: 'done', answers: [{ modelId: 'offline-brief', finishReason: 'stop' }] });

    const created = await messagesOf(meta.conversationId);
    expect(created.map((m) => [m.role, m.model_id, m.user_id])).toEqual([['user', 'offline-brief', user.userId], ['assistant', 'offline-brief', user.userId]]);
    expect(created[0]).toMatchObject({ id: meta.userMessageId, content: QUESTION });
    expect(created[1]?.parent_id).toBe(created[0]?.id);
    expect(created[1]?.content.length).toBeGreaterThan(0);
    const titles = await conversationsOf(user.userId);
    const oldTitle = titles.find((c) => c.id === id)?.title;
    expect(titles.find((c) => c.id === meta.conversationId)?.title).toBe(`Summary: ${oldTitle}`);
    // Charged once, what the answer stored; no hold left open.
    const after = await moneyOf(user.userId);
    expect(after.charges).toBe(before.charges + 1);
    expect(before.credits - after.credits).toBe(Number(created[1]?.credits_charged));
    expect(await rows('select id from public.credit_holds where user_id = $1', [user.userId])).toEqual([]);
    expect(await messagesOf(id)).toEqual(old);

    // The new conversation opens like any other, and goes on.
    const opened = await user.call('GET', `/api/conversations/${meta.conversationId}`);
    expect(opened.status).toBe(200);
    const next = await user.call('POST', '/api/chat', { conversationId: meta.conversationId, message: 'Go on', modelIds: ['offline'] });
    expect(next.status).toBe(200);
    await readNdjson(next);
  });

  it('through the browser adapter: the run handle names the new conversation and its events end with done', async () => {
    const user = await signedUp('summary-client');
    const id = await conversationOf(user);
    const client = new ApiChatClient({ baseUrl: server.url, accessToken: () => user.token });
    const started = await client.summarizeConversation({ conversationId: id, modelId: 'offline', message: QUESTION });
    if (!started.success) throw new Error(started.error.message);
    expect(started.data.conversationId).not.toBe(id);
    expect(started.data.modelIds).toEqual(['offline']);
    const events = [];
    for await (const event of started.data.events) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
    expect((await messagesOf(started.data.conversationId))[0]).toMatchObject({ id: started.data.userMessageId, content: QUESTION });
    const refused = await client.summarizeConversation({ conversationId: '00000000-0000-4000-8000-00000000beef', modelId: 'offline', message: QUESTION });
    expect(refused.success ? 'ran' : refused.error.code).toBe('not_found');
  });

  it('a hostile second user summarising the owner’s conversation gets 404: nothing of the owner’s is read into a conversation, nothing is charged', async () => {
    const owner = await signedUp('owner');
    const mallory = await signedUp('mallory');
    const id = await conversationOf(owner);
    const ownerBefore = { messages: await messagesOf(id), conversations: await conversationsOf(owner.userId), money: await moneyOf(owner.userId) };
    const malloryBefore = await moneyOf(mallory.userId);

    for (const modelId of ['offline', 'offline-brief', 'no-such-model']) {
      const refused = await mallory.call('POST', `/api/conversations/${id}/summary`, { modelId, message: QUESTION });
      expect(`${modelId} ${refused.status}`).toBe(`${modelId} 404`);
      expect(((await refused.json()) as { error: string }).error).toBe('not_found');
    }
    // A conversation nobody has reads the same.
    expect((await mallory.call('POST', '/api/conversations/00000000-0000-4000-8000-00000000beef/summary', { modelId: 'offline', message: QUESTION })).status).toBe(404);

    expect(await conversationsOf(mallory.userId)).toEqual([]);
    expect(await moneyOf(mallory.userId)).toEqual(malloryBefore);
    expect(await rows('select id from public.credit_holds where user_id = $1', [mallory.userId])).toEqual([]);
    expect(await messagesOf(id)).toEqual(ownerBefore.messages);
    expect(await conversationsOf(owner.userId)).toEqual(ownerBefore.conversations);
    expect(await moneyOf(owner.userId)).toEqual(ownerBefore.money);
    // Nothing of the owner's text is stored anywhere under the intruder.
    const secret = ownerBefore.messages[0]?.content ?? '';
    expect(await rows('select id from public.messages where user_id = $1 and content = $2', [mallory.userId, secret])).toEqual([]);
  });

  it('short of credits, or past the monthly spending cap: 402 as a send answers it, nothing created or held', async () => {
    const user = await signedUp('summary-poor');
    const id = await conversationOf(user);
    const conversations = await conversationsOf(user.userId);
    const { credits } = await moneyOf(user.userId);
    await supabase.db.asAdmin((tx) => tx.query('update public.profiles set credits = 0 where id = $1', [user.userId]));
    const refused = await user.call('POST', `/api/conversations/${id}/summary`, { modelId: 'offline', message: QUESTION });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: string; details: { required: number } };
    expect(body.error).toBe('insufficient_credits');
    expect(body.details.required).toBeGreaterThan(0);

    // Funded again, but this month's spending has reached the cap.
    await supabase.db.asAdmin((tx) => tx.query('update public.profiles set credits = $2 where id = $1', [user.userId, credits]));
    expect((await user.call('PUT', '/api/account/spending-cap', { cap: 1 })).status).toBe(200);
    const capped = await user.call('POST', `/api/conversations/${id}/summary`, { modelId: 'offline', message: QUESTION });
    expect(capped.status).toBe(402);
    const cap = (await capped.json()) as { error: string; details: { cap: number; remaining: number; required: number } };
    expect(cap).toMatchObject({ error: 'spending_cap_reached', details: { cap: 1, remaining: 0 } });
    expect(cap.details.required).toBeGreaterThan(0);

    expect(await conversationsOf(user.userId)).toEqual(conversations);
    expect(await rows('select id from public.credit_holds where user_id = $1', [user.userId])).toEqual([]);
    expect((await moneyOf(user.userId)).credits).toBe(credits);
  });

  it('a bad body or id is a 400 naming the field, and nothing is created', async () => {
    const user = await signedUp('summary-bad');
    const id = await conversationOf(user);
    const conversations = await conversationsOf(user.userId);
    for (const [body, field] of [
      [{ message: QUESTION }, 'modelId'],
      [{ modelId: '', message: QUESTION }, 'modelId'],
      [{ modelId: 'offline' }, 'message'],
      [{ modelId: 'offline', message: '   ' }, 'message'],
      [{ modelId: 'offline', message: 'x'.repeat(32_001) }, 'message'],
      [{ modelId: 'offline', message: QUESTION, conversationId: id }, 'conversationId'],
      [{ modelId: 7, message: QUESTION }, 'modelId'],
    ] as const) {
      const refused = await user.call('POST', `/api/conversations/${id}/summary`, body);
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as { error: string; message: string };
      expect(answer.error).toBe('validation');
      expect(answer.message).toContain(field);
    }
    const notJson = await user.call('POST', `/api/conversations/${id}/summary`, 'not json');
    expect(notJson.status).toBe(400);
    expect((await user.call('POST', `/api/conversations/${'x'.repeat(201)}/summary`, { modelId: 'offline', message: QUESTION })).status).toBe(400);
    expect(await conversationsOf(user.userId)).toEqual(conversations);
    expect((await fetch(`${server.url}/api/conversations/${id}/summary`, { method: 'POST' })).status).toBe(401);
  });
});
