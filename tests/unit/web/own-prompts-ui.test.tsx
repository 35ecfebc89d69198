// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptLibrary, type LibraryPrompt, type PromptLibraryProps } from '../../../web/client/features/library/components/prompt-library.js';
import { OwnPromptDialog, type OwnPromptFields } from '../../../web/client/features/library/components/own-prompt-dialog.js';
import { samplePrompts } from './support/sample-data.js';
import { renderUi } from './support/render.js';

afterEach(cleanup);

const mine: LibraryPrompt = {
  id: 'mine-1', title: 'My stand-up', category: '', categoryLabel: '', language: 'en', description: 'Daily', body: 'Stand-up for {{team}} on {{day}}.',
  tags: [], favorite: false, mine: true,
};

function setup(overrides: Partial<PromptLibraryProps> = {}) {
  const calls: string[] = [];
  renderUi(
    <PromptLibrary prompts={[mine, ...samplePrompts]} total={4} categories={[{ id: 'Writing', label: 'Writing' }]} query="" onQueryChange={() => undefined}
      category={null} onCategoryChange={() => undefined} favoritesOnly={false} onFavoritesOnlyChange={() => undefined}
      mineOnly={false} onMineOnlyChange={(m) => calls.push(`mine:${m}`)} onOpen={(p) => calls.push(`open:${p.id}`)}
      onRun={(p, params) => calls.push(`run:${p.id}:${JSON.stringify(params)}`)} onToggleFavorite={(p) => calls.push(`favorite:${p.id}`)}
      onNew={() => calls.push('new')} onEdit={(p) => calls.push(`edit:${p.id}`)} onDelete={(p) => calls.push(`delete:${p.id}`)} {...overrides} />,
  );
  return calls;
}

describe('own prompts in the library', () => {
  it('marks an own prompt as Mine with Edit and Delete; catalogue prompts have neither', async () => {
    const calls = setup();
    expect(screen.getAllByText('Mine', { selector: '.badge' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit “My stand-up”' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete “My stand-up”' }));
    expect(screen.queryByRole('button', { name: 'Edit “Review my code”' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'New prompt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mine', pressed: false }));
    expect(calls).toEqual(['edit:mine-1', 'delete:mine-1', 'new', 'mine:true']);
  });

  it('the viewer offers a field per placeholder; run passes the filled ones only', async () => {
    const calls = setup();
    await userEvent.click(screen.getByRole('button', { name: 'My stand-up' }));
    const viewer = screen.getByRole('dialog', { name: 'My stand-up' });
    expect(within(viewer).getByText('No category')).toBeTruthy();
    await userEvent.type(within(viewer).getByRole('textbox', { name: 'team' }), 'Payments');
    await userEvent.click(within(viewer).getByRole('button', { name: 'Run prompt' }));
    expect(calls.at(-1)).toBe('run:mine-1:{"team":"Payments"}');
  });

  it('an empty Mine filter says how to write one', () => {
    setup({ prompts: [], total: 0, mineOnly: true });
    expect(screen.getByText('No prompts of your own yet')).toBeTruthy();
  });
});

describe('the own prompt dialog', () => {
  it('edits with the prompt filled in, and shows the error the save answered', async () => {
    const saved: OwnPromptFields[] = [];
    renderUi(<OwnPromptDialog open editing={mine} categories={[{ id: 'Writing', label: 'Schreiben' }]}
      onSave={async (fields) => { saved.push(fields); return 'Title must contain at most 120 characters'; }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit prompt' });
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('My stand-up');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Writing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ title: 'My stand-up', description: 'Daily', body: 'Stand-up for {{team}} on {{day}}.', category: 'Writing' }]);
    expect(within(dialog).getByRole('alert').textContent).toBe('Title must contain at most 120 characters');
  });

  it('a title or a text left empty is said beside its field, in the reader\'s words, and nothing is saved', async () => {
    const saved: OwnPromptFields[] = [];
    renderUi(<OwnPromptDialog open editing={null} categories={[]} onSave={async (fields) => { saved.push(fields); return null; }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'New prompt' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByRole('alert').map((a) => a.textContent)).toEqual(['Give your prompt a title.', 'Write the prompt itself.']);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Give your prompt a title.');
    expect(saved).toEqual([]);
    // Mended, it is saved and the field errors go.
    await userEvent.type(title, 'Stand-up');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Prompt' }), 'Notes for the team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ title: 'Stand-up', description: '', body: '   Notes for the team', category: null }]);
    expect(within(dialog).queryAllByRole('alert')).toEqual([]);
  });
});
