import type { Prompt, PromptPage, PromptSearch } from '../domain/prompts.js';
import type { Result } from '../shared/result.js';

/** The prompt library and the user's favourites. */
export interface PromptCatalog {
  searchPrompts(userId: string, search: PromptSearch): Promise<Result<PromptPage>>;
  getPrompt(promptId: string): Promise<Result<Prompt | null>>;
  listCategories(): Promise<Result<readonly string[]>>;
  setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>>;
}
