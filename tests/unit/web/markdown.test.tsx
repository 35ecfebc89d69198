// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Lexer, type Token } from 'marked';
import { Markdown, lexFinal, lexGrowing } from '../../../web/client/features/chat/components/markdown.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

describe('Markdown answers', () => {
  it('renders headings, emphasis, lists, tables and inline code', () => {
    const { container } = renderUi(<Markdown text={'# Plan\n\nUse **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |'} />);
    expect(container.querySelector('h3')?.textContent).toBe('Plan');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('p code')?.textContent).toBe('code');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('td')?.textContent).toBe('1');
  });

  it('shows raw HTML from a model as text, never as markup', () => {
    const { container } = renderUi(<Markdown text={'<img src=x onerror="alert(1)"> and <b>bold</b>\n\n<script>alert(1)</script>'} />);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('links only http(s) and mailto targets, opened safely', () => {
    renderUi(<Markdown text={'[docs](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,x)'} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a']);
    expect(links[0]?.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('bad').closest('a')).toBeNull();
  });

  it('highlights code blocks and copies their exact text', async () => {
    const user = userEvent.setup();
    const code = 'const total = 42; // answer\nreturn "ok";';
    const { container } = renderUi(<Markdown text={'```ts\n' + code + '\n```'} />);
    expect(container.querySelector('pre')?.textContent).toBe(code);
    expect(container.querySelector('.tok-keyword')?.textContent).toBe('const');
    expect(container.querySelector('.tok-number')?.textContent).toBe('42');
    expect(container.querySelector('.tok-comment')?.textContent).toBe('// answer');
    expect(container.querySelector('.tok-string')?.textContent).toBe('"ok"');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe(code);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});

/** What an answer's blocks are when read whole: each block's kind and text. */
const blocksOf = (tokens: readonly Token[]) => tokens.map((token) => `${token.type}:${token.raw}`);
const wholly = (text: string) => blocksOf(Lexer.lex(text, { gfm: true, breaks: true }));

/** An answer written piece by piece: the blocks read at each step, and the finished part kept meanwhile. */
function writePieceByPiece(text: string, piece: number) {
  let finished = { text: '', tokens: [] as readonly Token[] };
  const steps: { text: string; tokens: readonly Token[]; finishedTokens: readonly Token[] }[] = [];
  for (let end = piece; end < text.length + piece; end += piece) {
    const shown = text.slice(0, Math.min(end, text.length));
    const read = lexGrowing(shown, finished);
    steps.push({ text: shown, tokens: read.tokens, finishedTokens: read.finished.tokens });
    finished = read.finished;
  }
  return steps;
}

const ANSWER = [
  '# Tides', '', 'The moon pulls the **oceans** toward it.', 'A second line of the same paragraph.', '',
  '- one', '- two', '', '- still the same list', '', '1. first', '', '2. second', '', '```ts', 'const a = 1;', '', 'const b = 2;', '```', '',
  '| a | b |', '|---|---|', '| 1 | 2 |', '', '> quoted', '', '    indented code', '', '    more of it', '', '<!-- a comment', '', 'still the comment -->', '',
  'A closing paragraph with `code` and a [link](https://example.com).', '', '---', '', 'The end.',
].join('\n');

describe('Markdown of an answer being written', () => {
  it('reads the same blocks as the whole text at every step, in small and large pieces', () => {
    for (const piece of [1, 7, 40]) {
      for (const step of writePieceByPiece(ANSWER, piece)) expect(blocksOf(step.tokens)).toEqual(wholly(step.text));
    }
  });

  it('keeps the finished blocks as they were read: each new piece reads only what follows them', () => {
    const steps = writePieceByPiece(ANSWER, 3);
    const last = steps.at(-1)!;
    // By the end most of the answer is finished, read once.
    expect(last.finishedTokens.length).toBeGreaterThan(10);
    for (let i = 1; i < steps.length; i += 1) {
      const before = steps[i - 1]!.finishedTokens;
      // A finished block is the same token from then on (drawn once).
      before.forEach((token, k) => expect(steps[i]!.tokens[k]).toBe(token));
    }
  });

  it('starts again when the text is not a continuation of what it read', () => {
    const first = lexGrowing('Para one.\n\nPara two.\n\nPara three', { text: '', tokens: [] });
    expect(first.finished.text).toBe('Para one.\n\nPara two.\n\n');
    const other = lexGrowing('Something else entirely.\n\nAnd more', first.finished);
    expect(blocksOf(other.tokens)).toEqual(wholly('Something else entirely.\n\nAnd more'));
  });

  it('draws a growing answer like a finished one', () => {
    let write: (text: string) => void = () => undefined;
    function Writing() {
      const [text, setText] = useState(ANSWER.slice(0, 200));
      write = setText;
      return <Markdown text={text} growing />;
    }
    const { container } = renderUi(<Writing />);
    for (let end = 220; end <= ANSWER.length + 20; end += 20) act(() => write(ANSWER.slice(0, end)));
    const growing = container.innerHTML;
    cleanup();
    const { container: whole } = renderUi(<Markdown text={ANSWER} />);
    expect(growing).toBe(whole.innerHTML);
  });
});

describe('Markdown of an answer that has just ended', () => {
  it('keeps the blocks read while it was written and reads only what follows them, as the whole text reads', () => {
    const steps = writePieceByPiece(ANSWER, 5);
    const finished = { text: '', tokens: [] as readonly Token[] };
    let kept = finished;
    for (const step of steps.slice(0, -1)) kept = lexGrowing(step.text, kept).finished;
    const final = lexFinal(ANSWER, kept);
    expect(blocksOf(final)).toEqual(wholly(ANSWER));
    kept.tokens.forEach((token, k) => expect(final[k]).toBe(token));
    expect(kept.tokens.length).toBeGreaterThan(10);
  });

  it('reads the whole text again when a reference definition may name a link on either side', () => {
    const text = 'See [the tide tables][t].\n\nMore text here.\n\n[t]: https://example.com/tides';
    const kept = lexGrowing(text.slice(0, text.indexOf('[t]:')) + 'x', { text: '', tokens: [] }).finished;
    expect(kept.tokens.length).toBeGreaterThan(0);
    const final = lexFinal(text, kept);
    expect(blocksOf(final)).toEqual(wholly(text));
    expect(final[0]).not.toBe(kept.tokens[0]);
    const { container } = renderUi(<Markdown text={text} />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/tides');
  });

  it('the same paragraph elements stay on screen when the answer ends: only its last block is drawn again', () => {
    let write: (text: string, growing: boolean) => void = () => undefined;
    function Writing() {
      const [shown, setShown] = useState({ text: ANSWER.slice(0, 300), growing: true });
      write = (text, growing) => setShown({ text, growing });
      return <Markdown text={shown.text} growing={shown.growing} />;
    }
    const { container } = renderUi(<Writing />);
    for (let end = 320; end < ANSWER.length; end += 20) act(() => write(ANSWER.slice(0, end), true));
    const before = [...container.querySelectorAll('.markdown > *')];
    act(() => write(ANSWER, false));
    const after = [...container.querySelectorAll('.markdown > *')];
    // Every block but the last ones (finished only now) is the same element.
    expect(after.slice(0, before.length - 2).every((element, i) => element === before[i])).toBe(true);
    expect(container.querySelector('.markdown')?.innerHTML).toBe(renderUi(<Markdown text={ANSWER} />).container.querySelector('.markdown')?.innerHTML);
  });
});
