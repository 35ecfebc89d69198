/**
 * ModelCatalogue contract: the model table the model gateway reads (prices, plans, limits), in its
 * display order. Run against the in-memory adapter and the `models` table on the local stand-in.
 *
 * Harness the factory provides:
 * - `catalogue`: the adapter;
 * - `seed(entries)`: makes the table hold exactly these rows, in this order;
 * - `advance(ms)`: moves the adapter's clock forward (adapters that keep an answer for a while);
 * - `unreadable()`: the adapter over a table that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_CATALOGUE_MAX_AGE_MS, type ModelCatalogue, type ModelCatalogueEntry } from '../../adapters/models/model-catalogue.js';
import type { Result } from '../../core/shared/index.js';

export interface ModelCatalogueHarness {
  readonly catalogue: ModelCatalogue;
  seed(entries: readonly ModelCatalogueEntry[]): Promise<void>;
  advance(ms: number): void;
  unreadable(): Promise<ModelCatalogue>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};

const entry = (id: string, fields: Partial<ModelCatalogueEntry> = {}): ModelCatalogueEntry => ({
  id, label: `Model ${id}`, provider: 'openai', inputCreditsPer1k: 1, outputCreditsPer1k: 2, plan: 'free',
  supportsTemperature: true, maxOutputTokens: 4096, supportsImages: false, contextWindow: 128_000, ...fields,
});

export function modelCatalogueContract(name: string, makeHarness: () => Promise<ModelCatalogueHarness>): void {
  describe(`ModelCatalogue contract: ${name}`, () => {
    it('lists every row of the table in its order, with prices (fractions too), plan and limits', async () => {
      const h = await makeHarness();
      const rows = [
        entry('zeta-large', { provider: 'anthropic', inputCreditsPer1k: 12, outputCreditsPer1k: 60, plan: 'paid', maxOutputTokens: 64000, supportsImages: true, contextWindow: 200_000 }),
        entry('alpha-mini', { provider: 'google', inputCreditsPer1k: 0.5, outputCreditsPer1k: 1.25, supportsTemperature: false, contextWindow: 1_048_576 }),
        entry('offline', { label: 'Offline model', provider: 'offline', maxOutputTokens: 1, contextWindow: 8192 }),
      ];
      await h.seed(rows);
      expect(data(await h.catalogue.list())).toEqual(rows);
    });

    it('an empty table lists nothing', async () => {
      const h = await makeHarness();
      await h.seed([]);
      expect(data(await h.catalogue.list())).toEqual([]);
    });

    it(`a change to the table is listed once ${MODEL_CATALOGUE_MAX_AGE_MS / 1000} s have passed`, async () => {
      const h = await makeHarness();
      await h.seed([entry('before')]);
      expect(data(await h.catalogue.list()).map((e) => e.id)).toEqual(['before']);
      await h.seed([entry('after', { outputCreditsPer1k: 7 }), entry('second')]);
      h.advance(MODEL_CATALOGUE_MAX_AGE_MS);
      expect(data(await h.catalogue.list())).toEqual([entry('after', { outputCreditsPer1k: 7 }), entry('second')]);
    });

    it('a table that cannot be read answers a network failure, not a throw', async () => {
      const h = await makeHarness();
      const listed = await (await h.unreadable()).list();
      expect(listed).toMatchObject({ success: false, error: { code: 'network' } });
    });
  });
}
