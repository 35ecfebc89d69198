import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { creditsForUsage } from '../../../core/credits/index.js';
import { openTestDb } from '../../support/supabase-rest-harness.js';

/**
 * The price of a model's use is written twice: `creditsForUsage` in the credits core (holds, the
 * in-memory ledger, what a chat must be able to pay) and `public.usage_credit_cost` in the database
 * (what log_usage and settle_credit_hold charge). SQL cannot import TypeScript, so this test is
 * their one source: both are run over the same grid of token counts and prices, stored and read
 * back as the Supabase catalogue reads them, and must answer the same number of credits.
 */
let db: LocalDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

const INT4_MAX = 2_147_483_647;
const TOKENS = [0, 1, 2, 999, 1000, 1001, 123_456, 999_999, 1_000_001, 10_000_000];
/** Prices as the table keeps them (numeric(10, 3)): none, the smallest, fractional, rounding edges, large, the largest. */
const PRICES = ['0', '0.001', '0.1', '0.333', '0.5', '0.999', '1', '1.5', '2.675', '12', '60', '1234.567', '5246.703', '9118.352', '9999999.999'];

/** A fixed-seed generator (mulberry32), so a failure names the same inputs on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case { readonly model: string; readonly input: number; readonly output: number }

async function priceModels(pairs: readonly (readonly [string, string])[]): Promise<Map<string, { inputCreditsPer1k: number; outputCreditsPer1k: number }>> {
  const ids = pairs.map((_, i) => `price-grid-${i}`);
  await db.asAdmin((tx) =>
    tx.query(
      `insert into public.models (id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, enabled)
       select id, id, 'offline', i::numeric, o::numeric, 'free', false from unnest($1::text[], $2::text[], $3::text[]) as p(id, i, o)
       on conflict (id) do update set input_credits_per_1k = excluded.input_credits_per_1k, output_credits_per_1k = excluded.output_credits_per_1k`,
      [ids, pairs.map(([i]) => i), pairs.map(([, o]) => o)],
    ));
  // Read back as text and coerced to a number, as the Supabase catalogue adapter does (z.coerce.number()).
  const rows = (await db.asAdmin((tx) =>
    tx.query<{ id: string; i: string; o: string }>(
      `select id, input_credits_per_1k::text as i, output_credits_per_1k::text as o from public.models where id = any($1::text[])`, [ids]))).rows;
  return new Map(rows.map((r) => [r.id, { inputCreditsPer1k: Number(r.i), outputCreditsPer1k: Number(r.o) }]));
}

/** usage_credit_cost for every case in one query; null where its integer answer is out of range. */
async function sqlCosts(cases: readonly Case[]): Promise<(number | null)[]> {
  return db.asAdmin(async (tx) => {
    await tx.exec(`
      create or replace function pg_temp.cost_or_null(p_model text, p_input integer, p_output integer) returns integer
      language plpgsql as $$
      begin
        return public.usage_credit_cost(p_model, p_input, p_output);
      exception when numeric_value_out_of_range then
        return null;
      end $$;`);
    const rows = (await tx.query<{ n: number; cost: number | null }>(
      `select n, pg_temp.cost_or_null(m, i, o) as cost from unnest($1::text[], $2::int[], $3::int[]) with ordinality as c(m, i, o, n) order by n`,
      [cases.map((c) => c.model), cases.map((c) => c.input), cases.map((c) => c.output)])).rows;
    return rows.map((r) => r.cost);
  });
}

async function disagreements(pairs: readonly (readonly [string, string])[], cases: (ids: string[]) => Case[]): Promise<{ checked: number; overflow: number; found: string[] }> {
  const prices = await priceModels(pairs);
  const all = cases([...prices.keys()]);
  const fromSql = await sqlCosts(all);
  const found: string[] = [];
  let overflow = 0;
  all.forEach((c, i) => {
    const price = prices.get(c.model)!;
    const ts = creditsForUsage(price, { inputTokens: c.input, outputTokens: c.output });
    const sql = fromSql[i];
    // Above the integer range the database refuses the charge; the core must not answer a charge it could book.
    if (sql === null) overflow += 1;
    const agree = sql === null ? ts > INT4_MAX : ts === sql;
    if (!agree) found.push(`${c.input} in × ${price.inputCreditsPer1k}, ${c.output} out × ${price.outputCreditsPer1k}: TypeScript ${ts}, SQL ${sql ?? 'out of range'}`);
  });
  return { checked: all.length, overflow, found };
}

describe('the price of a usage: the credits core and the database agree', () => {
  it('over a grid of token counts and prices, rounding edges included', async () => {
    const pairs = PRICES.flatMap((i) => PRICES.map((o) => [i, o] as const));
    const result = await disagreements(pairs, (ids) =>
      ids.flatMap((model) => TOKENS.flatMap((input) => TOKENS.map((output) => ({ model, input, output })))));
    expect(result.found).toEqual([]);
    expect(result.checked).toBe(PRICES.length ** 2 * TOKENS.length ** 2);
    // The grid reaches past the database's integer range, where both refuse to name a charge.
    expect(result.overflow).toBeGreaterThan(0);
  });

  it('over random prices and token counts (fixed seed), small and large', async () => {
    const random = seeded(20261130);
    const price = () => {
      const scale = [1, 1_000, 100_000, 10_000_000, 9_999_999_999][Math.floor(random() * 5)]!;
      return (Math.floor(random() * scale) / 1000).toFixed(3);
    };
    const tokens = () => Math.floor(random() * [1_000, 1_000_000, 10_000_001][Math.floor(random() * 3)]!);
    const pairs = Array.from({ length: 400 }, () => [price(), price()] as const);
    const result = await disagreements(pairs, (ids) => ids.flatMap((model) => Array.from({ length: 10 }, () => ({ model, input: tokens(), output: tokens() }))));
    expect(result.found).toEqual([]);
    expect(result.checked).toBe(4000);
  });

  it('a negative token count is refused by the database and costs nothing in the core', async () => {
    await priceModels([['1', '1']]);
    await expect(db.asAdmin((tx) => tx.query("select public.usage_credit_cost('price-grid-0', -1, 0)"))).rejects.toThrow(/token counts must be integers >= 0/);
    expect(creditsForUsage({ inputCreditsPer1k: 1, outputCreditsPer1k: 1 }, { inputTokens: -1, outputTokens: 0 })).toBe(0);
  });
});
