import type { ModelInfo } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

/** A catalogue row as the database keeps it; availability is computed by the gateway. */
export type ModelCatalogueEntry = Omit<ModelInfo, 'available'>;

/**
 * Where the model table comes from: the database's `models` table (SupabaseModelCatalogue) or
 * memory (InMemoryModelCatalogue). The model gateway asks it on every call; an adapter may keep its
 * answer for a while (the table changes rarely), never longer than `MODEL_CATALOGUE_MAX_AGE_MS`.
 */
export interface ModelCatalogue {
  /** Every model of the table, in its display order; a table that cannot be read is a failure. */
  list(): Promise<Result<readonly ModelCatalogueEntry[]>>;
}

/** How long a change to the model table may take to be listed. */
export const MODEL_CATALOGUE_MAX_AGE_MS = 30_000;

/** What the model gateway reads: a fixed list (tests, one-off tools) or a catalogue. */
export type ModelCatalogueSource = readonly ModelCatalogueEntry[] | ModelCatalogue;

export const isModelCatalogue = (source: ModelCatalogueSource): source is ModelCatalogue => 'list' in source && typeof source.list === 'function';

export const OFFLINE_MODEL_ID = 'offline';

/** Used when the catalogue has no 'offline' row; a row with that id overrides label and prices. */
export const OFFLINE_CATALOGUE_ENTRY: ModelCatalogueEntry = {
  id: OFFLINE_MODEL_ID,
  label: 'Offline model (local)',
  provider: 'offline',
  inputCreditsPer1k: 1,
  outputCreditsPer1k: 2,
  plan: 'free',
  supportsImages: true,
  contextWindow: 8192,
};

/** The catalogue with the offline model always present (once, last unless the caller placed it). */
export function withOfflineEntry(entries: readonly ModelCatalogueEntry[]): readonly ModelCatalogueEntry[] {
  return entries.some((entry) => entry.id === OFFLINE_MODEL_ID) ? entries : [...entries, OFFLINE_CATALOGUE_ENTRY];
}
