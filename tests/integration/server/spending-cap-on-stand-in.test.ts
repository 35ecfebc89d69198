// The monthly spending cap end to end: the app server on the Supabase stand-in (PGlite, supabase-js
// adapters, take_credit_hold's cap check), over HTTP as a browser calls it, and as a second user
// who tries to read or change someone else's cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { spendingCapRefusalDetails } from '../../../adapters/api-contract/api-contract.js';
import { MAX_MONTHLY_CREDIT_CAP } from '../../../core/credits/index.js';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { appOnStandIn, signUpOnStandIn } from '../../support/app-on-stand-in.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let app: RunningAppServer;

beforeAll(async () => {
  supabase = await startTestSupabase();
  // Many sends from one user at once: the cap, not the rate limit, must decide here.
  app = await appOnStandIn(supabase, { OFFLINE_MODEL_TOKEN_DELAY_MS: '0', RATE_LIMIT_BURST: '100' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await supabase?.stop();
});

const row = async <T>(sql: string, params: unknown[]): Promise<T> =>
  supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows[0] as T);
const count = async (sql: string, params: unknown[]) => Number((await row<{ n: number | string }>(sql, params)).n);
/** What the database holds of the user: balance, holds, charges, messages, conversations and cap. */
const footprint = async (userId: string) => ({
  credits: (await row<{ credits: number }>('select credits from public.profiles where id = $1', [userId])).credits,
  holds: await count('select count(*) as n from public.credit_holds where user_id = $1', [userId]),
  charges: await count("select count(*) as n from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId]),
  messages: await count('select count(*) as n from public.messages where user_id = $1', [userId]),
  conversations: await count('select count(*) as n from public.conversations where user_id = $1', [userId]),
  cap: (await row<{ monthly_credit_cap: number } | undefined>('select monthly_credit_cap from public.spending_caps where user_id = $1', [userId]))?.monthly_credit_cap ?? null,
});

async function user(credits = 1000) {
  const u = await signUpOnStandIn(supabase, app.url, { tag: 'cap', credits });
  const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
  return {
    ...u,
    getCap: async () => json(await u.call('GET', '/api/account/spending-cap')),
    putCap: async (body: unknown) => json(await u.call('PUT', '/api/account/spending-cap', body)),
    /** A send that runs to its end; answers the conversation id. */
    chat: async (body: Record<string, unknown>) => {
      const response = await u.call('POST', '/api/chat', body);
      expect(response.status).toBe(200);
      const lines = await readNdjson(response);
      return String(lines.find((l) => l.type === 'meta')?.['conversationId']);
    },
  };
}

describe('the monthly spending cap on the Supabase stand-in', () => {
  it('is read and set by its owner: none at first, then the cap with spent this month and what remains', async () => {
    const u = await user();
    expect(await u.getCap()).toEqual({ status: 200, body: { cap: null, spent: 0, remaining: null } });
    await u.chat({ message: 'Hello there', modelIds: ['offline'] });
    const spent = (await u.getCap()).body['spent'] as number;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBe(1000 - (await footprint(u.userId)).credits);
    expect(await u.putCap({ cap: spent + 5 })).toEqual({ status: 200, body: { cap: spent + 5, spent, remaining: 5 } });
    expect((await footprint(u.userId)).cap).toBe(spent + 5);
    expect(await u.putCap({ cap: 1 })).toEqual({ status: 200, body: { cap: 1, spent, remaining: 0 } });
    expect(await u.putCap({ cap: null })).toEqual({ status: 200, body: { cap: null, spent, remaining: null } });
    expect((await footprint(u.userId)).cap).toBeNull();
  });

  it('a send, regenerate, edit or merge past the cap is 402 spending_cap_reached with the numbers, and holds, charges and writes nothing', async () => {
    const u = await user();
    const conversationId = await u.chat({ message: 'Compare two ideas', modelIds: ['offline', 'offline-brief'] });
    const spent = (await u.getCap()).body['spent'] as number;
    // Nothing left under the cap: every send holds at least a credit.
    await u.putCap({ cap: spent });
    const before = await footprint(u.userId);
    const sends: [string, Record<string, unknown>][] = [
      ['/api/chat', { message: 'A new chat', modelIds: ['offline'] }],
      ['/api/chat', { conversationId, message: 'A follow-up', modelIds: ['offline', 'offline-brief'] }],
      ['/api/chat/regenerate', { conversationId }],
      ['/api/chat/edit-last', { conversationId, message: 'Compare three ideas' }],
      ['/api/chat/merge', { conversationId, modelId: 'offline' }],
    ];
    for (const [path, body] of sends) {
      const response = await u.call('POST', path, body);
      expect(response.status, path).toBe(402);
      const refusal = (await response.json()) as { error: string; message: string; details: Record<string, number> };
      expect(refusal.error, path).toBe('spending_cap_reached');
      // The wire contract's shape of the refusal, and its numbers.
      expect(spendingCapRefusalDetails.strict().parse(refusal.details), path).toEqual({ cap: spent, spent, required: expect.any(Number), remaining: 0 });
      expect(refusal.details['required'], path).toBeGreaterThan(0);
      expect(refusal.message, path).toBe(
        `This send would pass your monthly spending cap: cap ${spent}, spent ${spent} this month, this send holds ${refusal.details['required']}, 0 remaining`,
      );
      expect(await footprint(u.userId), path).toEqual(before);
    }
    // Raised, the same follow-up is sent.
    await u.putCap({ cap: spent + 500 });
    expect(await u.chat({ conversationId, message: 'A follow-up', modelIds: ['offline', 'offline-brief'] })).toBe(conversationId);
  });

  it('concurrent sends cannot pass the cap together: as many start as fit under it', async () => {
    const u = await user();
    const message = 'Write a long answer about rivers and lakes';
    const probe = await u.chat({ message, modelIds: ['offline'] });
    expect(probe).toMatch(/^[0-9a-f-]{36}$/);
    // What one such send holds: the 402 of a cap with no room left names it.
    const spent = (await u.getCap()).body['spent'] as number;
    await u.putCap({ cap: spent });
    const refused = await u.call('POST', '/api/chat', { message, modelIds: ['offline'] });
    const required = ((await refused.json()) as { details: { required: number } }).details.required;
    const room = 3;
    await u.putCap({ cap: spent + room * required });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await u.call('POST', '/api/chat', { message, modelIds: ['offline'] });
        if (response.status === 200) await readNdjson(response);
        else await response.body?.cancel();
        return response.status;
      }),
    );
    // Each send that started was charged at most what it held, so the cap was never passed.
    expect(statuses.filter((s) => s === 200)).toHaveLength(room);
    expect(statuses.filter((s) => s === 402)).toHaveLength(12 - room);
    const after = (await u.getCap()).body as { cap: number; spent: number };
    expect(after.spent).toBeLessThanOrEqual(after.cap);
    expect((await footprint(u.userId)).holds).toBe(0);
  });

  it("a second user can neither read nor change another's cap", async () => {
    const owner = await user();
    const other = await user();
    await owner.putCap({ cap: 40 });
    // The route acts for the caller only: the other user sees and sets their own.
    expect(await other.getCap()).toEqual({ status: 200, body: { cap: null, spent: 0, remaining: null } });
    const named = await other.putCap({ cap: 5, userId: owner.userId });
    expect(named.status).toBe(400);
    expect(named.body['error']).toBe('validation');
    expect(await other.putCap({ cap: 900 })).toMatchObject({ status: 200, body: { cap: 900 } });
    expect(await other.putCap({ cap: null })).toMatchObject({ status: 200, body: { cap: null } });
    expect((await footprint(owner.userId)).cap).toBe(40);
    expect(await owner.getCap()).toEqual({ status: 200, body: { cap: 40, spent: 0, remaining: 40 } });

    // Straight to the database with the other user's session (row-level security): nothing of the owner's.
    const seen = await other.client.from('spending_caps').select('user_id, monthly_credit_cap');
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const updated = await other.client.from('spending_caps').update({ monthly_credit_cap: 1000000 }).eq('user_id', owner.userId).select();
    expect(updated.data ?? []).toEqual([]);
    const deleted = await other.client.from('spending_caps').delete().eq('user_id', owner.userId).select();
    expect(deleted.data ?? []).toEqual([]);
    const inserted = await other.client.from('spending_caps').insert({ user_id: owner.userId, monthly_credit_cap: 1 });
    expect(inserted.error).not.toBeNull();
    expect((await footprint(owner.userId)).cap).toBe(40);
    // The database's own status function is the server's alone.
    const status = await other.client.rpc('spending_cap_status', { user_id_input: owner.userId });
    expect(status.error).not.toBeNull();
    // Nobody signed in: 401, nothing changed.
    const anonymous = await fetch(`${app.url}/api/account/spending-cap`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"cap":1}' });
    expect(anonymous.status).toBe(401);
    expect((await footprint(owner.userId)).cap).toBe(40);
  });

  it('a bad body is 400 with a precise message, and the cap stays', async () => {
    const u = await user();
    await u.putCap({ cap: 25 });
    const cases: [unknown, string][] = [
      [{ cap: 0 }, 'body cap: cap must be at least 1 credit'],
      [{ cap: -3 }, 'body cap: cap must be at least 1 credit'],
      [{ cap: 2.5 }, 'body cap: cap must be a whole number of credits'],
      [{ cap: MAX_MONTHLY_CREDIT_CAP + 1 }, `body cap: cap must be at most ${MAX_MONTHLY_CREDIT_CAP} credits`],
      [{ cap: '10' }, 'body cap: cap must be a number of credits, or null to remove the cap'],
      [{}, 'body cap: cap must be a number of credits, or null to remove the cap'],
      ['{"cap": 10', 'The body is not valid JSON'],
    ];
    for (const [body, message] of cases) {
      const answer = await u.putCap(body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'validation', message } });
    }
    const extra = await u.putCap({ cap: 10, extra: true });
    expect(extra.status).toBe(400);
    expect(String(extra.body['message'])).toMatch(/^body: .*extra/);
    const untyped = await fetch(`${app.url}/api/account/spending-cap`, { method: 'PUT', headers: u.auth, body: '{"cap":10}' });
    expect(untyped.status).toBe(415);
    expect((await footprint(u.userId)).cap).toBe(25);
  });
});
