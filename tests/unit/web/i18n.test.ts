import { describe, expect, it } from 'vitest';
import { LocalStorageKeyValueStore } from '../../../adapters/browser/local-storage-key-value-store.js';
import { createI18n } from '../../../web/client/i18n/i18n.js';
import { detectFrom as detectLanguage, makeLanguageDetector, type DetectionSources } from '../../../web/client/i18n/language-detector.js';
import { syncLanguageInUrl } from '../../../web/client/i18n/language-url.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return Object.assign(new LocalStorageKeyValueStore({ getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) }), { data });
}

const sources = (search: string, stored: Record<string, string>, browser: string[]): DetectionSources => ({
  search: () => search,
  storage: memoryStorage(stored),
  browserLanguages: () => browser,
});

describe('language detection (app §9)', () => {
  it('the hl query parameter wins over storage and browser', () => {
    expect(detectLanguage(sources('?hl=ja', { selectedLanguage: 'de' }, ['fr-FR']))).toBe('ja');
  });

  it('then the stored selectedLanguage', () => {
    expect(detectLanguage(sources('?q=1', { selectedLanguage: 'de' }, ['fr-FR']))).toBe('de');
  });

  it('then the browser languages, by primary subtag, skipping unsupported ones', () => {
    expect(detectLanguage(sources('', {}, ['nl-NL', 'pt-BR', 'es']))).toBe('pt');
  });

  it('unsupported values everywhere fall back to English', () => {
    expect(detectLanguage(sources('?hl=xx', { selectedLanguage: 'klingon' }, ['nl']))).toBe('en');
  });

  it('a storage that throws does not break detection', () => {
    const denied = () => { throw new Error('denied'); };
    const broken = new LocalStorageKeyValueStore({ getItem: denied, setItem: denied, removeItem: denied });
    const detector = makeLanguageDetector({ search: () => '', storage: broken, browserLanguages: () => ['fr'] });
    expect(detector.detect()).toBe('fr');
    expect(() => detector.cacheUserLanguage?.('fr')).not.toThrow();
  });

  it('the chosen language is cached under selectedLanguage as its primary subtag', () => {
    const storage = memoryStorage();
    makeLanguageDetector({ search: () => '', storage, browserLanguages: () => [] }).cacheUserLanguage?.('pt-BR');
    expect(storage.data.get('selectedLanguage')).toBe('pt');
  });
});

describe('hl in the URL (app §2)', () => {
  function fakeWindow(url: string) {
    const parsed = new URL(url, 'https://ensemble.test');
    const replaced: string[] = [];
    const win = {
      location: { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash },
      history: { state: null, replaceState: (_state: unknown, _title: string, next: string) => void replaced.push(next) },
    } as unknown as Pick<Window, 'location' | 'history'>;
    return { win, replaced };
  }

  it('is set to the primary subtag for a language other than English, keeping path, query and hash', () => {
    const { win, replaced } = fakeWindow('/chat/prompts?a=1#top');
    syncLanguageInUrl('pt-BR', win);
    expect(replaced).toEqual(['/chat/prompts?a=1&hl=pt#top']);
  });

  it('is removed for English', () => {
    const { win, replaced } = fakeWindow('/faq?hl=fr&a=1');
    syncLanguageInUrl('en', win);
    expect(replaced).toEqual(['/faq?a=1']);
  });

  it('leaves history alone when the URL already follows the rule', () => {
    const { win, replaced } = fakeWindow('/?hl=ja');
    syncLanguageInUrl('ja', win);
    syncLanguageInUrl('en', fakeWindow('/').win);
    expect(replaced).toEqual([]);
  });
});

describe('translation loading (app §7, §8)', () => {
  const english = { greeting: 'Hello' };
  const french = { greeting: 'Bonjour' };

  function server(answers: Record<string, (Response | 'network')[]>) {
    const calls: string[] = [];
    const fetch = async (url: string): Promise<Response> => {
      calls.push(url);
      const queue = answers[url] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next === undefined) return new Response('{}', { status: 404 });
      if (next === 'network') throw new TypeError('Failed to fetch');
      return next.clone();
    };
    return { fetch, calls };
  }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const frenchVisitor = sources('?hl=fr', {}, []);

  it('GETs /locales/{lng}/translation.json', async () => {
    const s = server({ '/locales/fr/translation.json': [json(french)], '/locales/en/translation.json': [json(english)] });
    const { i18n, ready } = createI18n({ sources: frenchVisitor, fetch: s.fetch, syncUrl: false });
    await ready;
    expect(i18n.t('greeting')).toBe('Bonjour');
    expect(s.calls.sort()).toEqual(['/locales/en/translation.json', '/locales/fr/translation.json']);
  });

  it('a 5xx answer is retried until the file arrives', async () => {
    const s = server({
      '/locales/fr/translation.json': [json({}, 503), json({}, 500), json(french)],
      '/locales/en/translation.json': [json(english)],
    });
    const { i18n, ready } = createI18n({ sources: frenchVisitor, fetch: s.fetch, syncUrl: false, retryDelayMs: 1 });
    await ready;
    expect(s.calls.filter((u) => u.includes('/fr/'))).toHaveLength(3);
    expect(i18n.t('greeting')).toBe('Bonjour');
  });

  it('a network failure (no status) is retried', async () => {
    const s = server({ '/locales/fr/translation.json': ['network', json(french)], '/locales/en/translation.json': [json(english)] });
    const { i18n, ready } = createI18n({ sources: frenchVisitor, fetch: s.fetch, syncUrl: false, retryDelayMs: 1 });
    await ready;
    expect(s.calls.filter((u) => u.includes('/fr/'))).toHaveLength(2);
    expect(i18n.t('greeting')).toBe('Bonjour');
  });

  it('a 4xx answer is not retried and English fills in', async () => {
    const s = server({ '/locales/fr/translation.json': [json({}, 404)], '/locales/en/translation.json': [json(english)] });
    const { i18n, ready } = createI18n({ sources: frenchVisitor, fetch: s.fetch, syncUrl: false, retryDelayMs: 1 });
    await ready;
    expect(s.calls.filter((u) => u.includes('/fr/'))).toHaveLength(1);
    expect(i18n.t('greeting')).toBe('Hello');
  });

  it('app §9: interpolation does not escape (React escapes text itself)', async () => {
    const s = server({ '/locales/en/translation.json': [json({ hi: 'Hi {{name}}' })] });
    const { i18n, ready } = createI18n({ sources: sources('', {}, ['en']), fetch: s.fetch, syncUrl: false });
    await ready;
    expect(i18n.t('hi', { name: '<b>&' })).toBe('Hi <b>&');
  });
});
