import { describe, expect, it } from 'vitest';
import { InMemoryKeyValueStore } from '../../../adapters/in-memory/in-memory-key-value-store.js';
import { detectLanguage, readQueryParam, SUPPORTED_LANGUAGES, toSupportedLanguage, withLanguageParam, makeChangeLanguage, makeDetectLanguage } from '../../../core/interface/index.js';

describe('hl query parameter (app spec §2)', () => {
  it('app §2: hl is set to the primary subtag when the language is not English', () => {
    expect(withLanguageParam('https://ensemble.example/chat', 'fr')).toBe('https://ensemble.example/chat?hl=fr');
    expect(withLanguageParam('https://ensemble.example/chat', 'pt-BR')).toBe('https://ensemble.example/chat?hl=pt');
    expect(withLanguageParam('/chat?x=1#top', 'de_DE')).toBe('/chat?x=1&hl=de#top');
  });

  it('app §2: hl is replaced in place, keeping the other parameters', () => {
    expect(withLanguageParam('/faq?hl=fr&tab=billing', 'ja')).toBe('/faq?hl=ja&tab=billing');
    expect(withLanguageParam('/faq?a=1&hl=fr&hl=es&b=2', 'de')).toBe('/faq?a=1&hl=de&b=2');
  });

  it('app §2: hl is removed when the language is English', () => {
    expect(withLanguageParam('https://ensemble.example/chat?hl=fr', 'en')).toBe('https://ensemble.example/chat');
    expect(withLanguageParam('/chat?hl=fr&x=1#a', 'en-GB')).toBe('/chat?x=1#a');
    expect(withLanguageParam('/chat', 'en')).toBe('/chat');
  });

  it('reads query parameters, decoding them', () => {
    expect(readQueryParam('/chat?hl=pt-BR', 'hl')).toBe('pt-BR');
    expect(readQueryParam('/chat?q=a%20b+c', 'q')).toBe('a b c');
    expect(readQueryParam('/chat#hl=fr', 'hl')).toBeNull();
    expect(readQueryParam('/chat?hl', 'hl')).toBe('');
  });
});

describe('language detection (app spec §9)', () => {
  it('app §9: supported languages are en, es, fr, de, pt, ja', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'es', 'fr', 'de', 'pt', 'ja']);
    expect(toSupportedLanguage('ES-mx')).toBe('es');
    expect(toSupportedLanguage('zh-CN')).toBeNull();
  });

  it('app §9: the hl query parameter comes first', () => {
    expect(detectLanguage({ queryParam: 'de', stored: 'fr', browserLanguages: ['ja'] })).toEqual({ language: 'de', source: 'query' });
  });

  it('app §9: then local storage selectedLanguage', () => {
    expect(detectLanguage({ queryParam: null, stored: 'fr', browserLanguages: ['ja'] })).toEqual({ language: 'fr', source: 'storage' });
    expect(detectLanguage({ queryParam: 'klingon', stored: 'fr', browserLanguages: ['ja'] })).toEqual({ language: 'fr', source: 'storage' });
  });

  it('app §9: then the first supported browser language', () => {
    expect(detectLanguage({ queryParam: null, stored: null, browserLanguages: ['zh-CN', 'pt-BR', 'en'] })).toEqual({ language: 'pt', source: 'browser' });
  });

  it('app §9: fallback en', () => {
    expect(detectLanguage({ queryParam: 'xx', stored: 'yy', browserLanguages: ['zh'] })).toEqual({ language: 'en', source: 'fallback' });
  });

  it('app §9: the detected language is cached under selectedLanguage', async () => {
    const keyValueStore = new InMemoryKeyValueStore();
    const detect = makeDetectLanguage({ keyValueStore });
    expect(await detect({ url: '/chat?hl=ja', browserLanguages: ['fr'] })).toEqual({ success: true, data: { language: 'ja', source: 'query' } });
    expect(keyValueStore.get('selectedLanguage')).toBe('ja');
    expect(await detect({ url: '/chat', browserLanguages: ['fr'] })).toEqual({ success: true, data: { language: 'ja', source: 'storage' } });
  });
});

describe('change language (app spec §2, §9)', () => {
  it('app §9: caches the choice and answers the URL with hl', async () => {
    const keyValueStore = new InMemoryKeyValueStore();
    const change = makeChangeLanguage({ keyValueStore });
    expect(await change({ language: 'es-AR', url: '/chat/all?x=1' })).toEqual({ success: true, data: { language: 'es', url: '/chat/all?x=1&hl=es' } });
    expect(keyValueStore.get('selectedLanguage')).toBe('es');
    expect(await change({ language: 'en', url: '/chat/all?x=1&hl=es' })).toEqual({ success: true, data: { language: 'en', url: '/chat/all?x=1' } });
    expect(keyValueStore.get('selectedLanguage')).toBe('en');
  });

  it('app §9: an unsupported language is refused and nothing is cached', async () => {
    const keyValueStore = new InMemoryKeyValueStore({ selectedLanguage: 'fr' });
    const change = makeChangeLanguage({ keyValueStore });
    const refused = await change({ language: 'zh', url: '/chat' });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'Language must be one of: en, es, fr, de, pt, ja' }) });
    expect(keyValueStore.get('selectedLanguage')).toBe('fr');
  });
});
