import { describe, expect, it } from 'vitest';
import { detectLanguage, readQueryParam, SUPPORTED_LANGUAGES, toSupportedLanguage, withLanguageParam } from '../../../core/interface/index.js';

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
});
