import { Lexer, type Token, type Tokens } from 'marked';
import { memo, useRef, type ReactNode } from 'react';
import { CodeBlock } from './code-block.js';

const OPTIONS = { gfm: true, breaks: true } as const;

/** The finished part of an answer being written: its text and its blocks, read once. */
interface Finished {
  readonly text: string;
  readonly tokens: readonly Token[];
}

const NOTHING_FINISHED: Finished = { text: '', tokens: [] };
const rawLength = (tokens: readonly Token[]) => tokens.reduce((n, token) => n + token.raw.length, 0);

/**
 * The blocks of a text that grows at its end, reading again only what follows its finished blocks. A
 * block is finished once a blank line and another block follow it, unless more of it may still come
 * after a blank line: a list (its next item), raw HTML (a comment or a <pre> runs on), or a block
 * followed by indented text (a list item's or an indented code block's continuation). Answers the
 * blocks and what is finished now.
 */
export function lexGrowing(text: string, before: Finished): { tokens: readonly Token[]; finished: Finished } {
  const kept = text.startsWith(before.text) ? before : NOTHING_FINISHED;
  const rest = text.slice(kept.text.length);
  let tail: readonly Token[] = Lexer.lex(rest, OPTIONS);
  // Every block of the text is one of the tokens; should the lexer have changed the text (line endings), all of it is read whole.
  if (rawLength(tail) !== rest.length) return { tokens: Lexer.lex(text, OPTIONS), finished: NOTHING_FINISHED };
  let cut = -1;
  for (let i = tail.length - 2; i > 0; i -= 1) {
    const gap = tail[i] as Token;
    const previous = tail[i - 1] as Token;
    const next = tail[i + 1] as Token;
    if (gap.type === 'space' && gap.raw.includes('\n\n') && next.type !== 'space' && !['list', 'html', 'def'].includes(previous.type) && !/^[ \t]/.test(next.raw)) {
      cut = i;
      break;
    }
  }
  if (cut < 0) return { tokens: [...kept.tokens, ...tail], finished: kept };
  const done = tail.slice(0, cut + 1);
  tail = tail.slice(cut + 1);
  const finished = { text: kept.text + done.map((token) => token.raw).join(''), tokens: [...kept.tokens, ...done] };
  return { tokens: [...finished.tokens, ...tail], finished };
}

/**
 * Model answers as Markdown, rendered to React elements from marked's tokens: no HTML string is
 * ever injected, raw HTML in an answer shows as text, and only http(s)/mailto links become links.
 * While an answer is being written (`growing`), its finished blocks are read once and drawn once:
 * each new piece reads and draws only the block it lands in.
 */
export const Markdown = memo(function Markdown({ text, growing = false }: { text: string; growing?: boolean }) {
  const finished = useRef<Finished>(NOTHING_FINISHED);
  const drawn = useRef<{ text: string; tokens: readonly Token[] } | null>(null);
  let tokens: readonly Token[];
  if (growing) {
    const read = lexGrowing(text, finished.current);
    finished.current = read.finished;
    tokens = read.tokens;
  } else if (drawn.current?.text === text) {
    tokens = drawn.current.tokens;
  } else {
    // An answer that has just ended keeps the blocks it streamed: only what follows them is read again.
    tokens = lexFinal(text, finished.current);
    finished.current = NOTHING_FINISHED;
  }
  drawn.current = growing ? null : { text, tokens };
  return <div className="markdown">{tokens.map((token, i) => <Block key={i} token={token} />)}</div>;
});

/**
 * The blocks of a whole text whose start was read while it grew (`before`): those blocks as they were,
 * then the rest read now. A reference definition ([1]: https://…) in the rest may name a link of the
 * blocks before it, or one before the rest a link of the rest: then the whole text is read again, as it
 * is when nothing was streamed.
 */
export function lexFinal(text: string, before: Finished): readonly Token[] {
  if (before.tokens.length === 0 || !text.startsWith(before.text) || before.tokens.some((token) => token.type === 'def')) return Lexer.lex(text, OPTIONS);
  const rest = text.slice(before.text.length);
  const tail = Lexer.lex(rest, OPTIONS);
  if (rawLength(tail) !== rest.length || Object.keys(tail.links).length > 0) return Lexer.lex(text, OPTIONS);
  return [...before.tokens, ...tail];
}

/** One block, drawn again only when it is another token (the finished blocks of a growing answer stay the same tokens). */
const Block = memo(function Block({ token }: { token: Token }) {
  return block(token, 0);
});

function blocks(tokens: readonly Token[]): ReactNode[] {
  return tokens.map((token, i) => block(token, i));
}

function block(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'space':
      return null;
    case 'heading': {
      const t = token as Tokens.Heading;
      const Tag = `h${Math.min(t.depth + 2, 6)}` as 'h3';
      return <Tag key={key}>{inline(t.tokens)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline((token as Tokens.Paragraph).tokens)}</p>;
    case 'code': {
      const t = token as Tokens.Code;
      return <CodeBlock key={key} code={t.text} language={t.lang?.split(/\s/)[0] ?? ''} />;
    }
    case 'blockquote':
      return <blockquote key={key}>{blocks((token as Tokens.Blockquote).tokens)}</blockquote>;
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item, i) => (
        <li key={i}>
          {item.task ? <input type="checkbox" checked={Boolean(item.checked)} readOnly disabled aria-label={item.checked ? 'done' : 'to do'} /> : null}
          {blocks(item.tokens)}
        </li>
      ));
      return t.ordered ? <ol key={key} start={typeof t.start === 'number' ? t.start : undefined}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
    case 'table': {
      const t = token as Tokens.Table;
      const align = (i: number) => t.align[i] ?? undefined;
      return (
        <div key={key} className="markdown__table">
          <table>
            <thead><tr>{t.header.map((cell, i) => <th key={i} style={{ textAlign: align(i) }}>{inline(cell.tokens)}</th>)}</tr></thead>
            <tbody>{t.rows.map((row, r) => <tr key={r}>{row.map((cell, i) => <td key={i} style={{ textAlign: align(i) }}>{inline(cell.tokens)}</td>)}</tr>)}</tbody>
          </table>
        </div>
      );
    }
    case 'hr':
      return <hr key={key} />;
    case 'html':
      return <p key={key}>{(token as Tokens.HTML).text}</p>;
    case 'text': {
      const t = token as Tokens.Text;
      return <span key={key}>{t.tokens ? inline(t.tokens) : t.text}</span>;
    }
    default:
      return 'raw' in token ? <p key={key}>{String(token.raw)}</p> : null;
  }
}

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((token, key) => {
    switch (token.type) {
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
      case 'del':
        return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
      case 'codespan':
        return <code key={key}>{(token as Tokens.Codespan).text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link': {
        const t = token as Tokens.Link;
        return safeHref(t.href) ? (
          <a key={key} href={t.href} target="_blank" rel="noopener noreferrer nofollow">{inline(t.tokens)}</a>
        ) : (
          <span key={key}>{inline(t.tokens)}</span>
        );
      }
      case 'image': {
        // Images from answers are not fetched (privacy, tracking pixels); they show as links.
        const t = token as Tokens.Image;
        return safeHref(t.href) ? <a key={key} href={t.href} target="_blank" rel="noopener noreferrer nofollow">{t.text || t.href}</a> : t.text;
      }
      case 'text':
        return 'tokens' in token && token.tokens ? <span key={key}>{inline(token.tokens)}</span> : (token as Tokens.Text).text;
      default:
        return 'text' in token ? String(token.text) : String(token.raw);
    }
  });
}

export function safeHref(href: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(href, 'https://invalid.example').protocol) && !/^\s*(javascript|data|vbscript):/i.test(href);
  } catch {
    return false;
  }
}
