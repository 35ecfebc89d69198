import type { ModelInfo } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

/** A catalogue row as the database keeps it; availability is computed by the gateway. */
export type ModelCatalogueEntry = Omit<ModelInfo, 'available'>;

/** Either a fixed list or a loader (the database's model table), asked on every call. */
export type ModelCatalogueSource =
  | readonly ModelCatalogueEntry[]
  | (() => Promise<Result<readonly ModelCatalogueEntry[]>>);

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
};

/** The catalogue with the offline model always present (once, last unless the caller placed it). */
export function withOfflineEntry(entries: readonly ModelCatalogueEntry[]): readonly ModelCatalogueEntry[] {
  return entries.some((entry) => entry.id === OFFLINE_MODEL_ID) ? entries : [...entries, OFFLINE_CATALOGUE_ENTRY];
}
