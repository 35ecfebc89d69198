import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, readTheme, THEMES, type Theme } from './theme.js';

/** Light, dark, or as the device is set: applied at once and kept on this browser. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const [theme, setTheme] = useState<Theme>(readTheme);
  return (
    <div className="theme-switcher">
      <label htmlFor={id} className="field__label">{t('theme.label')}</label>
      <select id={id} className="select input" value={theme} onChange={(event) => {
        const next = THEMES.find((name) => name === event.target.value) ?? 'system';
        setTheme(next);
        applyTheme(next);
      }}>
        {THEMES.map((name) => <option key={name} value={name}>{t(`theme.${name}`)}</option>)}
      </select>
    </div>
  );
}
