import { describe, expect, it } from 'vitest';
import { MAX_OWN_PROMPTS, makeCreateOwnPrompt, makeDeleteOwnPrompt, makeEditOwnPrompt, makeRunPrompt, makeSearchPrompts, makeSetPromptFavorite } from '../../../core/prompts/index.js';
import { InMemoryPromptCatalog } from '../../../adapters/in-memory/in-memory-prompt-catalog.js';
import { inMemoryAppWorld } from '../../support/in-memory-app-world.js';
import { samplePrompts } from '../../support/prompt-builders.js';

const setup = () => {
  const w = inMemoryAppWorld();
  const deps = { ...w, promptCatalog: new InMemoryPromptCatalog(samplePrompts()) };
  w.signIn();
  return {
    w, deps,
    create: makeCreateOwnPrompt(deps), edit: makeEditOwnPrompt(deps), remove: makeDeleteOwnPrompt(deps),
    search: makeSearchPrompts(deps), run: makeRunPrompt(deps), favorite: makeSetPromptFavorite(deps),
  };
};
const draft = { title: '  Stand-up for {{team}} ', description: 'Mine', body: 'Summarize the stand-up of {{team}} on {{day}}.', category: 'Productivity' };
const errorOf = (r: { success: boolean; error?: { code: string; message: string } }) => (r.success ? 'ok' : `${r.error?.code}: ${r.error?.message}`);

describe('own prompts: validation', () => {
  it('trims the title and description, keeps the body as written, and reads no category as none', async () => {
    const { create } = setup();
    const made = await create({ ...draft, body: '  keep {{x}}  ', category: '  ', language: 'de-DE' });
    expect(made.success && made.data).toMatchObject({ title: 'Stand-up for {{team}}', body: '  keep {{x}}  ', category: '', language: 'de', mine: true });
    const none = await create({ title: 'T', body: 'B' });
    expect(none.success && none.data).toMatchObject({ description: '', category: '', language: 'en' });
  });

  it('says precisely which field is wrong', async () => {
    const { create } = setup();
    expect(errorOf(await create({ ...draft, title: '   ' }))).toBe('validation: Title is required');
    expect(errorOf(await create({ ...draft, title: 'x'.repeat(121) }))).toBe('validation: Title must contain at most 120 characters');
    expect(errorOf(await create({ ...draft, description: 'x'.repeat(401) }))).toBe('validation: Description must contain at most 400 characters');
    expect(errorOf(await create({ ...draft, body: ' \n ' }))).toBe('validation: Prompt text is required');
    expect(errorOf(await create({ ...draft, body: 'x'.repeat(8001) }))).toBe('validation: Prompt text must contain at most 8000 characters');
    expect(errorOf(await create({ ...draft, category: 'Cooking' }))).toBe("validation: Category Cooking is not one of the library's");
    expect(errorOf(await create({ ...draft, title: 42 as unknown as string }))).toBe('validation: Title is required');
  });

  it(`refuses the prompt after ${MAX_OWN_PROMPTS}`, async () => {
    const { create, search } = setup();
    for (let i = 0; i < MAX_OWN_PROMPTS; i += 1) expect((await create({ title: `P${i}`, body: 'b' })).success).toBe(true);
    const over = await create({ title: 'One more', body: 'b' });
    expect(errorOf(over)).toBe(`validation: A user keeps at most ${MAX_OWN_PROMPTS} prompts`);
    // The screen says it in the reader's language from these details.
    expect(over.success ? null : over.error.details).toEqual({ reason: 'too_many_prompts', limit: MAX_OWN_PROMPTS });
    const mine = await search({ mineOnly: true, limit: 1 });
    expect(mine.success && mine.data.total).toBe(MAX_OWN_PROMPTS);
  });

  it('signed out, nothing is created, changed or deleted', async () => {
    const { w, create, edit, remove, search } = setup();
    const made = await create(draft);
    if (!made.success) throw new Error(made.error.message);
    await w.signOut();
    expect(errorOf(await create(draft))).toMatch(/^not_authenticated/);
    expect(errorOf(await edit({ ...draft, promptId: made.data.id }))).toMatch(/^not_authenticated/);
    expect(errorOf(await remove({ promptId: made.data.id }))).toMatch(/^not_authenticated/);
    w.signIn();
    expect((await search({ mineOnly: true })).success).toBe(true);
  });

  it('edit and delete need a prompt id', async () => {
    const { edit, remove } = setup();
    expect(errorOf(await edit({ ...draft, promptId: ' ' }))).toBe('validation: Prompt id is required');
    expect(errorOf(await remove({ promptId: '' }))).toBe('validation: Prompt id is required');
  });
});

describe('own prompts: favourite and run like the catalogue\'s', () => {
  it('runs an own prompt with its placeholders filled, favourites it, edits and deletes it', async () => {
    const { create, edit, remove, run, favorite, search, w } = setup();
    const made = await create(draft);
    if (!made.success) throw new Error(made.error.message);
    const ran = await run({ promptId: made.data.id, params: { team: 'Payments', day: 'Monday' } });
    expect(ran.success && ran.data.text).toBe('Summarize the stand-up of Payments on Monday.');
    expect(w.analytics.events).toContainEqual({ event: 'prompt_run', prompt_id: made.data.id });
    expect((await favorite({ promptId: made.data.id, favorite: true, source: 'library_card' })).success).toBe(true);
    const favourites = await search({ favoritesOnly: true });
    expect(favourites.success && favourites.data.items.map((p) => [p.id, p.mine, p.favorite])).toEqual([[made.data.id, true, true]]);
    const edited = await edit({ ...draft, promptId: made.data.id, title: 'Retro', category: null });
    expect(edited.success && edited.data).toMatchObject({ title: 'Retro', category: '' });
    expect(await remove({ promptId: made.data.id })).toEqual({ success: true, data: { deleted: made.data.id } });
    expect(errorOf(await run({ promptId: made.data.id }))).toBe(`not_found: Prompt ${made.data.id} does not exist`);
    expect(errorOf(await remove({ promptId: 'cold-email' }))).toBe('not_found: You have no prompt cold-email');
  });
});
