import { z } from 'zod';
import type { PromptCategory } from '../domain/prompts.js';
import type { PromptCatalog } from '../ports/prompt-catalog.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { readerLanguageSchema } from './reader-language.js';

/** The library's categories labelled in the reader's language (the library open, the language changed). Pushes nothing. */
export const makeListPromptCategories =
  (deps: { currentUser: CurrentUser; promptCatalog: PromptCatalog }) =>
  async (input?: { language?: string }): Promise<Result<readonly PromptCategory[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(z.object({ language: readerLanguageSchema }), input ?? {});
    if (!valid.success) return valid;
    return deps.promptCatalog.listCategories(valid.data.language);
  };
