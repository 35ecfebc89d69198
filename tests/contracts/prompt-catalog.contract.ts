/**
 * PromptCatalog contract (the prompt library and favourites).
 *
 * Harness the factory provides:
 * - `catalog`: the adapter, holding exactly the prompts of `samplePrompts()` (tests/support/prompt-builders.ts),
 *   in that order (a database adapter seeds them);
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `catalog` act for that user (row-level security adapters switch tokens).
 */
import { describe, expect, it } from 'vitest';
import type { PromptCatalog } from '../../core/ports/prompt-catalog.js';
import { samplePrompts } from '../support/prompt-builders.js';

export interface PromptCatalogHarness {
  readonly catalog: PromptCatalog;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
}

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
      expect(data(await catalog.getPrompt('summarize-article'))).toEqual(first);
      expect(data(await catalog.getPrompt('no-such-prompt'))).toBeNull();
    });

    it('lists each category once, sorted', async () => {
      const { catalog } = await signedIn();
      expect(data(await catalog.listCategories())).toEqual(['Engineering', 'Marketing', 'Productivity', 'Writing']);
    });

    it('without filters answers every prompt, none a favourite', async () => {
      const { catalog, user } = await signedIn();
      const page = data(await catalog.searchPrompts(user, {}));
      expect(page.total).toBe(samplePrompts().length);
      expect(ids(page)).toEqual(samplePrompts().map((p) => p.id).sort());
      expect(page.items.every((p) => p.favorite === false)).toBe(true);
    });

    it('searches title, description, body and tags, ignoring case', async () => {
      const { catalog, user } = await signedIn();
      const search = async (query: string) => ids(data(await catalog.searchPrompts(user, { query })));
      expect(await search('COLD')).toEqual(['cold-email']);
      expect(await search('junior developer')).toEqual(['explain-code']);
      expect(await search('thirty-minute')).toEqual(['meeting-agenda']);
      expect(await search('review')).toEqual(['review-pull-request']);
      expect(await search('code')).toEqual(['explain-code', 'review-pull-request']);
      expect(await search('zebra')).toEqual([]);
    });

    it('every word of a query must match', async () => {
      const { catalog, user } = await signedIn();
      expect(ids(data(await catalog.searchPrompts(user, { query: 'code review' })))).toEqual(['review-pull-request']);
    });

    it('filters by category, alone or with a query', async () => {
      const { catalog, user } = await signedIn();
      expect(ids(data(await catalog.searchPrompts(user, { category: 'Engineering' })))).toEqual(['explain-code', 'review-pull-request']);
      expect(ids(data(await catalog.searchPrompts(user, { category: 'Engineering', query: 'diff' })))).toEqual(['review-pull-request']);
      expect(data(await catalog.searchPrompts(user, { category: 'Cooking' })).total).toBe(0);
    });

    it('pages with limit and offset; total counts every match', async () => {
      const { catalog, user } = await signedIn();
      const first = data(await catalog.searchPrompts(user, { limit: 2 }));
      const rest = data(await catalog.searchPrompts(user, { limit: 10, offset: 2 }));
      expect(first.items).toHaveLength(2);
      expect(first.total).toBe(samplePrompts().length);
      expect(rest.items).toHaveLength(samplePrompts().length - 2);
      expect(new Set([...ids(first), ...ids(rest)]).size).toBe(samplePrompts().length);
    });

    it('marks and unmarks favourites; favoritesOnly lists only them', async () => {
      const { catalog, user } = await signedIn();
      data(await catalog.setFavorite(user, 'cold-email', true));
      data(await catalog.setFavorite(user, 'cold-email', true));
      const favorites = data(await catalog.searchPrompts(user, { favoritesOnly: true }));
      expect(ids(favorites)).toEqual(['cold-email']);
      expect(favorites.items[0]?.favorite).toBe(true);
      data(await catalog.setFavorite(user, 'cold-email', false));
      expect(data(await catalog.searchPrompts(user, { favoritesOnly: true })).total).toBe(0);
    });

    it('favourites are per user', async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      data(await h.catalog.setFavorite(alice, 'meeting-agenda', true));
      await h.actAs(bob);
      expect(data(await h.catalog.searchPrompts(bob, { favoritesOnly: true })).total).toBe(0);
      const all = data(await h.catalog.searchPrompts(bob, {}));
      expect(all.items.find((p) => p.id === 'meeting-agenda')?.favorite).toBe(false);
    });

    it('favouriting an unknown prompt is not_found', async () => {
      const { catalog, user } = await signedIn();
      const r = await catalog.setFavorite(user, 'no-such-prompt', true);
      expect(r.success ? 'ok' : r.error.code).toBe('not_found');
    });
  });
}
