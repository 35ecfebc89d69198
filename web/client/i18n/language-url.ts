import { withLanguageParam } from '../../../core/interface/index.js';

/**
 * Applies the `hl` rule of app spec §2 (core/interface/domain/language.ts) to the current URL in place: no
 * navigation and no history entry, and nothing at all when the rule leaves the URL as it is.
 */
export function syncLanguageInUrl(language: string, win: Pick<Window, 'location' | 'history'> = window): void {
  const { pathname, search, hash } = win.location;
  const current = `${pathname}${search}${hash}`;
  const next = withLanguageParam(current, language);
  if (next !== current) win.history.replaceState(win.history.state, '', next);
}
