/**
 * The one token estimate of the product: what a credit hold reserves for a prompt, what a file's
 * text counts, what an answer costs when its model reports no usage, and what the offline models
 * report. One function, so that a charge can never be cheaper than the estimate by choice of script.
 *
 * BPE tokenizers are trained mostly on English: Latin text averages about four characters a token,
 * other alphabets (Cyrillic, Greek, Hebrew, Arabic…) about two, and CJK ideographs, kana, Hangul,
 * the Brahmic and South-East Asian scripts and emoji about one token a character or more. Counting
 * characters alone would make a CJK text a quarter of its real price; counting words would make an
 * unspaced CJK text one token.
 */

/** Weights in quarter tokens, so the sum stays an integer. */
const QUARTERS_LATIN = 1;
const QUARTERS_OTHER_ALPHABET = 2;
const QUARTERS_WIDE = 4;

/** About one token a character: CJK (with its full-width punctuation), Brahmic and South-East Asian scripts, emoji. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Yi}\u3000-\u303f\uff00-\uffef\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Lao}\p{Script=Tibetan}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Ethiopic}\p{Extended_Pictographic}]/u;
/** About two characters a token: alphabets other than Latin. */
const OTHER_ALPHABET = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}]/u;

const quartersOfCodePoint = (codePoint: number): number => {
  const character = String.fromCodePoint(codePoint);
  if (WIDE.test(character)) return QUARTERS_WIDE;
  return OTHER_ALPHABET.test(character) ? QUARTERS_OTHER_ALPHABET : QUARTERS_LATIN;
};

/**
 * The weight of each character of the Basic Multilingual Plane, found once (0: not yet): a 1 MB
 * text would otherwise run a Unicode-property test per character. Bounded (64 KB), unlike a map
 * of whatever characters callers send; the rarer astral characters are tested each time.
 */
const BMP_QUARTERS = new Uint8Array(0x10000);

const quartersOf = (codePoint: number): number => {
  if (codePoint < 0x80) return QUARTERS_LATIN;
  if (codePoint > 0xffff) return quartersOfCodePoint(codePoint);
  const known = BMP_QUARTERS[codePoint] ?? 0;
  if (known !== 0) return known;
  const found = quartersOfCodePoint(codePoint);
  BMP_QUARTERS[codePoint] = found;
  return found;
};

/**
 * Estimated tokens of a text, by script: a quarter token a Latin character (ASCII text is exactly
 * `ceil(length / 4)`), half a token a character of another alphabet, one a CJK, Brahmic or
 * South-East Asian character or emoji; rounded up, and 0 only for the empty text.
 */
export const estimateTokens = (text: string): number => Math.ceil(quartersOfText(text) / 4);

const quartersOfText = (text: string): number => {
  let quarters = 0;
  for (let i = 0; i < text.length; i += 1) {
    // ASCII, most of most texts, without a look-up.
    if (text.charCodeAt(i) < 0x80) {
      quarters += QUARTERS_LATIN;
      continue;
    }
    const codePoint = text.codePointAt(i) as number;
    if (codePoint > 0xffff) i += 1;
    quarters += quartersOf(codePoint);
  }
  return quarters;
};

/** Texts counted so far, to be joined by newlines (empty ones left out): their quarter tokens and how many there are. */
export interface TokenTally {
  readonly quarters: number;
  readonly parts: number;
}

const NO_TEXT: TokenTally = { quarters: 0, parts: 0 };

/**
 * The texts added to a tally, empty ones left out, a newline (a quarter token) between two: a long
 * history is counted once and each new message added to it. `tallyTokens(tallyTexts(texts))` is
 * exactly `estimateTokens(texts.filter((t) => t !== '').join('\n'))`, since each character weighs
 * the same wherever it stands.
 */
export const tallyTexts = (texts: readonly string[], from: TokenTally = NO_TEXT): TokenTally => {
  let { quarters, parts } = from;
  for (const text of texts) {
    if (text === '') continue;
    quarters += quartersOfText(text) + (parts > 0 ? QUARTERS_LATIN : 0);
    parts += 1;
  }
  return { quarters, parts };
};

/** The estimated tokens of a tally's texts joined (estimateTokens of the joined text). */
export const tallyTokens = (tally: TokenTally): number => Math.ceil(tally.quarters / 4);
