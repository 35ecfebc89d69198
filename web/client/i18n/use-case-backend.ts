import type { BackendModule, ReadCallback } from 'i18next';
import type { Result } from '../../../core/shared/index.js';

/** The core's load-translations use case: it fetches, retries 5xx/network failures and stops on 4xx. */
export type LoadTranslations = (input: { language: string }) => Promise<Result<Readonly<Record<string, unknown>>>>;

/**
 * An i18next backend that asks the use case for each language file. Retrying is the use case's
 * job, so a failure reaches i18next as final (retry flag false) and English fills in.
 */
export function makeUseCaseBackend(load: LoadTranslations): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, _namespace: string, callback: ReadCallback) {
      load({ language }).then(
        (result) => (result.success ? callback(null, { ...result.data }) : callback(new Error(result.error.message), false)),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
