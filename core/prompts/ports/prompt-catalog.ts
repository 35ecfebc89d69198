import type { Language } from '../../interface/index.js';
import type { Prompt, PromptCategory, PromptPage, PromptSearch } from '../domain/prompts.js';
import type { Result } from '../../shared/index.js';

/**
 * The prompt library and the user's favourites, in the reader's language: each prompt's text and
 * category label in `language`, English where there is no translation; searches match the text shown.
 */
export interface PromptCatalog {
  searchPrompts(userId: string, search: PromptSearch): Promise<Result<PromptPage>>;
  getPrompt(promptId: string, language: Language): Promise<Result<Prompt | null>>;
  /** Every category once, in the order of its label in `language`. */
  listCategories(language: Language): Promise<Result<readonly PromptCategory[]>>;
  setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>>;
}
