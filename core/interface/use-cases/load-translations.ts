import { backoffDelayMs, isRetryableStatus } from '../domain/retry.js';
import type { Logger } from '../../shared/logger.js';
import type { Scheduler } from '../../shared/scheduler.js';
import type { TranslationLoader } from '../ports/translation-loader.js';
import { domainError } from '../../shared/errors.js';
import type { DomainError } from '../../shared/errors.js';
import { fail } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';

export interface TranslationRetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
}

export const DEFAULT_TRANSLATION_RETRY: TranslationRetryPolicy = { maxAttempts: 3, baseDelayMs: 500 };

const statusOf = (error: DomainError): number | null => {
  const status = error.details?.['status'];
  return typeof status === 'number' ? status : null;
};

/**
 * GET /locales/{lng}/translation.json with retries (app spec §8): a failure with a 5xx status or
 * with no status at all is tried again after a growing delay, a 4xx is final. The wait goes through
 * the Scheduler, so tests step through it without real time.
 */
export const makeLoadTranslations =
  (deps: { translationLoader: TranslationLoader; scheduler: Scheduler; logger: Logger }, policy = DEFAULT_TRANSLATION_RETRY) =>
  async (input: { language: string }): Promise<Result<Readonly<Record<string, unknown>>>> => {
    if (typeof input.language !== 'string' || input.language.trim() === '') {
      return fail(domainError('validation', 'Language is required'));
    }
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await deps.translationLoader.load(input.language);
      if (loaded.success) return loaded;
      const status = statusOf(loaded.error);
      const retryable = isRetryableStatus(status);
      if (!retryable || attempt >= policy.maxAttempts) {
        deps.logger.warn('Translations could not be loaded', { language: input.language, attempt, status, retryable });
        return fail({ ...loaded.error, details: { ...loaded.error.details, status, retryable, attempts: attempt } });
      }
      const delay = backoffDelayMs(attempt, policy.baseDelayMs);
      await new Promise<void>((resolve) => deps.scheduler.after(delay, resolve));
    }
  };
