import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { PROVIDER_IDS } from '../../../core/chat/index.js';
import { creditsForUsage } from '../../../core/credits/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { openTestDb } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

interface ModelRow {
  id: string;
  label: string;
  provider: string;
  input: number;
  output: number;
  plan: string;
  maxOutputTokens: number;
  supportsTemperature: boolean;
  supportsImages: boolean;
  contextWindow: number;
}

const seededModels = async () =>
  (await db.asAdmin((tx) => tx.query<ModelRow>(
    `select id, label, provider, input_credits_per_1k::float8 as input, output_credits_per_1k::float8 as output, plan,
       max_output_tokens as "maxOutputTokens", supports_temperature as "supportsTemperature",
       supports_images as "supportsImages", context_window as "contextWindow"
       from public.models where enabled order by sort_order, id`))).rows;

describe('the model catalogue: the migrations seed what the in-memory mode lists', () => {
  it('adapters/in-memory/default-model-catalogue.ts has the same rows, prices, plans and order as the migrated models table', async () => {
    const fromDefault = DEFAULT_CATALOGUE.map((m) => ({
      id: m.id, label: m.label, provider: m.provider, input: m.inputCreditsPer1k, output: m.outputCreditsPer1k, plan: m.plan,
      maxOutputTokens: m.maxOutputTokens, supportsTemperature: m.supportsTemperature ?? true, supportsImages: m.supportsImages ?? false,
      contextWindow: m.contextWindow,
    }));
    expect(await seededModels()).toEqual(fromDefault);
  });

  it('six free offline models lead the catalogue, so the side-by-side view answers offline in six columns', async () => {
    const ids = ['offline', 'offline-brief', 'offline-steps', 'offline-critic', 'offline-code', 'offline-thorough'];
    const offline = (await seededModels()).filter((m) => m.provider === 'offline');
    expect(offline.map((m) => [m.id, m.plan])).toEqual(ids.map((id) => [id, 'free']));
    expect((await seededModels()).slice(0, 6).map((m) => m.id)).toEqual(ids);
    expect(offline.filter((m) => m.supportsImages).map((m) => m.id)).toEqual(['offline', 'offline-thorough']);
  });

  it('every model has its context window: positive, room for its longest answer and more, small for the offline demos', async () => {
    const rows = await seededModels();
    for (const row of rows) {
      expect(Number.isInteger(row.contextWindow), row.id).toBe(true);
      expect(row.contextWindow, row.id).toBeGreaterThan(row.maxOutputTokens);
    }
    const windows = Object.fromEntries(rows.map((m) => [m.id, m.contextWindow]));
    expect(windows).toMatchObject({ 'gpt-4o': 128_000, 'claude-sonnet-4-5': 200_000, 'gemini-2.5-pro': 1_048_576, offline: 8_192 });
    expect(rows.filter((m) => m.provider === 'offline').every((m) => m.contextWindow <= 32_768)).toBe(true);
    // The table refuses a window that is not positive.
    await expect(db.asAdmin((tx) => tx.query("update public.models set context_window = 0 where id = 'offline'"))).rejects.toThrow(/check/i);
  });

  it("the table's provider check admits exactly the chat core's providers", async () => {
    const checks = (await db.asAdmin((tx) => tx.query<{ definition: string }>(
      `select pg_get_constraintdef(c.oid) as definition from pg_constraint c
         where c.conrelid = 'public.models'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%provider%'`))).rows;
    expect(checks).toHaveLength(1);
    const admitted = [...checks[0]!.definition.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(admitted.sort()).toEqual([...PROVIDER_IDS].sort());
  });

  it('log_usage charges the brief offline model at its own prices, as the server computes them', async () => {
    const user = '55555555-5555-4555-8555-555555555555';
    await db.asAdmin((tx) => tx.query("insert into auth.users (id, email) values ($1, 'brief@example.test')", [user]));
    const price = DEFAULT_CATALOGUE.find((m) => m.id === 'offline-brief')!;
    const usage = { inputTokens: 700, outputTokens: 900 };
    const result = await db.withRole('service_role', null, (tx) =>
      tx.query<{ charged: { charged: number } }>('select public.log_usage($1, $2, $3, $4) as charged', [user, 'offline-brief', usage.inputTokens, usage.outputTokens]));
    // 700 × 2 + 900 × 3 = 4,100 milli-credits: 5 credits, where `offline` (1 / 1) would charge 2.
    expect(result.rows[0]?.charged.charged).toBe(creditsForUsage(price, usage));
    expect(creditsForUsage(price, usage)).toBe(5);
  });
});
