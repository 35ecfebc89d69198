import { Lexer, type Token, type Tokens } from 'marked';
import { memo, type ReactNode } from 'react';
import { CodeBlock } from './code-block.js';

/**
 * Model answers as Markdown, rendered to React elements from marked's tokens: no HTML string is
 * ever injected, raw HTML in an answer shows as text, and only http(s)/mailto links become links.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const tokens = Lexer.lex(text, { gfm: true, breaks: true });
  return <div className="markdown">{blocks(tokens)}</div>;
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
