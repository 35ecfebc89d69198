import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Prompt, PromptPage, PromptSearch } from '../../core/domain/prompts.js';
import type { PromptCatalog } from '../../core/ports/prompt-catalog.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { fromRest, parseRow } from './supabase-errors.js';

const PROMPT_COLUMNS = 'id, title, category, description, body, tags';
export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const promptRow = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
});
const toPrompt = (row: z.output<typeof promptRow>): Prompt => ({ ...row });
const listedRow = promptRow
  .extend({ prompt_favorites: z.array(z.object({ prompt_id: z.string() })) })
  .transform(({ prompt_favorites, ...row }) => ({ ...toPrompt(row), favorite: prompt_favorites.length > 0 }));

/**
 * The words of a search as a to_tsquery: each word a prefix ("mark" finds "marketing"), all required.
 * Only letters and digits survive, so no query syntax from the user reaches Postgres; null if none.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

/**
 * The prompt library through the browser client: full-text search on the generated `search`
 * tsvector, the category filter and the caller's favourites embedded (row-level security lets a
 * user see only their own favourites, so the embed is "mine"; favoritesOnly makes it an inner join).
 */
export class SupabasePromptCatalog implements PromptCatalog {
  constructor(private readonly client: SupabaseClient) {}

  async searchPrompts(_userId: string, search: PromptSearch): Promise<Result<PromptPage>> {
    const limit = Math.min(Math.max(Math.trunc(search.limit ?? DEFAULT_PAGE_SIZE), 0), MAX_PAGE_SIZE);
    const offset = Math.max(Math.trunc(search.offset ?? 0), 0);
    const favorites = search.favoritesOnly ? 'prompt_favorites!inner(prompt_id)' : 'prompt_favorites(prompt_id)';
    const build = (head: boolean) => {
      let request = this.client.from('prompts').select(`${PROMPT_COLUMNS}, ${favorites}`, { count: 'exact', head });
      const query = toPrefixQuery(search.query ?? '');
      if (query !== null) request = request.textSearch('search', query, { config: 'english' });
      if (search.category) request = request.eq('category', search.category);
      return request;
    };
    if (limit === 0) return this.countOnly(build(true));
    const { data, error, count, status } = await build(false)
      .order('category')
      .order('sort_order')
      .order('id')
      .range(offset, offset + limit - 1);
    // PostgREST refuses an offset past the last match (416 PGRST103): the page is empty, the total stands.
    if (error?.code === 'PGRST103') return this.countOnly(build(true));
    if (error) return fail(fromRest('Could not search the prompt library', error, status));
    const items = parseRow('Could not search the prompt library', z.array(listedRow), data);
    return items.success ? ok({ items: items.data, total: count ?? items.data.length }) : items;
  }

  private async countOnly(request: PromiseLike<{ error: { message: string; code?: string } | null; count: number | null; status: number }>) {
    const { error, count, status } = await request;
    if (error) return fail(fromRest('Could not count the matching prompts', error, status));
    return ok({ items: [], total: count ?? 0 });
  }

  async getPrompt(promptId: string): Promise<Result<Prompt | null>> {
    const { data, error, status } = await this.client.from('prompts').select(PROMPT_COLUMNS).eq('id', promptId).maybeSingle();
    if (error) return fail(fromRest('Could not read the prompt', error, status));
    if (data === null) return ok(null);
    const row = parseRow('Could not read the prompt', promptRow, data);
    return row.success ? ok(toPrompt(row.data)) : row;
  }

  async listCategories(): Promise<Result<readonly string[]>> {
    const { data, error, status } = await this.client.from('prompt_categories').select('category').order('category');
    if (error) return fail(fromRest('Could not list the prompt categories', error, status));
    const rows = parseRow('Could not list the prompt categories', z.array(z.object({ category: z.string() })), data);
    return rows.success ? ok(rows.data.map((r) => r.category)) : rows;
  }

  /** Marking twice is one favourite (ignore-duplicates upsert); an unknown prompt is a foreign-key refusal. */
  async setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>> {
    const table = this.client.from('prompt_favorites');
    const { error, status } = favorite
      ? await table.upsert({ user_id: userId, prompt_id: promptId }, { onConflict: 'user_id,prompt_id', ignoreDuplicates: true })
      : await table.delete().eq('user_id', userId).eq('prompt_id', promptId);
    if (error?.code === '23503') return fail(domainError('not_found', `No prompt ${promptId}`, { code: error.code }));
    return error ? fail(fromRest(favorite ? 'Could not add the favourite' : 'Could not remove the favourite', error, status)) : ok(undefined);
  }
}
