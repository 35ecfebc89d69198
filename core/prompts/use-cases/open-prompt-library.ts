import { z } from 'zod';
import type { PromptCategory, PromptPage } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { parseInput, type Result, ok } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { readerLanguageSchema } from './reader-language.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

const inputSchema = z.object({ language: readerLanguageSchema });

/**
 * app spec §2, §7: opening the library pushes prompt_library_opened and shows categories and a
 * first page, in the reader's language (English where there is no translation).
 */
export const makeOpenPromptLibrary =
  (deps: TrackingDeps & { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input?: { language?: string }): Promise<Result<{ categories: readonly PromptCategory[]; page: PromptPage }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input ?? {});
    if (!valid.success) return valid;
    const { language } = valid.data;
    trackSafely(deps, { event: 'prompt_library_opened' });
    const [categories, page] = await Promise.all([
      deps.promptCatalog.listCategories(language),
      deps.promptCatalog.searchPrompts(user.data.id, { language }),
    ]);
    if (!categories.success) return categories;
    if (!page.success) return page;
    return ok({ categories: categories.data, page: page.data });
  };
