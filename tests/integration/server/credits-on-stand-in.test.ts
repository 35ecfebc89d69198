// Credit holds end to end: the app server on the Supabase stand-in (PGlite, supabase-js adapters,
// hold_credits / settle_credit_hold / release_credit_hold), chats over HTTP as a browser sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { creditsForUsage, estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { appOnStandIn, signUpOnStandIn } from '../../support/app-on-stand-in.js';
import { browserLikeClient, startTestSupabase } from '../../support/local-supabase.js';
import { readNdjson, readNdjsonUntil } from './server-harness.js';

const offline = DEFAULT_CATALOGUE.find((m) => m.id === 'offline')!;

let supabase: LocalSupabase;
/** Answers at full speed. */
let fast: RunningAppServer;
/** Waits ten seconds before each token: a client can leave before the first one. */
let stalled: RunningAppServer;
/** 20 ms a token: a client can leave in the middle of an answer. */
let paced: RunningAppServer;
const logger = new InMemoryLogger();

const appServer = (tokenDelayMs: number) =>
  appOnStandIn(
    supabase,
    {
      OFFLINE_MODEL_TOKEN_DELAY_MS: String(tokenDelayMs),
      // 20 chats at once from one user: the credits, not the rate limit, must decide here.
      RATE_LIMIT_BURST: '100',
      // Closing at the end stops what still runs (the stalled answers) at once.
      SHUTDOWN_GRACE_MS: '0',
    },
    logger,
  );

beforeAll(async () => {
  supabase = await startTestSupabase();
  fast = await appServer(0);
  stalled = await appServer(9_999);
  paced = await appServer(20);
}, 60_000);
afterAll(async () => {
  await fast?.close();
  await stalled?.close();
  await paced?.close();
  await supabase?.stop();
});

/** A user signed up through the stand-in (e-mailed code), with exactly `credits` and an empty history. */
async function userWith(credits: number) {
  const { userId, auth, client } = await signUpOnStandIn(supabase, fast.url, { tag: 'holds', credits });
  await supabase.db.asAdmin((tx) => tx.query('delete from public.credit_ledger where user_id = $1', [userId]));
  const chat = (server: RunningAppServer, json: unknown, signal?: AbortSignal) =>
    fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(json),
      ...(signal ? { signal } : {}),
    });
  const stop = (server: RunningAppServer, runId: string) => fetch(`${server.url}/api/chat/runs/${runId}/stop`, { method: 'POST', headers: auth });
  return { userId, chat, stop, client };
}

const row = async <T>(sql: string, params: unknown[]): Promise<T> =>
  supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows[0] as T);
const balanceOf = async (userId: string) => (await row<{ credits: number }>('select credits from public.profiles where id = $1', [userId])).credits;
const holdsOf = async (userId: string) =>
  Number((await row<{ n: number | string }>('select count(*) as n from public.credit_holds where user_id = $1', [userId])).n);
const chargesOf = async (userId: string) =>
  supabase.db.asAdmin(
    async (tx) =>
      (await tx.query<{ amount: number; balance_after: number }>("select amount, balance_after from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId])).rows,
  );

/** Polls the database until `check` holds (the server settles after the client is gone); bounded, not a sleep. */
async function until<T>(probe: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await probe();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the condition never held');
}

describe('credit holds on the Supabase stand-in', () => {
  it('20 concurrent chats on a small balance: as many start as holds fit, the rest get 402, every answer is charged', async () => {
    const balance = 5;
    const message = 'Write a long answer about rivers and lakes';
    const minimal = minimalAnswerCredits(offline, estimateTokens(message));
    const u = await userWith(balance);
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await u.chat(fast, { message, modelIds: ['offline'] });
        return response.status === 200 ? readNdjson(response) : response.status;
      }),
    );
    const answered = results.filter((r): r is Record<string, unknown>[] => Array.isArray(r));
    expect(answered).toHaveLength(Math.floor(balance / minimal));
    expect(results.filter((r) => r === 402)).toHaveLength(20 - answered.length);

    type Finish = { usage: { inputTokens: number; outputTokens: number }; creditsCharged: number };
    const finishes = answered.map((lines) => lines.find((l) => l.type === 'finish') as Finish);
    const shortfall = logger
      .at('warn')
      .filter((e) => e.message.startsWith('An answer was charged less than it cost') && e.context?.['userId'] === u.userId)
      .reduce((sum, e) => sum + Number(e.context?.['shortfall']), 0);
    expect(finishes.reduce((sum, f) => sum + creditsForUsage(offline, f.usage) - f.creditsCharged, 0)).toBe(shortfall);
    for (const f of finishes) expect(f.creditsCharged).toBeGreaterThan(0);

    const final = await balanceOf(u.userId);
    expect(final).toBeGreaterThanOrEqual(0);
    const charges = await chargesOf(u.userId);
    expect(charges).toHaveLength(answered.length);
    expect(charges.reduce((sum, e) => sum - e.amount, 0)).toBe(balance - final);
    expect(finishes.reduce((sum, f) => sum + f.creditsCharged, 0)).toBe(balance - final);
    expect(Math.min(...charges.map((e) => e.balance_after))).toBeGreaterThanOrEqual(0);
    expect(await holdsOf(u.userId)).toBe(0);
  });

  it('a chat stopped before the first token pays nothing, and its hold is released at once', async () => {
    const u = await userWith(5);
    const response = await u.chat(stalled, { message: 'A long story please', modelIds: ['offline'] });
    expect(response.status).toBe(200);
    const read = await readNdjsonUntil(response, (l) => l.type === 'start');
    expect(read.lines.some((l) => l.type === 'delta')).toBe(false);
    // The chat holds its minimal answer while it runs: the whole balance cannot be held twice.
    expect(await holdsOf(u.userId)).toBe(1);
    const runId = String(read.lines[0]?.['runId']);
    const stopped = await u.stop(stalled, runId);
    expect(stopped.status).toBe(202);
    expect(await stopped.json()).toEqual({ runId, stopping: true });
    const lines = await read.rest();
    expect(lines.find((l) => l.type === 'finish')).toMatchObject({ finishReason: 'aborted', usage: { outputTokens: 0 } });
    expect(lines.at(-1)).toMatchObject({ type: 'done', answers: [{ modelId: 'offline', messageId: null, creditsCharged: 0, finishReason: 'aborted' }] });
    expect(await holdsOf(u.userId)).toBe(0);
    expect(await balanceOf(u.userId)).toBe(5);
    expect(await chargesOf(u.userId)).toEqual([]);
    // The credits are free again: a new chat with the whole balance starts.
    const next = await u.chat(fast, { message: 'Still here?', modelIds: ['offline'] });
    expect(next.status).toBe(200);
    await readNdjson(next);
  });

  it('a chat stopped in the middle, through another server, pays what was generated, and the hold is settled', async () => {
    const u = await userWith(100);
    const response = await u.chat(paced, { message: 'A long story please', modelIds: ['offline'] });
    const read = await readNdjsonUntil(response, (l) => l.type === 'delta');
    // Another instance on the same database: the stop reaches the producing one through the run log.
    expect((await u.stop(fast, String(read.lines[0]?.['runId']))).status).toBe(202);
    const lines = await read.rest();
    const finish = lines.find((l) => l.type === 'finish') as { finishReason: string; creditsCharged: number; usage: { outputTokens: number } };
    expect(finish.finishReason).toBe('aborted');
    const [charge] = await chargesOf(u.userId);
    expect(charge!.amount).toBe(-finish.creditsCharged);
    expect(await balanceOf(u.userId)).toBe(100 + charge!.amount);
    expect(await holdsOf(u.userId)).toBe(0);
    const usage = await row<{ output_tokens: number }>('select output_tokens from public.usage_events where user_id = $1', [u.userId]);
    expect(usage.output_tokens).toBe(finish.usage.outputTokens);
    const full = await readNdjson(await u.chat(fast, { message: 'A long story please', modelIds: ['offline'] }));
    const whole = full.find((l) => l.type === 'finish') as { usage: { outputTokens: number } };
    expect(usage.output_tokens).toBeLessThan(whole.usage.outputTokens);
  });

  it('a client that leaves in the middle does not stop the answer: it is saved whole and charged, and its hold settled', async () => {
    const u = await userWith(100);
    const controller = new AbortController();
    const response = await u.chat(paced, { message: 'A long story please', modelIds: ['offline'] }, controller.signal);
    const read = await readNdjsonUntil(response, (l) => l.type === 'delta');
    controller.abort();
    const conversationId = String(read.lines[0]?.['conversationId']);
    const [charge] = await until(() => chargesOf(u.userId), (rows) => rows.length > 0);
    expect(await holdsOf(u.userId)).toBe(0);
    const full = await readNdjson(await u.chat(fast, { message: 'A long story please', modelIds: ['offline'] }));
    const whole = full.find((l) => l.type === 'finish') as { usage: { outputTokens: number }; creditsCharged: number };
    const usage = await row<{ output_tokens: number }>('select output_tokens from public.usage_events where user_id = $1 order by created_at limit 1', [u.userId]);
    expect(usage.output_tokens).toBe(whole.usage.outputTokens);
    expect(charge!.amount).toBe(-whole.creditsCharged);
    const answer = await row<{ content: string }>("select content from public.messages where conversation_id = $1 and role = 'assistant'", [conversationId]);
    expect(answer.content).toBe(full.filter((l) => l.type === 'delta').map((l) => l.text).join(''));
  });

  it('holds are the service role\'s: a signed-in user (or anon) can neither call the hold functions nor see the holds', async () => {
    const u = await userWith(50);
    const anon = browserLikeClient(supabase);
    for (const client of [u.client, anon]) {
      const held = await client.rpc('hold_credits', { user_id_input: u.userId, amount_input: 1, ttl_seconds_input: 60 });
      expect(held.error).not.toBeNull();
      const settled = await client.rpc('settle_credit_hold', {
        hold_id_input: crypto.randomUUID(), user_id_input: u.userId, model_input: 'offline', input_tokens_input: 0, output_tokens_input: 0,
      });
      expect(settled.error).not.toBeNull();
      const released = await client.rpc('release_credit_hold', { hold_id_input: crypto.randomUUID(), user_id_input: u.userId });
      expect(released.error).not.toBeNull();
      const rows = await client.from('credit_holds').select('id');
      expect(rows.data ?? []).toEqual([]);
    }
    expect(await holdsOf(u.userId)).toBe(0);
    expect(await balanceOf(u.userId)).toBe(50);
  });
});
