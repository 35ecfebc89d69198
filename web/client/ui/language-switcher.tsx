import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, toSupportedLanguage } from '../../../core/interface/index.js';
import { LANGUAGE_NAMES } from '../i18n/languages.js';

/** Changing language caches it under selectedLanguage and rewrites `hl` (see i18n/). */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LANGUAGE;
  return (
    <div className="language-switcher">
      <label htmlFor={id} className={showLabel ? 'field__label' : 'visually-hidden'}>{t('language.label')}</label>
      <select id={id} className="select input" value={current} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>{LANGUAGE_NAMES[code]}</option>
        ))}
      </select>
    </div>
  );
}
