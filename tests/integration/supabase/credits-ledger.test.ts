import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { createTestUser, openTestDb, serviceClient, startRestServer, type RestServer } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
let server: RestServer;

beforeAll(async () => {
  db = await openTestDb();
  server = await startRestServer(db);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const logUsage = (userId: string, model: string, input: number, output: number) =>
  serviceClient(server).rpc('log_usage', { user_id_input: userId, model_input: model, input_tokens_input: input, output_tokens_input: output });

describe('schema: credits, usage and the ledger', () => {
  it('sign-up creates the profile with 100 free credits, recorded in the ledger', async () => {
    const user = await createTestUser(db, server);
    const profile = await user.client.from('profiles').select('credits, marketing_consent').single();
    expect(profile.data).toEqual({ credits: 100, marketing_consent: false });
    const ledger = await user.client.from('credit_ledger').select('kind, amount, balance_after, reference');
    expect(ledger.data).toEqual([{ kind: 'signup_grant', amount: 100, balance_after: 100, reference: `signup:${user.id}` }]);
  });

  it('50 concurrent log_usage calls on a small balance never take it below zero and charge exactly', async () => {
    const user = await createTestUser(db, server);
    // offline costs 1 credit per 1k input and per 1k output: 2,000 + 1,000 tokens cost 3 credits.
    const results = await Promise.all(Array.from({ length: 50 }, () => logUsage(user.id, 'offline', 2000, 1000)));
    const charged = results.filter((result) => result.error === null);
    const refused = results.filter((result) => result.error !== null);
    expect(charged).toHaveLength(33);
    expect(refused).toHaveLength(17);
    for (const result of refused) {
      expect(result.status).toBe(400);
      expect(result.error).toMatchObject({ code: 'P0001', message: 'insufficient_credits: balance 1, charge 3' });
    }
    expect(charged.map((result) => result.data.balance).sort((a, b) => a - b)).toEqual(Array.from({ length: 33 }, (_, i) => 1 + 3 * i));
    const profile = await user.client.from('profiles').select('credits').single();
    expect(profile.data?.credits).toBe(1);
    const charges = await user.client.from('credit_ledger').select('amount').eq('kind', 'usage_charge');
    expect(charges.data?.reduce((sum, row) => sum + row.amount, 0)).toBe(-99);
    const usage = await user.client.from('usage_events').select('credits_charged', { count: 'exact' });
    expect(usage.count).toBe(33);
  });

  it('the charge is ceil((input × input price + output × output price) / 1000)', async () => {
    const user = await createTestUser(db, server);
    expect((await logUsage(user.id, 'gpt-4o-mini', 1, 0)).data).toMatchObject({ charged: 1, balance: 99 });
    expect((await logUsage(user.id, 'gpt-4o-mini', 0, 0)).data).toMatchObject({ charged: 0, balance: 99 });
    // 1,500 × 10 + 250 × 40 = 25,000 → 25 credits
    expect((await logUsage(user.id, 'gpt-4o', 1500, 250)).data).toMatchObject({ charged: 25, balance: 74 });
    // 999 × 1 + 1 × 4 = 1,003 → 2 credits (rounded up once, on the sum)
    expect((await logUsage(user.id, 'gpt-4o-mini', 999, 1)).data).toMatchObject({ charged: 2, balance: 72 });
  });

  it('log_usage refuses unknown models, unknown users and negative token counts with clear errors', async () => {
    const user = await createTestUser(db, server);
    expect((await logUsage(user.id, 'no-such-model', 1, 1)).error).toMatchObject({ code: 'P0001', message: 'unknown_model: no-such-model' });
    expect((await logUsage('00000000-0000-4000-8000-000000000000', 'offline', 1, 1)).error?.message).toMatch(/^unknown_user/);
    expect((await logUsage(user.id, 'offline', -5, 1)).error).toMatchObject({ code: '22023' });
    expect((await user.client.from('profiles').select('credits').single()).data?.credits).toBe(100);
  });

  it('grant_credits is idempotent by reference and explains the balance line by line', async () => {
    const user = await createTestUser(db, server);
    const grant = () => serviceClient(server).rpc('grant_credits', {
      user_id_input: user.id, amount_input: 500, kind_input: 'subscription_grant', reason_input: 'period 2026-11', reference_input: 'sub_1:2026-11',
    });
    const first = await grant();
    const second = await grant();
    expect(first.data).toMatchObject({ amount: 500, balance_after: 600, kind: 'subscription_grant' });
    expect(second.data).toEqual(first.data);
    await logUsage(user.id, 'gpt-4o', 1000, 1000);
    const ledger = await user.client.from('credit_ledger').select('kind, amount, balance_after').order('id');
    expect(ledger.data).toEqual([
      { kind: 'signup_grant', amount: 100, balance_after: 100 },
      { kind: 'subscription_grant', amount: 500, balance_after: 600 },
      { kind: 'usage_charge', amount: -50, balance_after: 550 },
    ]);
    const negative = await serviceClient(server).rpc('grant_credits', {
      user_id_input: user.id, amount_input: -5, kind_input: 'manual_grant', reason_input: 'x', reference_input: null,
    });
    expect(negative.error?.message).toMatch(/^invalid_amount/);
  });

  it('support_recent_activity lists ledger lines newest first with the usage behind each charge', async () => {
    const user = await createTestUser(db, server);
    await logUsage(user.id, 'claude-haiku-4-5', 1000, 500);
    const { data } = await serviceClient(server).rpc('support_recent_activity', { user_id_input: user.id, limit_input: 10 });
    expect(data).toMatchObject([
      { kind: 'usage_charge', amount: -14, balance_after: 86, model_id: 'claude-haiku-4-5', input_tokens: 1000, output_tokens: 500 },
      { kind: 'signup_grant', amount: 100, balance_after: 100, model_id: null },
    ]);
    const found = await serviceClient(server).rpc('support_find_user', { email_input: user.email.toUpperCase() });
    expect(found.data).toMatchObject([{ id: user.id, credits: 86 }]);
  });
});
