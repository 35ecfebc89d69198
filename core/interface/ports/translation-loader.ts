import type { Result } from '../../shared/result.js';

/**
 * Fetches /locales/{lng}/translation.json. Failure details carry `status` (number or null) so the
 * core can decide retryability (app spec §8: 5xx or no status retryable, 4xx not).
 */
export interface TranslationLoader {
  load(language: string): Promise<Result<Readonly<Record<string, unknown>>>>;
}
