// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptLibrary, type PromptLibraryProps } from '../../../web/client/features/library/components/prompt-library.js';
import { samplePrompts } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

function setup(overrides: Partial<PromptLibraryProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <PromptLibrary prompts={samplePrompts} total={samplePrompts.length} categories={[{ id: 'Writing', label: 'Writing' }, { id: 'Coding', label: 'Coding' }, { id: 'Planning', label: 'Planning' }]} query=""
      onQueryChange={(q) => calls.push(`query:${q}`)} category={null} onCategoryChange={(c) => calls.push(`category:${c}`)}
      favoritesOnly={false} onFavoritesOnlyChange={(f) => calls.push(`favorites:${f}`)} onOpen={(p) => calls.push(`open:${p.id}`)}
      onRun={(p) => calls.push(`run:${p.id}`)} onToggleFavorite={(p, source) => calls.push(`favorite:${p.id}:${source}`)} {...overrides} />,
  );
  return calls;
}

describe('PromptLibrary', () => {
  it('shows the result count and reports typing in the search box', async () => {
    const calls = setup();
    expect(screen.getByRole('status').textContent).toBe('Results: 3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'a');
    expect(calls).toEqual(['query:a']);
  });

  it('category chips and the favourites filter are toggle buttons', async () => {
    const calls = setup({ category: 'Coding' });
    expect(screen.getByRole('button', { name: 'Coding' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Writing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Coding' }));
    await userEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(calls).toEqual(['category:Writing', 'category:null', 'favorites:true']);
  });

  it('app §2: the viewer shows id, title and category, runs the prompt and toggles the favourite', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Review my code' }));
    const viewer = screen.getByRole('dialog', { name: 'Review my code' });
    expect(within(viewer).getByText('p-review')).toBeTruthy();
    expect(within(viewer).getByText('Coding')).toBeTruthy();
    await userEvent.click(within(viewer).getByRole('button', { name: 'Add to favourites' }));
    await userEvent.click(within(viewer).getByRole('button', { name: 'Run prompt' }));
    expect(calls).toEqual(['open:p-review', 'favorite:p-review:prompt_viewer', 'run:p-review']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the star on a card says what it will do and reports its source', async () => {
    const calls = setup();
    const star = screen.getByRole('button', { name: 'Remove “Summarize a long document” from favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(star);
    expect(calls).toEqual(['favorite:p-summarize:library_card']);
  });

  it('explains an empty favourites filter', () => {
    setup({ prompts: [], total: 0, favoritesOnly: true });
    expect(screen.getByRole('heading', { name: 'No favourites yet' })).toBeTruthy();
  });
});
