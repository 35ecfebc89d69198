import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES, type Language } from '../../core/interface/index.js';
import { MAX_OWN_PROMPTS, type OwnPromptDraft, type Prompt, type PromptCategory, type PromptPage, type PromptSearch, type PromptCatalog } from '../../core/prompts/index.js';
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
  mine: z.boolean().optional(),
};
const toPrompt = ({ category_label, mine, ...row }: z.infer<z.ZodObject<typeof promptShape>>): Prompt => ({
  ...row, categoryLabel: category_label, ...(mine ? { mine: true as const } : {}),
});
const promptRow = z.object(promptShape).transform(toPrompt);
const listedRow = z
  .object({ ...promptShape, favorite: z.boolean() })
  .transform(({ favorite, ...row }) => ({ ...toPrompt(row), favorite }));
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
      p_mine_only: search.mineOnly ?? false,
    });
    if (error) return fail(fromRest('Could not search the prompt library', error, status));
    return parseRow('Could not search the prompt library', pageAnswer, data);
  }

  /** Row-level security answers only the catalogue and the caller's own prompts. */
  async getPrompt(_userId: string, promptId: string, language: Language): Promise<Result<Prompt | null>> {
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
    // An unknown prompt fails the foreign key; someone else's own prompt fails the insert policy,
    // as a favourite in someone else's name does (forbidden): only the first is one the caller cannot read.
    if (error?.code === '23503' || (favorite && error?.code === '42501' && status !== 401 && (await this.unreadable(promptId)))) {
      return fail(domainError('not_found', `No prompt ${promptId}`, { code: error.code }));
    }
    return error ? fail(fromRest(favorite ? 'Could not add the favourite' : 'Could not remove the favourite', error, status)) : ok(undefined);
  }

  /** The database names the prompt (mine-<uuid>); its trigger checks the category and the 200-prompt limit. */
  async createOwnPrompt(userId: string, draft: OwnPromptDraft): Promise<Result<Prompt>> {
    const { data, error, status } = await this.client
      .from('prompts')
      .insert({ user_id: userId, title: draft.title, description: draft.description, body: draft.body, category: draft.category, language: draft.language })
      .select('id')
      .single();
    if (error) {
      const failure = fromRest('Could not save the prompt', error, status);
      // The database's trigger refuses the prompt past MAX_OWN_PROMPTS; the screen says so in the reader's language.
      const tooMany = failure.code === 'validation' && /at most \d+ prompts/.test(error.message);
      return fail(tooMany ? { ...failure, details: { ...failure.details, reason: 'too_many_prompts', limit: MAX_OWN_PROMPTS } } : failure);
    }
    return this.reread(userId, data, draft.language, 'Could not save the prompt');
  }

  /** Row-level security matches no row of anyone else's (or the catalogue's): not_found, nothing changed. */
  async updateOwnPrompt(userId: string, promptId: string, draft: Omit<OwnPromptDraft, 'language'>): Promise<Result<Prompt>> {
    const { data, error, status } = await this.client
      .from('prompts')
      .update({ title: draft.title, description: draft.description, body: draft.body, category: draft.category })
      .eq('id', promptId)
      .eq('user_id', userId)
      .select('id, language')
      .maybeSingle();
    if (error) return fail(fromRest('Could not change the prompt', error, status));
    if (data === null) return fail(domainError('not_found', `You have no prompt ${promptId}`));
    const row = ownRow.safeParse(data);
    return this.reread(userId, data, row.success ? row.data.language : 'en', 'Could not change the prompt');
  }

  async deleteOwnPrompt(userId: string, promptId: string): Promise<Result<void>> {
    const { data, error, status } = await this.client.from('prompts').delete().eq('id', promptId).eq('user_id', userId).select('id');
    if (error) return fail(fromRest('Could not delete the prompt', error, status));
    if (!Array.isArray(data) || data.length === 0) return fail(domainError('not_found', `You have no prompt ${promptId}`));
    return ok(undefined);
  }

  private async unreadable(promptId: string): Promise<boolean> {
    const { data, error } = await this.client.rpc('get_prompt', { p_id: promptId });
    return !error && data === null;
  }

  private async reread(userId: string, row: unknown, language: Language, action: string): Promise<Result<Prompt>> {
    const id = z.object({ id: z.string() }).safeParse(row);
    if (!id.success) return fail(domainError('unexpected', `${action}: the database answered no id`));
    const prompt = await this.getPrompt(userId, id.data.id, language);
    if (!prompt.success) return prompt;
    return prompt.data ? ok(prompt.data) : fail(domainError('unexpected', `${action}: the saved prompt cannot be read back`));
  }
}

const ownRow = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
