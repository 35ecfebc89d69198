import { describe, expect, it } from 'vitest';
import { domainError, NO_AUTHENTICATED_USER, PARAMETER_TYPE_MESSAGE } from '../../../core/shared/index.js';
import { makeListPromptCategories, makeOpenPromptLibrary, makeOpenPromptViewer, makeRunPrompt, makeSearchPrompts, makeSetPromptFavorite } from '../../../core/prompts/index.js';
import { InMemoryPromptCatalog } from '../../../adapters/in-memory/in-memory-prompt-catalog.js';
import { inMemoryAppWorld } from '../../support/in-memory-app-world.js';
import { sampleCategoryLabels, samplePromptTranslations, samplePrompts } from '../../support/prompt-builders.js';

const setup = () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  return {
    w,
    userId,
    openLibrary: makeOpenPromptLibrary(w),
    search: makeSearchPrompts(w),
    view: makeOpenPromptViewer(w),
    run: makeRunPrompt(w),
    favorite: makeSetPromptFavorite(w),
  };
};

describe('prompt library in the reader\'s language', () => {
  const translated = () => {
    const w = inMemoryAppWorld();
    const deps = { ...w, promptCatalog: new InMemoryPromptCatalog(samplePrompts(), { translations: samplePromptTranslations(), categoryLabels: sampleCategoryLabels() }) };
    w.signIn();
    return { w, openLibrary: makeOpenPromptLibrary(deps), search: makeSearchPrompts(deps), view: makeOpenPromptViewer(deps), run: makeRunPrompt(deps) };
  };

  it('opens, searches, shows and runs prompts in German, English where there is no German text', async () => {
    const { openLibrary, search, view, run, w } = translated();
    const opened = await openLibrary({ language: 'de' });
    expect(opened.success && opened.data.categories.find((c) => c.id === 'Writing')?.label).toBe('Schreiben');
    expect(opened.success && opened.data.page.items.find((p) => p.id === 'cold-email')?.title).toBe('Kaltakquise per E-Mail');
    const found = await search({ query: 'Kaltakquise', language: 'de-DE' });
    expect(found.success && found.data.items.map((p) => p.id)).toEqual(['cold-email']);
    const shown = await view({ promptId: 'cold-email', language: 'de' });
    expect(shown.success && shown.data.language).toBe('de');
    const english = await view({ promptId: 'meeting-agenda', language: 'de' });
    expect(english.success && english.data.language).toBe('en');
    const text = await run({ promptId: 'cold-email', params: { words: 80, role: 'CTO' }, language: 'de' });
    expect(text.success && text.data.text).toBe('Schreibe eine Kaltakquise-E-Mail mit höchstens 80 Wörtern an eine Person in der Rolle CTO über unser Produkt.');
    // The viewer event names the category by its key, the same in every language.
    expect(w.analytics.events.find((e) => e.event === 'prompt_viewer_opened')).toEqual({ event: 'prompt_viewer_opened', prompt_id: 'cold-email', title: 'Kaltakquise per E-Mail', category: 'Marketing' });
  });

  it('lists the categories again in another language, pushing nothing', async () => {
    const w = inMemoryAppWorld();
    w.signIn();
    const deps = { ...w, promptCatalog: new InMemoryPromptCatalog(samplePrompts(), { categoryLabels: sampleCategoryLabels() }) };
    const listed = await makeListPromptCategories(deps)({ language: 'de' });
    expect(listed.success && listed.data.find((c) => c.id === 'Engineering')?.label).toBe('Entwicklung');
    expect(w.analytics.events).toEqual([]);
    await w.signOut();
    expect((await makeListPromptCategories(deps)({ language: 'de' })).success).toBe(false);
  });

  it('a language the library is not written in, or none, reads as English', async () => {
    const { view } = translated();
    for (const language of ['xx', '', undefined]) {
      const shown = await view({ promptId: 'cold-email', ...(language === undefined ? {} : { language }) });
      expect(shown.success && [shown.data.title, shown.data.language]).toEqual(['Cold e-mail', 'en']);
    }
  });
});

describe('prompt library (app spec §2, §7)', () => {
  it('app §7: opening the library pushes prompt_library_opened and shows categories and prompts', async () => {
    const { openLibrary, w } = setup();
    const opened = await openLibrary();
    expect(opened.success && opened.data.categories.map((c) => c.id)).toEqual(['Engineering', 'Marketing', 'Productivity', 'Writing']);
    expect(opened.success && opened.data.page.total).toBe(5);
    expect(w.analytics.events).toEqual([{ event: 'prompt_library_opened' }]);
  });

  it('app §7: a search pushes prompt_library_search with the query and the result count', async () => {
    const { search, w } = setup();
    const found = await search({ query: '  code  ' });
    expect(found.success && found.data.items.map((p) => p.id)).toEqual(['explain-code', 'review-pull-request']);
    await search({ query: 'zebra' });
    expect(w.analytics.events).toEqual([
      { event: 'prompt_library_search', query: 'code', result_count: 2 },
      { event: 'prompt_library_search', query: 'zebra', result_count: 0 },
    ]);
  });

  it('app §7: browsing without a query (category, favourites, pages) is not a search', async () => {
    const { search, w } = setup();
    const engineering = await search({ category: 'Engineering', limit: 1, offset: 1 });
    expect(engineering.success && [engineering.data.total, engineering.data.items.map((p) => p.id)]).toEqual([2, ['review-pull-request']]);
    await search({ query: '   ' });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §7: the same query with another category or the favourites filter is browsing, not a new search', async () => {
    const { search, w } = setup();
    await search({ query: 'code' });
    const narrowed = await search({ query: 'code', category: 'Engineering', newQuery: false });
    await search({ query: 'code', favoritesOnly: true, newQuery: false });
    expect(narrowed.success && narrowed.data.total).toBe(2);
    expect(w.analytics.events).toEqual([{ event: 'prompt_library_search', query: 'code', result_count: 2 }]);
  });

  it('app §5: search input is validated', async () => {
    const { search } = setup();
    expect(await search({ limit: 0 })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'Limit must be greater than or equal to 1' }) });
    expect(await search({ offset: -1 })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
    expect(await search({ query: 'x'.repeat(201) })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });

  it('a failed search pushes nothing and answers the error', async () => {
    const { search, w } = setup();
    w.promptCatalog.failures.failNext('searchPrompts', domainError('network', 'db down'));
    expect(await search({ query: 'code' })).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §2, §7: the viewer shows id, title and category; prompt_viewer_opened carries them', async () => {
    const { view, w } = setup();
    const shown = await view({ promptId: 'cold-email' });
    expect(shown.success && shown.data).toMatchObject({ id: 'cold-email', title: 'Cold e-mail', category: 'Marketing' });
    expect(w.analytics.events).toEqual([{ event: 'prompt_viewer_opened', prompt_id: 'cold-email', title: 'Cold e-mail', category: 'Marketing' }]);
    expect(await view({ promptId: 'nope' })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(w.analytics.events).toHaveLength(1);
  });

  it('app §7: running a prompt pushes prompt_run and answers the text for the chat, parameters filled', async () => {
    const { run, w } = setup();
    const ran = await run({ promptId: 'cold-email', params: { words: 120, role: 'CTO' } });
    expect(ran).toEqual({ success: true, data: { text: 'Write a cold e-mail of at most 120 words to a CTO about our product.' } });
    expect(w.analytics.events).toEqual([{ event: 'prompt_run', prompt_id: 'cold-email' }]);
  });

  it('app §8: a prompt parameter that is not a string or number fails, and nothing is pushed', async () => {
    const { run, w } = setup();
    const ran = await run({ promptId: 'cold-email', params: { words: true } });
    expect(ran).toEqual({ success: false, error: expect.objectContaining({ message: PARAMETER_TYPE_MESSAGE }) });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §7: favouriting pushes prompt_favorite_changed added / removed with the source', async () => {
    const { favorite, search, w } = setup();
    expect(await favorite({ promptId: 'meeting-agenda', favorite: true, source: 'viewer' })).toEqual({ success: true, data: { favorite: true } });
    const favorites = await search({ favoritesOnly: true });
    expect(favorites.success && favorites.data.items.map((p) => p.id)).toEqual(['meeting-agenda']);
    await favorite({ promptId: 'meeting-agenda', favorite: false, source: 'library_list' });
    expect(w.analytics.events).toEqual([
      { event: 'prompt_favorite_changed', prompt_id: 'meeting-agenda', action: 'added', source: 'viewer' },
      { event: 'prompt_favorite_changed', prompt_id: 'meeting-agenda', action: 'removed', source: 'library_list' },
    ]);
  });

  it('app §7: favouriting an unknown prompt, or without a source, fails and pushes nothing', async () => {
    const { favorite, w } = setup();
    expect(await favorite({ promptId: 'nope', favorite: true, source: 'viewer' })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(await favorite({ promptId: 'cold-email', favorite: true, source: '' })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'validation', message: 'Source is required' }),
    });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §8: every prompt use case answers No authenticated user when signed out', async () => {
    const { openLibrary, search, view, run, favorite, w } = setup();
    await w.signOut();
    for (const r of [
      await openLibrary(),
      await search({ query: 'x' }),
      await view({ promptId: 'cold-email' }),
      await run({ promptId: 'cold-email' }),
      await favorite({ promptId: 'cold-email', favorite: true, source: 'viewer' }),
    ]) {
      expect(r).toEqual({ success: false, error: expect.objectContaining({ message: NO_AUTHENTICATED_USER }) });
    }
    expect(w.analytics.events).toEqual([]);
  });
});
