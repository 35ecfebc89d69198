/**
 * PromptCatalog contract (the prompt library and favourites).
 *
 * Harness the factory provides:
 * - `catalog`: the adapter, holding exactly the prompts of `samplePrompts()` (tests/support/prompt-builders.ts),
 *   in that order, with the translations of `samplePromptTranslations()` and `sampleCategoryLabels()`
 *   (a database adapter seeds them);
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `catalog` act for that user (row-level security adapters switch tokens).
 *
 * Own prompts: a user's prompts are theirs alone; someone else's id is not_found to get, change,
 * delete and favourite, and nothing changes.
 */
import { describe, expect, it } from 'vitest';
import type { PromptCatalog } from '../../core/prompts/index.js';
import { inEnglish, samplePrompts } from '../support/prompt-builders.js';

export interface PromptCatalogHarness {
  readonly catalog: PromptCatalog;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
}

const EN = { language: 'en' } as const;

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

export function promptCatalogContract(name: string, makeHarness: () => Promise<PromptCatalogHarness>): void {
  describe(`PromptCatalog contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, catalog: h.catalog };
    };
    const ids = (page: { items: readonly { id: string }[] }) => page.items.map((p) => p.id).sort();

    it('reads a prompt by id, and null for an unknown id', async () => {
      const { catalog, user } = await signedIn();
      const [first] = samplePrompts();
      if (!first) throw new Error('no sample');
      expect(data(await catalog.getPrompt(user, 'summarize-article', 'en'))).toEqual(inEnglish(first));
      expect(data(await catalog.getPrompt(user, 'no-such-prompt', 'en'))).toBeNull();
    });

    it('lists each category once, sorted', async () => {
      const { catalog } = await signedIn();
      expect(data(await catalog.listCategories('en'))).toEqual([
        { id: 'Engineering', label: 'Engineering' }, { id: 'Marketing', label: 'Marketing' },
        { id: 'Productivity', label: 'Productivity' }, { id: 'Writing', label: 'Writing' },
      ]);
    });

    it('without filters answers every prompt, none a favourite', async () => {
      const { catalog, user } = await signedIn();
      const page = data(await catalog.searchPrompts(user, EN));
      expect(page.total).toBe(samplePrompts().length);
      expect(ids(page)).toEqual(samplePrompts().map((p) => p.id).sort());
      expect(page.items.every((p) => p.favorite === false)).toBe(true);
    });

    it('searches title, description, body and tags, ignoring case', async () => {
      const { catalog, user } = await signedIn();
      const search = async (query: string) => ids(data(await catalog.searchPrompts(user, { ...EN, query })));
      expect(await search('COLD')).toEqual(['cold-email']);
      expect(await search('junior developer')).toEqual(['explain-code']);
      expect(await search('thirty-minute')).toEqual(['meeting-agenda']);
      expect(await search('review')).toEqual(['review-pull-request']);
      expect(await search('code')).toEqual(['explain-code', 'review-pull-request']);
      expect(await search('zebra')).toEqual([]);
    });

    it('every word of a query must match', async () => {
      const { catalog, user } = await signedIn();
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, query: 'code review' })))).toEqual(['review-pull-request']);
    });

    it('filters by category, alone or with a query', async () => {
      const { catalog, user } = await signedIn();
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, category: 'Engineering' })))).toEqual(['explain-code', 'review-pull-request']);
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, category: 'Engineering', query: 'diff' })))).toEqual(['review-pull-request']);
      expect(data(await catalog.searchPrompts(user, { ...EN, category: 'Cooking' })).total).toBe(0);
    });

    it('pages with limit and offset; total counts every match', async () => {
      const { catalog, user } = await signedIn();
      const first = data(await catalog.searchPrompts(user, { ...EN, limit: 2 }));
      const rest = data(await catalog.searchPrompts(user, { ...EN, limit: 10, offset: 2 }));
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(samplePrompts().length);
      expect(rest.items).toHaveLength(samplePrompts().length - 2);
      expect(new Set([...ids(first), ...ids(rest)]).size).toBe(samplePrompts().length);
    });

    it('marks and unmarks favourites; favoritesOnly lists only them', async () => {
      const { catalog, user } = await signedIn();
      data(await catalog.setFavorite(user, 'cold-email', true));
      data(await catalog.setFavorite(user, 'cold-email', true));
      const favorites = data(await catalog.searchPrompts(user, { ...EN, favoritesOnly: true }));
      expect(ids(favorites)).toEqual(['cold-email']);
      expect(favorites.items[0]?.favorite).toBe(true);
      data(await catalog.setFavorite(user, 'cold-email', false));
      expect(data(await catalog.searchPrompts(user, { ...EN, favoritesOnly: true })).total).toBe(0);
    });

    it('favourites are per user', async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      data(await h.catalog.setFavorite(alice, 'meeting-agenda', true));
      await h.actAs(bob);
      expect(data(await h.catalog.searchPrompts(bob, { ...EN, favoritesOnly: true })).total).toBe(0);
      const all = data(await h.catalog.searchPrompts(bob, EN));
      expect(all.items.find((p) => p.id === 'meeting-agenda')?.favorite).toBe(false);
    });

    it('favouriting an unknown prompt is not_found', async () => {
      const { catalog, user } = await signedIn();
      const r = await catalog.setFavorite(user, 'no-such-prompt', true);
      expect(r.success ? 'ok' : r.error.code).toBe('not_found');
    });

    it('reads a prompt in the reader\'s language, and in English where it has no translation', async () => {
      const { catalog, user } = await signedIn();
      expect(data(await catalog.getPrompt(user, 'cold-email', 'de'))).toMatchObject({
        id: 'cold-email', title: 'Kaltakquise per E-Mail', category: 'Marketing', categoryLabel: 'Marketing', language: 'de',
        body: expect.stringContaining('{{words}}'), tags: ['email', 'sales'],
      });
      expect(data(await catalog.getPrompt(user, 'explain-code', 'de'))).toMatchObject({
        title: 'Explain this code', category: 'Engineering', categoryLabel: 'Entwicklung', language: 'en',
      });
      expect(data(await catalog.getPrompt(user, 'cold-email', 'ja'))).toMatchObject({ title: '初めての営業メール', categoryLabel: 'マーケティング', language: 'ja' });
      expect(data(await catalog.getPrompt(user, 'cold-email', 'fr'))).toMatchObject({ title: 'Cold e-mail', categoryLabel: 'Marketing', language: 'en' });
    });

    it('lists categories with their labels in the reader\'s language, ordered by label; the English name where none', async () => {
      const { catalog } = await signedIn();
      expect(data(await catalog.listCategories('de'))).toEqual([
        { id: 'Engineering', label: 'Entwicklung' }, { id: 'Marketing', label: 'Marketing' },
        { id: 'Productivity', label: 'Productivity' }, { id: 'Writing', label: 'Schreiben' },
      ]);
    });

    it('searches the text the reader sees: translated words find the prompt, the English words of a translated prompt do not', async () => {
      const { catalog, user } = await signedIn();
      const de = async (query: string) => ids(data(await catalog.searchPrompts(user, { language: 'de', query })));
      expect(await de('Kaltakquise')).toEqual(['cold-email']);
      expect(await de('zusammenfassen')).toEqual(['summarize-article']);
      expect(await de('prospect')).toEqual([]);
      // A prompt with no German text is searched in English; tags are searched in every language.
      expect(await de('junior developer')).toEqual(['explain-code']);
      expect(await de('sales')).toEqual(['cold-email']);
      const page = data(await catalog.searchPrompts(user, { language: 'de', query: 'Kaltakquise' }));
      expect(page.items[0]).toMatchObject({ title: 'Kaltakquise per E-Mail', categoryLabel: 'Marketing', language: 'de', favorite: false });
    });

    it('searches Japanese by substring (no word boundaries to stem on)', async () => {
      const { catalog, user } = await signedIn();
      const ja = async (query: string) => ids(data(await catalog.searchPrompts(user, { language: 'ja', query })));
      expect(await ja('営業')).toEqual(['cold-email']);
      expect(await ja('メール 見込み')).toEqual(['cold-email']);
      expect(await ja('マーケ')).toEqual(['cold-email']);
      expect(await ja('営業 zebra')).toEqual([]);
    });

    it('the category filter takes the key whatever the language', async () => {
      const { catalog, user } = await signedIn();
      expect(ids(data(await catalog.searchPrompts(user, { language: 'de', category: 'Engineering' })))).toEqual(['explain-code', 'review-pull-request']);
      expect(data(await catalog.searchPrompts(user, { language: 'de', category: 'Entwicklung' })).total).toBe(0);
    });

    const draft = { title: 'Weekly status for {{team}}', description: 'My own status note', body: 'Write the weekly status of {{team}} in {{words}} words.', category: 'Productivity', language: 'en' } as const;

    it('creates an own prompt: read back as mine, listed first, found by the same search, in no category list', async () => {
      const { catalog, user } = await signedIn();
      const created = data(await catalog.createOwnPrompt(user, draft));
      expect(created).toMatchObject({ title: draft.title, description: draft.description, body: draft.body, category: 'Productivity', categoryLabel: 'Productivity', language: 'en', tags: [], mine: true });
      expect(data(await catalog.getPrompt(user, created.id, 'en'))).toEqual(created);
      const all = data(await catalog.searchPrompts(user, EN));
      expect(all.total).toBe(samplePrompts().length + 1);
      expect(all.items[0]).toMatchObject({ id: created.id, mine: true, favorite: false });
      expect(all.items.filter((p) => p.mine)).toHaveLength(1);
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, query: 'weekly STATUS' })))).toEqual([created.id]);
      expect(ids(data(await catalog.searchPrompts(user, { language: 'de', query: 'weekly' })))).toEqual([created.id]);
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, category: 'Productivity' })))).toEqual([created.id, 'meeting-agenda'].sort());
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, mineOnly: true })))).toEqual([created.id]);
      expect(data(await catalog.searchPrompts(user, { ...EN, mineOnly: true, query: 'agenda' })).total).toBe(0);
      expect(data(await catalog.listCategories('en'))).toHaveLength(4);
    });

    it('an own prompt without a category has an empty category; a category not of the catalogue is refused', async () => {
      const { catalog, user } = await signedIn();
      const created = data(await catalog.createOwnPrompt(user, { ...draft, category: null, language: 'de' }));
      expect(created).toMatchObject({ category: '', categoryLabel: '', language: 'de', mine: true });
      const refused = await catalog.createOwnPrompt(user, { ...draft, category: 'Cooking' });
      expect(refused.success ? 'ok' : refused.error.code).toBe('validation');
      const badEdit = await catalog.updateOwnPrompt(user, created.id, { ...draft, category: 'Cooking' });
      expect(badEdit.success ? 'ok' : badEdit.error.code).toBe('validation');
      expect(data(await catalog.searchPrompts(user, { ...EN, mineOnly: true })).total).toBe(1);
    });

    it('edits and deletes an own prompt; its favourite goes with it', async () => {
      const { catalog, user } = await signedIn();
      const created = data(await catalog.createOwnPrompt(user, draft));
      data(await catalog.setFavorite(user, created.id, true));
      expect(ids(data(await catalog.searchPrompts(user, { ...EN, favoritesOnly: true })))).toEqual([created.id]);
      const edited = data(await catalog.updateOwnPrompt(user, created.id, { title: 'Monthly status', description: '', body: 'Monthly for {{team}}', category: 'Writing' }));
      expect(edited).toMatchObject({ id: created.id, title: 'Monthly status', description: '', body: 'Monthly for {{team}}', category: 'Writing', mine: true });
      expect(data(await catalog.searchPrompts(user, { ...EN, query: 'monthly' })).items[0]).toMatchObject({ id: created.id, favorite: true });
      data(await catalog.deleteOwnPrompt(user, created.id));
      expect(data(await catalog.getPrompt(user, created.id, 'en'))).toBeNull();
      expect(data(await catalog.searchPrompts(user, { ...EN, favoritesOnly: true })).total).toBe(0);
      const again = await catalog.deleteOwnPrompt(user, created.id);
      expect(again.success ? 'ok' : again.error.code).toBe('not_found');
    });

    it("another user's own prompt is not_found to every operation, and nothing changes", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const created = data(await h.catalog.createOwnPrompt(alice, draft));
      await h.actAs(bob);
      const code = (r: { success: boolean; error?: { code: string } }) => (r.success ? 'ok' : r.error?.code);
      expect(data(await h.catalog.getPrompt(bob, created.id, 'en'))).toBeNull();
      expect(data(await h.catalog.searchPrompts(bob, EN)).total).toBe(samplePrompts().length);
      expect(data(await h.catalog.searchPrompts(bob, { ...EN, query: 'weekly' })).total).toBe(0);
      expect(code(await h.catalog.updateOwnPrompt(bob, created.id, { ...draft, title: 'Taken' }))).toBe('not_found');
      expect(code(await h.catalog.deleteOwnPrompt(bob, created.id))).toBe('not_found');
      expect(code(await h.catalog.setFavorite(bob, created.id, true))).toBe('not_found');
      // A catalogue prompt is no one's own: it cannot be changed or deleted either.
      expect(code(await h.catalog.updateOwnPrompt(bob, 'cold-email', { ...draft, title: 'Taken' }))).toBe('not_found');
      expect(code(await h.catalog.deleteOwnPrompt(bob, 'cold-email'))).toBe('not_found');
      await h.actAs(alice);
      expect(data(await h.catalog.getPrompt(alice, created.id, 'en'))).toEqual(created);
      expect(data(await h.catalog.getPrompt(alice, 'cold-email', 'en'))).toMatchObject({ title: 'Cold e-mail' });
    });
  });
}
