import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseAuthenticator } from '../../../adapters/supabase/supabase-authenticator.js';
import { createSupabaseClients } from '../../../adapters/supabase/supabase-config.js';
import { SupabaseConversationStore } from '../../../adapters/supabase/supabase-conversation-store.js';
import { SupabaseProfileStore } from '../../../adapters/supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../../../adapters/supabase/supabase-profile-writer.js';
import { SupabaseProfilingStore } from '../../../adapters/supabase/supabase-profiling-store.js';
import { SupabasePromptCatalog } from '../../../adapters/supabase/supabase-prompt-catalog.js';
import { SupabaseUsageLedger } from '../../../adapters/supabase/supabase-usage-ledger.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';
import { StandInUsers, browserClient, readMailbox, serviceClient } from './adapter-harness.js';

const UNKNOWN_USER = '00000000-0000-4000-8000-0000deadbeef';
let supabase: LocalSupabase;
let users: StandInUsers;

beforeAll(async () => {
  supabase = await startTestSupabase();
  users = new StandInUsers(supabase);
});
afterAll(async () => {
  await supabase?.stop();
});

/** A loopback port nobody listens on: the address is valid, the server is not there. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('app §8: PostgREST "row not found" (PGRST116) is an absent value at the adapter edge', () => {
  it('the same single-row select that answers 406 PGRST116 to supabase-js reads as null through the adapters', async () => {
    const id = await users.create();
    const client = await users.clientFor(id);
    const raw = await client.from('profiles').select('credits').eq('id', UNKNOWN_USER).single();
    expect({ status: raw.status, code: raw.error?.code }).toEqual({ status: 406, code: 'PGRST116' });
    expect(await new SupabaseProfileStore(client).getProfile(UNKNOWN_USER)).toEqual({ success: true, data: null });
    const rawProfiling = await client.from('user_profiling').select('completed').eq('user_id', id).single();
    expect(rawProfiling.error?.code).toBe('PGRST116');
    expect(await new SupabaseProfilingStore(client).getCompleted(id)).toEqual({ success: true, data: null });
  });

  it('where a row must exist, the service-role writer and ledger answer not_found with the foreign code', async () => {
    const flag = await new SupabaseProfileWriter(serviceClient(supabase)).setFeatureFlag(UNKNOWN_USER, true);
    expect(flag.success ? 'ok' : flag.error).toMatchObject({ code: 'not_found', details: { code: 'PGRST116' } });
    const balance = await new SupabaseUsageLedger(serviceClient(supabase)).getBalance(UNKNOWN_USER);
    expect(balance.success ? 'ok' : balance.error.code).toBe('not_found');
  });
});

describe('conversation search takes the query literally', () => {
  it('%, _ and \\ match themselves, not any text', async () => {
    const id = await users.create();
    const store = new SupabaseConversationStore(await users.clientFor(id));
    const done = await store.createConversation(id, '100% done');
    await store.createConversation(id, 'Plan B');
    if (!done.success) throw new Error(done.error.message);
    const titles = async (query: string) => {
      const found = await store.listConversations(id, { query });
      return found.success ? found.data.map((c) => c.title) : found.error.code;
    };
    expect(await titles('%')).toEqual(['100% done']);
    expect(await titles('_')).toEqual([]);
    expect(await titles('\\')).toEqual([]);
    expect(await titles("b' or '1'='1")).toEqual([]);
  });
});

describe('foreign errors become domain errors with a precise message and the foreign code', () => {
  it('a short balance is insufficient_credits, carrying the balance and charge log_usage reported', async () => {
    const id = await users.create();
    const ledger = new SupabaseUsageLedger(serviceClient(supabase));
    const refused = await ledger.logUsage({ userId: id, modelId: 'gpt-4o', inputTokens: 100_000, outputTokens: 100_000 });
    expect(refused.success ? 'ok' : refused.error).toMatchObject({
      code: 'insufficient_credits',
      message: expect.stringContaining('insufficient_credits: balance 100, charge 5000'),
      details: { code: 'P0001' },
    });
  });

  it('an unknown model is not_found; a fractional token count is refused before any call', async () => {
    const id = await users.create();
    const ledger = new SupabaseUsageLedger(serviceClient(supabase));
    const unknown = await ledger.logUsage({ userId: id, modelId: 'no-such-model', inputTokens: 1, outputTokens: 1 });
    expect(unknown.success ? 'ok' : unknown.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('unknown_model: no-such-model') });
    const fractional = await ledger.logUsage({ userId: id, modelId: 'offline', inputTokens: 1.5, outputTokens: 1 });
    expect(fractional.success ? 'ok' : fractional.error).toMatchObject({ code: 'validation', message: 'inputTokens must be a whole number' });
  });

  it('a value Postgres cannot take (title over 200 characters) is validation with its SQLSTATE', async () => {
    const id = await users.create();
    const created = await new SupabaseConversationStore(await users.clientFor(id)).createConversation(id, 'x'.repeat(201));
    expect(created.success ? 'ok' : created.error).toMatchObject({ code: 'validation', details: { code: '23514' } });
  });

  it('a wrong e-mailed code is validation with GoTrue’s otp_expired', async () => {
    const email = uniqueEmail();
    const auth = new SupabaseAuthenticator(browserClient(supabase));
    await auth.sendEmailCode({ email, shouldCreateUser: true });
    const code = (await readMailbox(supabase, email))?.code ?? '000000';
    const wrong = await auth.verifyEmailCode({ email, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.success ? 'ok' : wrong.error).toMatchObject({ code: 'validation', details: { code: 'otp_expired', status: 403 } });
  });

  it('an unreachable backend is a network error, never a throw', async () => {
    const port = await closedPort();
    const { browser } = createSupabaseClients({ url: `http://127.0.0.1:${port}`, anonKey: supabase.anonKey });
    expect(codeOf(await new SupabaseProfileStore(browser).getProfile(UNKNOWN_USER))).toBe('network');
    expect(codeOf(await new SupabasePromptCatalog(browser).listCategories('en'))).toBe('network');
    expect(codeOf(await new SupabaseAuthenticator(browser).sendEmailCode({ email: uniqueEmail(), shouldCreateUser: true }))).toBe('network');
  });
});

const codeOf = (r: { success: boolean; error?: { code: string } }) => (r.success ? 'ok' : r.error?.code);
