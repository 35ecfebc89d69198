import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES, type Language } from '../../core/interface/index.js';
import type { Prompt, PromptCategory, PromptPage, PromptSearch, PromptCatalog } from '../../core/prompts/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

const promptShape = {
  id: z.string(),
  title: z.string(),
  category: z.string(),
  category_label: z.string(),
  description: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  language: z.enum(SUPPORTED_LANGUAGES),
};
const promptRow = z.object(promptShape).transform(({ category_label, ...row }): Prompt => ({ ...row, categoryLabel: category_label }));
const listedRow = z
  .object({ ...promptShape, favorite: z.boolean() })
  .transform(({ category_label, ...row }) => ({ ...row, categoryLabel: category_label }));
const pageAnswer = z.object({ total: z.number().int().min(0), items: z.array(listedRow) });
const categoriesAnswer = z.array(z.object({ category: z.string(), label: z.string() }).transform((c): PromptCategory => ({ id: c.category, label: c.label })));

/**
 * The prompt library through the browser client, in the reader's language. The database holds
 * each prompt's translations (migration 20261126700001); the functions `search_prompts`,
 * `get_prompt` and `list_prompt_categories` answer every prompt in the language asked for, English
 * where it has none, and search with that language's text-search configuration (Japanese by
 * substring). They run as the caller: row-level security makes the favourite flag "mine".
 */
export class SupabasePromptCatalog implements PromptCatalog {
  constructor(private readonly client: SupabaseClient) {}

  async searchPrompts(_userId: string, search: PromptSearch): Promise<Result<PromptPage>> {
    const { data, error, status } = await this.client.rpc('search_prompts', {
      p_query: search.query ?? null,
      p_category: search.category ?? null,
      p_favorites_only: search.favoritesOnly ?? false,
      p_limit: Math.min(Math.max(Math.trunc(search.limit ?? DEFAULT_PAGE_SIZE), 0), MAX_PAGE_SIZE),
      p_offset: Math.max(Math.trunc(search.offset ?? 0), 0),
      p_language: search.language,
    });
    if (error) return fail(fromRest('Could not search the prompt library', error, status));
    return parseRow('Could not search the prompt library', pageAnswer, data);
  }

  async getPrompt(promptId: string, language: Language): Promise<Result<Prompt | null>> {
    const { data, error, status } = await this.client.rpc('get_prompt', { p_id: promptId, p_language: language });
    if (error) return fail(fromRest('Could not read the prompt', error, status));
    if (data === null) return ok(null);
    return parseRow('Could not read the prompt', promptRow, data);
  }

  async listCategories(language: Language): Promise<Result<readonly PromptCategory[]>> {
    const { data, error, status } = await this.client.rpc('list_prompt_categories', { p_language: language });
    if (error) return fail(fromRest('Could not list the prompt categories', error, status));
    return parseRow('Could not list the prompt categories', categoriesAnswer, data);
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
