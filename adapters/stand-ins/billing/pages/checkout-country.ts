/** The countries the hosted checkout offers, by ISO code. */
export const CHECKOUT_COUNTRIES: readonly [string, string][] = [
  ['US', 'United States'], ['CA', 'Canada'], ['GB', 'United Kingdom'], ['FR', 'France'], ['DE', 'Germany'],
  ['NL', 'Netherlands'], ['ES', 'Spain'], ['IT', 'Italy'], ['SE', 'Sweden'], ['AU', 'Australia'], ['JP', 'Japan'],
  ['BR', 'Brazil'], ['PT', 'Portugal'], ['MX', 'Mexico'], ['AT', 'Austria'], ['CH', 'Switzerland'], ['BE', 'Belgium'],
];

// A language alone says little about where someone lives; these are the usual guesses.
const BY_LANGUAGE: Readonly<Record<string, string>> = {
  en: 'US', fr: 'FR', de: 'DE', es: 'ES', it: 'IT', nl: 'NL', sv: 'SE', ja: 'JP', pt: 'BR',
};

/**
 * The billing country to preselect from the browser's languages (Accept-Language): the first
 * language with a region the checkout offers (en-US → US, fr-CA → CA), else the usual country of
 * the first language it knows, else the United States.
 */
export function countryFromLanguages(acceptLanguage: string | undefined): string {
  const offered = new Set(CHECKOUT_COUNTRIES.map(([code]) => code));
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? '1');
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((t) => /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(t.tag) && t.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((t) => t.tag.split('-'));
  for (const [, ...subtags] of tags) {
    const region = subtags.find((s) => /^[a-z]{2}$/i.test(s))?.toUpperCase();
    if (region && offered.has(region)) return region;
  }
  for (const [language = ''] of tags) {
    const guess = BY_LANGUAGE[language.toLowerCase()];
    if (guess && offered.has(guess)) return guess;
  }
  return 'US';
}
