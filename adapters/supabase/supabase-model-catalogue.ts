import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { MODEL_CATALOGUE_MAX_AGE_MS, type ModelCatalogue, type ModelCatalogueEntry } from '../models/model-catalogue.js';
import { PROVIDER_IDS } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

const COLUMNS = 'id, label, provider, input_credits_per_1k, output_credits_per_1k, plan, supports_temperature, max_output_tokens, supports_images, context_window';

const modelRow = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.enum(PROVIDER_IDS),
  input_credits_per_1k: z.coerce.number(),
  output_credits_per_1k: z.coerce.number(),
  plan: z.enum(['free', 'paid']),
  supports_temperature: z.boolean().optional(),
  max_output_tokens: z.number().int().positive().optional(),
  supports_images: z.boolean().optional(),
  context_window: z.number().int().positive().optional(),
});

const toEntry = (r: z.output<typeof modelRow>): ModelCatalogueEntry => ({
  id: r.id, label: r.label, provider: r.provider, inputCreditsPer1k: r.input_credits_per_1k, outputCreditsPer1k: r.output_credits_per_1k, plan: r.plan,
  ...(r.supports_temperature === undefined ? {} : { supportsTemperature: r.supports_temperature }),
  ...(r.max_output_tokens === undefined ? {} : { maxOutputTokens: r.max_output_tokens }),
  ...(r.supports_images === undefined ? {} : { supportsImages: r.supports_images }),
  ...(r.context_window === undefined ? {} : { contextWindow: r.context_window }),
});

/**
 * The enabled rows of the `models` table (prices, plans, limits) in `sort_order`. The gateway asks for it on every chat
 * and listing, and the table changes rarely, so an answer is kept for `maxAgeMs` (30 s): a price
 * change reaches every server within that time.
 */
export class SupabaseModelCatalogue implements ModelCatalogue {
  private cached: { at: number; entries: readonly ModelCatalogueEntry[] } | null = null;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly client: SupabaseClient,
    options: { maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? MODEL_CATALOGUE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  async list(): Promise<Result<readonly ModelCatalogueEntry[]>> {
    if (this.cached && this.now() - this.cached.at < this.maxAgeMs) return ok(this.cached.entries);
    const { data, error } = await this.client.from('models').select(COLUMNS).eq('enabled', true).order('sort_order');
    if (error) return fail(domainError('network', 'Could not load the model catalogue', { code: error.code }));
    const rows = z.array(modelRow).safeParse(data);
    if (!rows.success) return fail(domainError('unexpected', 'The model catalogue has an unexpected shape'));
    const entries = rows.data.map(toEntry);
    this.cached = { at: this.now(), entries };
    return ok(entries);
  }
}
