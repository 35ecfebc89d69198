/**
 * PromptCatalog contract (the prompt library and favourites).
 *
 * Harness the factory provides:
 * - `catalog`: the adapter, holding exactly the prompts of `samplePrompts()` (tests/support/prompt-builders.ts),
 *   in that order, with the translations of `samplePromptTranslations()` and `sampleCategoryLabels()`
 *   (a database adapter seeds them);
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `catalog` act for that user (row-level security adapters switch tokens).
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
      const { catalog } = await signedIn();
      const [first] = samplePrompts();
      if (!first) throw new Error('no sample');
      expect(data(await catalog.getPrompt('summarize-article', 'en'))).toEqual(inEnglish(first));
      expect(data(await catalog.getPrompt('no-such-prompt', 'en'))).toBeNull();
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
      const { catalog } = await signedIn();
      expect(data(await catalog.getPrompt('cold-email', 'de'))).toMatchObject({
        id: 'cold-email', title: 'Kaltakquise per E-Mail', category: 'Marketing', categoryLabel: 'Marketing', language: 'de',
        body: expect.stringContaining('{{words}}'), tags: ['email', 'sales'],
      });
      expect(data(await catalog.getPrompt('explain-code', 'de'))).toMatchObject({
        title: 'Explain this code', category: 'Engineering', categoryLabel: 'Entwicklung', language: 'en',
      });
      expect(data(await catalog.getPrompt('cold-email', 'ja'))).toMatchObject({ title: '初めての営業メール', categoryLabel: 'マーケティング', language: 'ja' });
      expect(data(await catalog.getPrompt('cold-email', 'fr'))).toMatchObject({ title: 'Cold e-mail', categoryLabel: 'Marketing', language: 'en' });
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
  });
}
