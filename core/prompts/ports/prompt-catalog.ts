import type { Language } from '../../interface/index.js';
import type { OwnPromptDraft, Prompt, PromptCategory, PromptPage, PromptSearch } from '../domain/prompts.js';
import type { Result } from '../../shared/index.js';

/**
 * The prompt library, the user's own prompts and the user's favourites, in the reader's language:
 * each catalogue prompt's text and category label in `language`, English where there is no
 * translation; searches match the text shown. A user reads, changes and deletes only their own
 * prompts: another user's own prompt is not_found to every operation, and nothing changes.
 */
export interface PromptCatalog {
  searchPrompts(userId: string, search: PromptSearch): Promise<Result<PromptPage>>;
  /** A catalogue prompt or the user's own; null for an unknown id or someone else's own prompt. */
  getPrompt(userId: string, promptId: string, language: Language): Promise<Result<Prompt | null>>;
  /** Every category of the catalogue once, in the order of its label in `language`. */
  listCategories(language: Language): Promise<Result<readonly PromptCategory[]>>;
  setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>>;
  /** validation for a category that is not the catalogue's, or past MAX_OWN_PROMPTS. */
  createOwnPrompt(userId: string, draft: OwnPromptDraft): Promise<Result<Prompt>>;
  /** Replaces the text and category (the language stays); not_found unless the prompt is the user's own. */
  updateOwnPrompt(userId: string, promptId: string, draft: Omit<OwnPromptDraft, 'language'>): Promise<Result<Prompt>>;
  /** not_found unless the prompt is the user's own; its favourite goes with it. */
  deleteOwnPrompt(userId: string, promptId: string): Promise<Result<void>>;
}
