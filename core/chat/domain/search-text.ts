import type { SnippetPart } from '../ports/conversation-search.js';

/** The mark the database puts around a matching word in a passage (ts_headline StartSel / StopSel). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/** Languages whose words Postgres reduces to a stem; any other is searched word for word ('simple'). */
const STEMMED: Readonly<Record<string, string>> = { en: 'english', es: 'spanish', fr: 'french', de: 'german', pt: 'portuguese' };

/** The text-search configuration for an interface language ('pt-BR' → portuguese; 'ja' → simple). */
export const textSearchConfigFor = (language: string): string =>
  STEMMED[language.trim().toLowerCase().split(/[-_]/)[0] ?? ''] ?? 'simple';

/** A marked passage as parts; a passage without marks shows `needle` as the match where it occurs. */
export const snippetParts = (marked: string, needle = ''): SnippetPart[] => {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last && last.match === match) parts[parts.length - 1] = { text: last.text + text, match };
    else parts.push({ text, match });
  };
  if (marked.includes(MATCH_START)) {
    for (const piece of marked.split(MATCH_START)) {
      const end = piece.indexOf(MATCH_END);
      if (end === -1) push(piece.replaceAll(MATCH_END, ''), false);
      else {
        push(piece.slice(0, end), true);
        push(piece.slice(end + 1).replaceAll(MATCH_END, ''), false);
      }
    }
    return parts;
  }
  const wanted = needle.trim().toLowerCase();
  const lower = marked.toLowerCase();
  let at = 0;
  while (wanted !== '' && at < marked.length) {
    const found = lower.indexOf(wanted, at);
    // Lower-casing keeps the length of almost all text; where it does not, the passage stays unmarked.
    if (found === -1 || lower.length !== marked.length) break;
    push(marked.slice(at, found), false);
    push(marked.slice(found, found + wanted.length), true);
    at = found + wanted.length;
  }
  push(marked.slice(at), false);
  return parts;
};

/** A query as a person types it: words that must occur, "quoted phrases", and -words that must not. */
export interface ParsedQuery {
  readonly all: readonly (readonly string[])[];
  readonly none: readonly string[];
}

export const wordsOf = (text: string): string[] => (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);

export const parseQuery = (text: string): ParsedQuery => {
  const all: string[][] = [];
  const none: string[] = [];
  for (const [, negated, quoted, bare] of text.matchAll(/(-?)(?:"([^"]*)"?|(\S+))/g)) {
    const words = wordsOf(quoted ?? bare ?? '');
    if (words.length === 0) continue;
    if (negated === '-' && quoted === undefined) none.push(...words);
    else all.push(words);
  }
  return { all, none };
};
