import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { serviceRoleClient } from '../../adapters/supabase/supabase-config.js';
import { SupabaseModelCatalogue } from '../../adapters/supabase/supabase-model-catalogue.js';
import { serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { closedPort } from '../support/local-http.js';
import { startTestSupabase, testClock } from '../support/local-supabase.js';
import { modelCatalogueContract } from './model-catalogue.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/** The models table holds exactly these rows, `sort_order` following their order (as the database owner would set it). */
async function seedModels(entries: readonly ModelCatalogueEntry[]): Promise<void> {
  await supabase.db.asAdmin(async (tx) => {
    await tx.query('delete from public.models');
    for (const [index, e] of entries.entries()) {
      await tx.query(
        `insert into public.models (id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, supports_temperature, max_output_tokens, supports_images, context_window, sort_order)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [e.id, e.label, e.provider, e.inputCreditsPer1k, e.outputCreditsPer1k, e.plan, e.supportsTemperature, e.maxOutputTokens, e.supportsImages, e.contextWindow ?? 128_000, index],
      );
    }
  });
}

const harness = async () => {
  const clock = testClock();
  return {
    catalogue: new SupabaseModelCatalogue(serviceClient(supabase), { now: clock.now }),
    seed: seedModels,
    advance: (ms: number) => clock.advance(ms),
    unreadable: async () => new SupabaseModelCatalogue(serviceRoleClient(await closedPort(), supabase.serviceRoleKey)),
  };
};

modelCatalogueContract('SupabaseModelCatalogue (service role) on the local stand-in', harness);

describe('SupabaseModelCatalogue keeps an answer for a while', () => {
  it('a change within 30 s of a read is listed only after them: the table is not read on every chat', async () => {
    const h = await harness();
    const row = (id: string): ModelCatalogueEntry => ({
      id, label: id, provider: 'offline', inputCreditsPer1k: 1, outputCreditsPer1k: 1, plan: 'free', supportsTemperature: true, maxOutputTokens: 4096, supportsImages: false,
    });
    await seedModels([row('kept')]);
    expect(await h.catalogue.list()).toMatchObject({ success: true, data: [{ id: 'kept' }] });
    await seedModels([row('changed')]);
    h.advance(29_000);
    expect(await h.catalogue.list()).toMatchObject({ success: true, data: [{ id: 'kept' }] });
    h.advance(1_000);
    expect(await h.catalogue.list()).toMatchObject({ success: true, data: [{ id: 'changed' }] });
  });
});

describe('SupabaseModelCatalogue lists enabled models only', () => {
  it('a model switched off in the table (enabled = false) is not offered', async () => {
    const h = await harness();
    const row = (id: string): ModelCatalogueEntry => ({
      id, label: id, provider: 'offline', inputCreditsPer1k: 1, outputCreditsPer1k: 1, plan: 'free', supportsTemperature: true, maxOutputTokens: 4096, supportsImages: false,
    });
    await seedModels([row('on'), row('off')]);
    await supabase.db.asAdmin(async (tx) => {
      await tx.query("update public.models set enabled = false where id = 'off'");
    });
    expect(await h.catalogue.list()).toMatchObject({ success: true, data: [{ id: 'on' }] });
  });
});
