import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../core/credits/index.js';

describe('the token estimate counts by script (core/credits/domain/token-estimate.ts)', () => {
  it('Latin text is about four characters a token: ASCII exactly ceil(length / 4)', () => {
    expect([estimateTokens(''), estimateTokens('a'), estimateTokens('abcd'), estimateTokens('abcde')]).toEqual([0, 1, 1, 2]);
    expect(estimateTokens('x'.repeat(8000))).toBe(2000);
    expect(estimateTokens('Hello, world! How are you?')).toBe(Math.ceil('Hello, world! How are you?'.length / 4));
    // Accented Latin letters are Latin too.
    expect(estimateTokens('naïve café')).toBe(3);
  });

  it('CJK characters are about one token each, spaced or not, with their full-width punctuation', () => {
    expect(estimateTokens('日本語')).toBe(3);
    expect(estimateTokens('日本語のテキストです。')).toBe(11);
    expect(estimateTokens('한국어 텍스트')).toBe(7);
    expect(estimateTokens('中文'.repeat(50_000))).toBe(100_000);
  });

  it('other alphabets are about two characters a token; Brahmic and Thai scripts and emoji one a character', () => {
    expect(estimateTokens('Привет')).toBe(3);
    expect(estimateTokens('Γειά σου')).toBe(4);
    expect(estimateTokens('שלום')).toBe(2);
    expect(estimateTokens('नमस्ते')).toBe(6);
    expect(estimateTokens('สวัสดี')).toBe(6);
    // One emoji is one code point of two UTF-16 units: counted once.
    expect(estimateTokens('😀😀')).toBe(2);
  });

  it('a mixed text adds its parts: a CJK text costs as much as the Latin text four times its length', () => {
    expect(estimateTokens('abcd日本')).toBe(3);
    expect(estimateTokens('日'.repeat(1000))).toBe(estimateTokens('a'.repeat(4000)));
    // Never less than a part of it, and never 0 for a text.
    expect(estimateTokens('ab日本語cd')).toBeGreaterThanOrEqual(estimateTokens('日本語'));
    expect(estimateTokens(' ')).toBe(1);
  });

  it('a lone surrogate (a broken character) still counts, as one Latin character', () => {
    expect(estimateTokens('\ud83d')).toBe(1);
    expect(estimateTokens('abc\ud83d')).toBe(1);
  });
});
