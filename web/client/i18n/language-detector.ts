import type { LanguageDetectorModule } from 'i18next';
import { detectLanguage, LANGUAGE_QUERY_PARAM, readQueryParam, SELECTED_LANGUAGE_KEY, toSupportedLanguage, type Language } from '../../../core/interface/index.js';

export interface DetectionSources {
  /** The page's query string, e.g. location.search. */
  search(): string;
  /** Local storage, or null where it is unavailable (private mode, blocked storage). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The browser's preferred languages, most preferred first. */
  browserLanguages(): readonly string[];
}

/** app spec §9 through the core rule: `hl`, then stored `selectedLanguage`, then the browser, then en. */
export function detectFrom(sources: DetectionSources): Language {
  return detectLanguage({
    queryParam: readQueryParam(sources.search(), LANGUAGE_QUERY_PARAM),
    stored: safeGet(sources.storage, SELECTED_LANGUAGE_KEY),
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
      if (supported) safeSet(sources.storage, SELECTED_LANGUAGE_KEY, supported);
    },
  };
}

export const browserDetectionSources = (): DetectionSources => ({
  search: () => window.location.search,
  storage: storageOrNull(),
  browserLanguages: () => (navigator.languages?.length ? navigator.languages : [navigator.language]),
});

function storageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// Storage can throw (quota, disabled); the language choice must never break the page.
function safeGet(storage: DetectionSources['storage'], key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: DetectionSources['storage'], key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // The language still applies for this visit.
  }
}
