/** The colour themes a reader may choose: the device's own (light or dark as the system says), or one of the two. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const KEY = 'theme';

const isTheme = (value: unknown): value is Theme => typeof value === 'string' && (THEMES as readonly string[]).includes(value);

/** The theme chosen on this browser (the device's own when none was). */
export function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Shows the page in `theme` (tokens.css reads `data-theme` on the root) and keeps the choice on this browser. */
export function applyTheme(theme: Theme, remember = true): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset['theme'];
  else root.dataset['theme'] = theme;
  if (!remember) return;
  try {
    if (theme === 'system') window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, theme);
  } catch {
    // Storage refused (a private window): the choice lasts as long as the page.
  }
}
