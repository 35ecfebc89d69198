// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { findPlaceholders, PlaceholderField } from '../../../web/client/features/chat/components/placeholder-field.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function Box({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <PlaceholderField aria-label="Your message" value={value} onChange={(event) => setValue(event.target.value)} />;
}

describe('prompt placeholders in the composer', () => {
  it('finds bracketed parts holding a letter, on one line, not numbers or empty brackets', () => {
    expect(findPlaceholders('Review this:\n\n[paste diff] in [language]. See [1] and [ ].').map((p) => p.text)).toEqual(['[paste diff]', '[language]']);
    expect(findPlaceholders('[spans\nlines]')).toEqual([]);
    expect(findPlaceholders('Ich schreibe über [Thema] für [Zielgruppe]').map((p) => p.text)).toEqual(['[Thema]', '[Zielgruppe]']);
    expect(findPlaceholders('[トピック]について').map((p) => p.text)).toEqual(['[トピック]']);
  });

  it('highlights each placeholder and selects it when its chip is chosen, so typing replaces it', async () => {
    const { container } = renderUi(<Box initial={'Review the change below.\n\n[paste diff]'} />);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['[paste diff]']);
    await userEvent.click(screen.getByRole('button', { name: '[paste diff]' }));
    const box = screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('[paste diff]');
  });

  it('keeps the same text box (and its focus) when a placeholder appears or goes while typing', async () => {
    renderUi(<Box initial="" />);
    const box = screen.getByRole('textbox', { name: 'Your message' });
    await userEvent.click(box);
    // user-event reads "[" as a key name: "[[" types one bracket.
    await userEvent.type(box, 'about [[topic');
    await userEvent.type(box, ']');
    expect(document.querySelectorAll('mark')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBe(box);
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'plain text' } });
    expect(screen.getByRole('textbox', { name: 'Your message' })).toBe(box);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
