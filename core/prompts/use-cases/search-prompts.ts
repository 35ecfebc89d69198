import { z } from 'zod';
import type { PromptPage } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { readerLanguageSchema } from './reader-language.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

export const MAX_PROMPT_PAGE = 100;

const inputSchema = z.object({
  query: z.string({ error: 'Search must be text' }).trim().max(200, 'Search must contain at most 200 characters').optional(),
  category: z.string({ error: 'Category must be text' }).trim().min(1, 'Category must not be empty').optional(),
  favoritesOnly: z.boolean({ error: 'favoritesOnly must be true or false' }).optional(),
  /** Only the user's own prompts. */
  mineOnly: z.boolean({ error: 'mineOnly must be true or false' }).optional(),
  limit: z.number().int('Limit must be a whole number').min(1, 'Limit must be greater than or equal to 1').max(MAX_PROMPT_PAGE).optional(),
  offset: z.number().int('Offset must be a whole number').min(0, 'Offset must be greater than or equal to 0').optional(),
  /** False when only the category, the favourites filter or the page changed: browsing, not a search. */
  newQuery: z.boolean({ error: 'newQuery must be true or false' }).optional(),
  /** The reader's language: the library is searched as shown to them. */
  language: readerLanguageSchema,
});

/**
 * app spec §7: prompt_library_search with the query and the number of prompts found. Browsing
 * (no query, or the same query with another category, the favourites or own-prompts filter or the next page, which
 * the caller says with `newQuery: false`) is not a search and pushes nothing.
 */
export const makeSearchPrompts =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input: z.input<typeof inputSchema>): Promise<Result<PromptPage>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { query, newQuery = true, ...rest } = valid.data;
    const page = await deps.promptCatalog.searchPrompts(user.data.id, query ? { query, ...rest } : rest);
    if (page.success && query && newQuery) {
      trackSafely(deps, { event: 'prompt_library_search', query, result_count: page.data.total });
    }
    return page;
  };
