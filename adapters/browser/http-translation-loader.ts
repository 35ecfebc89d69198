import type { TranslationLoader } from '../../core/interface/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * GET /locales/{lng}/translation.json (app spec §7). Failure details carry `status`: the HTTP
 * status, or null when no answer came (network, CORS, abort), so the core can tell retryable 5xx
 * and status-less failures from final 4xx (app spec §8). A 2xx that is not a JSON object is final.
 */
export class HttpTranslationLoader implements TranslationLoader {
  constructor(
    private readonly options: { baseUrl?: string; fetch?: typeof fetch } = {},
  ) {}

  async load(language: string): Promise<Result<Readonly<Record<string, unknown>>>> {
    if (!LANGUAGE.test(language)) {
      return fail(domainError('validation', `Not a language code: ${language}`, { status: 400 }));
    }
    const url = `${(this.options.baseUrl ?? '').replace(/\/+$/, '')}/locales/${language}/translation.json`;
    const doFetch = this.options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
    let response: Response;
    try {
      response = await doFetch(url, { headers: { accept: 'application/json' } });
    } catch (error) {
      return fail(domainError('network', `Translations for ${language} could not be fetched`, { status: null, cause: String(error) }));
    }
    if (!response.ok) {
      return fail(domainError(response.status >= 500 ? 'network' : 'not_found', `Translations for ${language} answered ${response.status}`, { status: response.status }));
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fail(domainError('unexpected', `Translations for ${language} are not a JSON object`, { status: response.status }));
    }
    return ok(body as Record<string, unknown>);
  }
}
