import type { ReactNode } from 'react';

/**
 * A small tokenizer good enough to colour the code models usually write (JS/TS, Python, shell,
 * Go, Rust, Java, C, SQL, JSON): comments, strings, numbers and keywords. Not a parser: it never
 * changes the text, only wraps pieces of it in spans.
 */
const KEYWORDS = new Set(
  (
    'abstract as async await break case catch class const continue def default defer del do elif else enum export extends ' +
    'false final finally fn for from func function go if impl implements import in interface is lambda let loop match mod ' +
    'module mut new nil none not null or package pass private protected pub public raise return self select static struct ' +
    'super switch this throw throws trait true try type typeof undefined use var void where while with yield and ' +
    'SELECT FROM WHERE INSERT INTO UPDATE DELETE CREATE TABLE JOIN LEFT RIGHT ON GROUP BY ORDER LIMIT AND OR NOT NULL AS VALUES SET ' +
    'echo fi then esac done None True False'
  ).split(' '),
);

const HASH_COMMENTS = new Set(['py', 'python', 'sh', 'bash', 'shell', 'zsh', 'rb', 'ruby', 'yaml', 'yml', 'toml', 'r', 'perl', 'dockerfile']);

const TOKEN = /(\/\/[^\n]*|\/\*[\s\S]*?\*\/|--[^\n]*|#[^\n]*)|("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`)|(\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?\b|\b0x[\da-f]+\b)|([A-Za-z_$][\w$]*)/gi;

export function highlight(code: string, language: string): ReactNode[] {
  const lang = language.toLowerCase();
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of code.matchAll(TOKEN)) {
    const [text, comment, string, number, word] = match;
    const index = match.index ?? 0;
    let kind: string | null = null;
    if (comment) kind = isComment(comment, lang) ? 'comment' : null;
    else if (string) kind = 'string';
    else if (number) kind = 'number';
    else if (word && KEYWORDS.has(word)) kind = 'keyword';
    if (!kind) continue;
    if (index > last) out.push(code.slice(last, index));
    out.push(<span key={key++} className={`tok-${kind}`}>{text}</span>);
    last = index + text.length;
  }
  if (last < code.length) out.push(code.slice(last));
  return out;
}

function isComment(text: string, lang: string): boolean {
  if (text.startsWith('#')) return HASH_COMMENTS.has(lang);
  if (text.startsWith('--')) return lang === 'sql' || lang === 'lua' || lang === 'haskell';
  return !HASH_COMMENTS.has(lang);
}
