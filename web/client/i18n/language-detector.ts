import type { LanguageDetectorModule } from 'i18next';
import { LocalStorageKeyValueStore } from '../../../adapters/browser/local-storage-key-value-store.js';
import { detectLanguage, LANGUAGE_QUERY_PARAM, readQueryParam, SELECTED_LANGUAGE_KEY, toSupportedLanguage, type KeyValueStore, type Language } from '../../../core/interface/index.js';

export interface DetectionSources {
  /** The page's query string, e.g. location.search. */
  search(): string;
  /** Where the choice is kept (the browser's local storage; a storage that fails reads as empty). */
  storage: KeyValueStore;
  /** The browser's preferred languages, most preferred first. */
  browserLanguages(): readonly string[];
}

/** app spec §9 through the core rule: `hl`, then stored `selectedLanguage`, then the browser, then en. */
export function detectFrom(sources: DetectionSources): Language {
  return detectLanguage({
    queryParam: readQueryParam(sources.search(), LANGUAGE_QUERY_PARAM),
    stored: sources.storage.get(SELECTED_LANGUAGE_KEY),
    browserLanguages: sources.browserLanguages(),
  }).language;
}

/** i18next's detector plug-in: detects as above and caches the choice under `selectedLanguage`. */
export function makeLanguageDetector(sources: DetectionSources): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => detectFrom(sources),
    cacheUserLanguage: (language: string) => {
      const supported = toSupportedLanguage(language);
      if (supported) sources.storage.set(SELECTED_LANGUAGE_KEY, supported);
    },
  };
}

export const browserDetectionSources = (): DetectionSources => ({
  search: () => window.location.search,
  storage: new LocalStorageKeyValueStore(),
  browserLanguages: () => (navigator.languages?.length ? navigator.languages : [navigator.language]),
});
