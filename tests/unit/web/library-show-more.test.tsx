// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptLibrary, type LibraryPrompt } from '../../../web/client/features/library/components/prompt-library.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const prompt = (n: number): LibraryPrompt => ({
  id: `prompt-${n}`, title: `Prompt ${n}`, category: 'Writing', categoryLabel: 'Writing', description: `About ${n}`, body: 'Body',
  tags: [], language: 'en', favorite: false,
});

const library = (shown: number, total: number, calls: string[] = []) =>
  renderUi(
    <PromptLibrary prompts={Array.from({ length: shown }, (_, i) => prompt(i + 1))} total={total} categories={[]} query="" onQueryChange={() => undefined}
      category={null} onCategoryChange={() => undefined} favoritesOnly={false} onFavoritesOnlyChange={() => undefined} onOpen={() => undefined}
      onRun={() => undefined} onToggleFavorite={() => undefined} onShowMore={() => calls.push('more')} />,
  );

describe('the prompt library lists every prompt, a page at a time', () => {
  it('with more prompts than listed, the count says how many are shown and "Show more" asks for the next page', async () => {
    const calls: string[] = [];
    library(20, 64, calls);
    expect(screen.getByRole('status').textContent).toBe('Results: 64 · Showing 20 of 64');
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more prompts' }));
    expect(calls).toEqual(['more']);
  });

  it('the last page promises only what is left', () => {
    library(60, 64);
    expect(screen.getByRole('button', { name: 'Show 4 more prompts' })).toBeTruthy();
  });

  it('all listed: the count alone, no "Show more"', () => {
    library(64, 64);
    expect(screen.getByRole('status').textContent).toBe('Results: 64');
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
  });
});
