/** Interface languages (app spec §9): English is the fallback; `hl` carries the choice in the URL. */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';
export const SELECTED_LANGUAGE_KEY = 'selectedLanguage';
export const LANGUAGE_QUERY_PARAM = 'hl';

/** 'pt-BR' → 'pt', 'EN_us' → 'en'. */
export const primarySubtag = (code: string): string => code.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';

export const toSupportedLanguage = (code: string | null | undefined): Language | null => {
  if (!code) return null;
  const primary = primarySubtag(code);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
};

export type LanguageSource = 'query' | 'storage' | 'browser' | 'fallback';

/** app spec §9: query parameter hl, then local storage selectedLanguage, then the browser, then en. */
export const detectLanguage = (input: {
  readonly queryParam: string | null;
  readonly stored: string | null;
  readonly browserLanguages: readonly string[];
}): { language: Language; source: LanguageSource } => {
  const fromQuery = toSupportedLanguage(input.queryParam);
  if (fromQuery) return { language: fromQuery, source: 'query' };
  const fromStorage = toSupportedLanguage(input.stored);
  if (fromStorage) return { language: fromStorage, source: 'storage' };
  for (const candidate of input.browserLanguages) {
    const fromBrowser = toSupportedLanguage(candidate);
    if (fromBrowser) return { language: fromBrowser, source: 'browser' };
  }
  return { language: FALLBACK_LANGUAGE, source: 'fallback' };
};

interface SplitUrl {
  readonly base: string;
  readonly params: readonly string[];
  readonly hash: string;
}

// Hand-rolled rather than URL: core has no platform typings, and relative URLs ('/chat?x=1') must work.
const splitUrl = (url: string): SplitUrl => {
  const hashAt = url.indexOf('#');
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  if (queryAt === -1) return { base: beforeHash, params: [], hash };
  const query = beforeHash.slice(queryAt + 1);
  return { base: beforeHash.slice(0, queryAt), params: query === '' ? [] : query.split('&'), hash };
};

const paramName = (pair: string): string => {
  const eq = pair.indexOf('=');
  const raw = eq === -1 ? pair : pair.slice(0, eq);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

export const readQueryParam = (url: string, name: string): string | null => {
  const pair = splitUrl(url).params.find((p) => paramName(p) === name);
  if (pair === undefined) return null;
  const eq = pair.indexOf('=');
  const raw = eq === -1 ? '' : pair.slice(eq + 1);
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** app spec §2: hl = primary subtag when the language is not English; removed when it is. */
export const withLanguageParam = (url: string, language: string): string => {
  const { base, params, hash } = splitUrl(url);
  const primary = primarySubtag(language);
  const others = params.filter((p) => paramName(p) !== LANGUAGE_QUERY_PARAM);
  let next = others;
  if (primary !== '' && primary !== 'en') {
    const own = `${LANGUAGE_QUERY_PARAM}=${encodeURIComponent(primary)}`;
    // Keep hl where it was, so switching languages does not reorder the query.
    const at = params.findIndex((p) => paramName(p) === LANGUAGE_QUERY_PARAM);
    next = at === -1 ? [...others, own] : [...others.slice(0, at), own, ...others.slice(at)];
  }
  return `${base}${next.length > 0 ? `?${next.join('&')}` : ''}${hash}`;
};
