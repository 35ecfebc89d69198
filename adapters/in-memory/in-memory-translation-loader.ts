import type { TranslationLoader } from '../../core/interface/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import type { DomainError, Result } from '../../core/shared/index.js';

export type Translations = Readonly<Record<string, unknown>>;

/** How an HTTP translation loader reports a failed GET: `status` null means no answer at all. */
export const translationLoadError = (language: string, status: number | null): DomainError => {
  const code = status === null ? 'network' : status === 404 ? 'not_found' : 'unexpected';
  const what = status === null ? 'no answer' : `status ${status}`;
  return domainError(code, `Loading translations for ${language} failed (${what})`, { status, language });
};

/** Translation files in memory; failures (with or without a status) can be queued per language. */
export class InMemoryTranslationLoader implements TranslationLoader {
  private readonly resources: Readonly<Record<string, Translations>>;
  private readonly queued = new Map<string, (number | null)[]>();
  readonly attempts: string[] = [];

  constructor(resources: Readonly<Record<string, Translations>> = {}) {
    this.resources = resources;
  }

  /** The next loads of `language` fail with these statuses, one per attempt, before it loads normally. */
  failNext(language: string, ...statuses: (number | null)[]): void {
    this.queued.set(language, [...(this.queued.get(language) ?? []), ...statuses]);
  }

  async load(language: string): Promise<Result<Translations>> {
    this.attempts.push(language);
    const queue = this.queued.get(language);
    if (queue && queue.length > 0) return fail(translationLoadError(language, queue.shift() ?? null));
    const resource = this.resources[language];
    return resource ? ok(resource) : fail(translationLoadError(language, 404));
  }
}
