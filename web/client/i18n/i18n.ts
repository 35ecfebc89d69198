import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../core/interface/index.js';
import { browserDetectionSources, makeLanguageDetector, type DetectionSources } from './language-detector.js';
import { syncLanguageInUrl } from './language-url.js';

export const TRANSLATION_PATH = '/locales/{{lng}}/translation.json';

export interface I18nOptions {
  sources?: DetectionSources;
  /** Replaces fetch for the HTTP backend (tests). */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** First retry delay of the HTTP backend; doubled on each retry (i18next's backoff). */
  retryDelayMs?: number;
  /** Keep the `hl` query parameter in step with the language (off where there is no location). */
  syncUrl?: boolean;
}

/**
 * Translation files come from GET /locales/{lng}/translation.json (app spec §7), loaded by
 * i18next-http-backend before the use cases are there: it reports 5xx and status-less failures as
 * retryable and 4xx as final, and i18next retries the retryable ones up to `maxRetries` times.
 */
export function createI18n(options: I18nOptions = {}): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  if (options.syncUrl ?? true) {
    instance.on('languageChanged', (language) => {
      syncLanguageInUrl(language);
      // Screen readers and font selection follow the page language.
      document.documentElement.lang = language;
    });
  }
  const backend: HttpBackendOptions = { loadPath: TRANSLATION_PATH };
  if (options.fetch) backend.alternateFetch = options.fetch as NonNullable<HttpBackendOptions['alternateFetch']>;
  const ready = instance
    .use(HttpBackend)
    .use(makeLanguageDetector(options.sources ?? browserDetectionSources()))
    .use(initReactI18next)
    .init({
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      backend,
      maxRetries: 2,
      retryTimeout: options.retryDelayMs ?? 500,
      // app spec §9: escaping is off; React escapes text, and no translation is rendered as HTML.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return { i18n: instance, ready };
}
