import type { Language } from '../../../core/interface/index.js';

/** Each language named in itself, so a reader finds their own in the switcher. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ja: '日本語',
};
