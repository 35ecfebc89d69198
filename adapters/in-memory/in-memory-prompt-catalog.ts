import type { Prompt, PromptPage, PromptSearch } from '../../core/domain/prompts.js';
import type { PromptCatalog } from '../../core/ports/prompt-catalog.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok } from '../../core/shared/result.js';
import type { Result } from '../../core/shared/result.js';
import { FailureInjector } from './failure-injector.js';

export const DEFAULT_PROMPT_PAGE_SIZE = 20;

const haystack = (p: Prompt): string => [p.title, p.description, p.body, ...p.tags].join('\n').toLowerCase();

/** Every word of the query must appear somewhere in the title, description, body or tags. */
const matches = (prompt: Prompt, query: string): boolean => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = haystack(prompt);
  return words.every((w) => text.includes(w));
};

/** The prompt library in memory, in the order given, with favourites per user. */
export class InMemoryPromptCatalog implements PromptCatalog {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof PromptCatalog>();
  private readonly prompts: readonly Prompt[];
  private readonly favorites = new Map<string, Set<string>>();

  constructor(prompts: readonly Prompt[] = []) {
    this.prompts = prompts;
  }

  async searchPrompts(userId: string, search: PromptSearch): Promise<Result<PromptPage>> {
    const injected = this.failures.take('searchPrompts');
    if (injected) return fail(injected);
    const mine = this.favorites.get(userId) ?? new Set<string>();
    const found = this.prompts
      .filter((p) => !search.query || matches(p, search.query))
      .filter((p) => !search.category || p.category === search.category)
      .filter((p) => !search.favoritesOnly || mine.has(p.id));
    const offset = Math.max(0, search.offset ?? 0);
    const limit = Math.max(0, search.limit ?? DEFAULT_PROMPT_PAGE_SIZE);
    return ok({
      items: found.slice(offset, offset + limit).map((p) => ({ ...p, favorite: mine.has(p.id) })),
      total: found.length,
    });
  }

  async getPrompt(promptId: string): Promise<Result<Prompt | null>> {
    const injected = this.failures.take('getPrompt');
    if (injected) return fail(injected);
    return ok(this.prompts.find((p) => p.id === promptId) ?? null);
  }

  async listCategories(): Promise<Result<readonly string[]>> {
    const injected = this.failures.take('listCategories');
    if (injected) return fail(injected);
    return ok([...new Set(this.prompts.map((p) => p.category))].sort());
  }

  async setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>> {
    const injected = this.failures.take('setFavorite');
    if (injected) return fail(injected);
    if (!this.prompts.some((p) => p.id === promptId)) return fail(domainError('not_found', `Prompt ${promptId} does not exist`));
    const mine = this.favorites.get(userId) ?? new Set<string>();
    if (favorite) mine.add(promptId);
    else mine.delete(promptId);
    this.favorites.set(userId, mine);
    return ok(undefined);
  }
}
