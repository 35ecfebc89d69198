// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../web/client/features/chat/components/markdown.js';
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
