import type { Language } from '../../core/interface/index.js';
import { randomUUID } from 'node:crypto';
import { MAX_OWN_PROMPTS, type CategoryTranslation, type OwnPromptDraft, type Prompt, type PromptCategory, type PromptPage, type PromptSearch, type PromptTranslation, type PromptCatalog } from '../../core/prompts/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import type { Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';

export const DEFAULT_PROMPT_PAGE_SIZE = 20;

/** An English prompt as stored: its text and category name are the English ones. */
export type StoredPrompt = Omit<Prompt, 'categoryLabel' | 'language'> & Partial<Pick<Prompt, 'categoryLabel' | 'language'>>;

export interface InMemoryPromptCatalogOptions {
  readonly translations?: readonly PromptTranslation[];
  readonly categoryLabels?: readonly CategoryTranslation[];
}

const haystack = (p: Prompt): string => [p.title, p.description, p.body, p.categoryLabel, ...p.tags].join('\n').toLowerCase();

/** Every word of the query must appear somewhere in the shown text, the category label or the tags. */
const matches = (prompt: Prompt, query: string): boolean => {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const text = haystack(prompt);
  return words.every((w) => text.includes(w));
};

/** A user's own prompt as stored: shown as written, in its language. */
interface OwnPrompt extends OwnPromptDraft {
  readonly id: string;
  readonly userId: string;
}

/**
 * The prompt library in memory, in the order given, with favourites per user and translations per
 * language (English where a prompt has none). Search is by substring, the way the database matches
 * Japanese; the database's stemmed search finds at least what a whole word or a prefix finds here.
 */
export class InMemoryPromptCatalog implements PromptCatalog {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof PromptCatalog>();
  private readonly prompts: readonly StoredPrompt[];
  private readonly translations: readonly PromptTranslation[];
  private readonly labels: readonly CategoryTranslation[];
  private readonly favorites = new Map<string, Set<string>>();
  /** Every user's own prompts, newest last. */
  private own: OwnPrompt[] = [];

  constructor(prompts: readonly StoredPrompt[] = [], options: InMemoryPromptCatalogOptions = {}) {
    this.prompts = prompts;
    this.translations = options.translations ?? [];
    this.labels = options.categoryLabels ?? [];
  }

  async searchPrompts(userId: string, search: PromptSearch): Promise<Result<PromptPage>> {
    const injected = this.failures.take('searchPrompts');
    if (injected) return fail(injected);
    const mine = this.favorites.get(userId) ?? new Set<string>();
    // The user's own prompts first, newest first, then the catalogue's (as the database lists them).
    const ownShown = this.own.filter((p) => p.userId === userId).reverse().map((p) => this.shownOwn(p, search.language));
    const catalogue = search.mineOnly ? [] : this.prompts.map((p) => this.localized(p, search.language));
    const found = [...ownShown, ...catalogue]
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

  async getPrompt(userId: string, promptId: string, language: Language): Promise<Result<Prompt | null>> {
    const injected = this.failures.take('getPrompt');
    if (injected) return fail(injected);
    const own = this.ownOf(userId, promptId);
    if (own) return ok(this.shownOwn(own, language));
    const prompt = this.prompts.find((p) => p.id === promptId);
    return ok(prompt ? this.localized(prompt, language) : null);
  }

  async listCategories(language: Language): Promise<Result<readonly PromptCategory[]>> {
    const injected = this.failures.take('listCategories');
    if (injected) return fail(injected);
    const ids = [...new Set(this.prompts.map((p) => p.category))];
    const categories = ids.map((id) => ({ id, label: this.labelOf(id, language) }));
    return ok(categories.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : a.id < b.id ? -1 : 1)));
  }

  async setFavorite(userId: string, promptId: string, favorite: boolean): Promise<Result<void>> {
    const injected = this.failures.take('setFavorite');
    if (injected) return fail(injected);
    if (!this.prompts.some((p) => p.id === promptId) && !this.ownOf(userId, promptId)) return fail(domainError('not_found', `Prompt ${promptId} does not exist`));
    const mine = this.favorites.get(userId) ?? new Set<string>();
    if (favorite) mine.add(promptId);
    else mine.delete(promptId);
    this.favorites.set(userId, mine);
    return ok(undefined);
  }

  async createOwnPrompt(userId: string, draft: OwnPromptDraft): Promise<Result<Prompt>> {
    const injected = this.failures.take('createOwnPrompt');
    if (injected) return fail(injected);
    const refused = this.refusedCategory(draft.category);
    if (refused) return fail(refused);
    if (this.own.filter((p) => p.userId === userId).length >= MAX_OWN_PROMPTS) {
      return fail(domainError('validation', `A user keeps at most ${MAX_OWN_PROMPTS} prompts`, { reason: 'too_many_prompts', limit: MAX_OWN_PROMPTS }));
    }
    const prompt: OwnPrompt = { ...draft, id: `mine-${randomUUID()}`, userId };
    this.own.push(prompt);
    return ok(this.shownOwn(prompt, draft.language));
  }

  async updateOwnPrompt(userId: string, promptId: string, draft: Omit<OwnPromptDraft, 'language'>): Promise<Result<Prompt>> {
    const injected = this.failures.take('updateOwnPrompt');
    if (injected) return fail(injected);
    const current = this.ownOf(userId, promptId);
    if (!current) return fail(domainError('not_found', `You have no prompt ${promptId}`));
    const refused = this.refusedCategory(draft.category);
    if (refused) return fail(refused);
    const changed: OwnPrompt = { ...current, ...draft };
    this.own = this.own.map((p) => (p === current ? changed : p));
    return ok(this.shownOwn(changed, changed.language));
  }

  async deleteOwnPrompt(userId: string, promptId: string): Promise<Result<void>> {
    const injected = this.failures.take('deleteOwnPrompt');
    if (injected) return fail(injected);
    if (!this.ownOf(userId, promptId)) return fail(domainError('not_found', `You have no prompt ${promptId}`));
    this.own = this.own.filter((p) => p.id !== promptId);
    for (const favourites of this.favorites.values()) favourites.delete(promptId);
    return ok(undefined);
  }

  private ownOf(userId: string, promptId: string): OwnPrompt | undefined {
    return this.own.find((p) => p.id === promptId && p.userId === userId);
  }

  private refusedCategory(category: string | null) {
    if (category === null || this.prompts.some((p) => p.category === category)) return null;
    return domainError('validation', `Category ${category} is not one of the library's`, { field: 'category' });
  }

  /** An own prompt as written, in its language, with its category's label in the reader's. */
  private shownOwn(prompt: OwnPrompt, reader: Language): Prompt {
    const { id, title, description, body, category, language } = prompt;
    return {
      id, title, description, body, language, tags: [], mine: true,
      category: category ?? '', categoryLabel: category === null ? '' : this.labelOf(category, reader),
    };
  }

  private localized(prompt: StoredPrompt, language: Language): Prompt {
    const english = { ...prompt, categoryLabel: prompt.category, language: 'en' as const };
    const translation = language === 'en' ? undefined : this.translations.find((t) => t.promptId === prompt.id && t.language === language);
    const categoryLabel = this.labelOf(prompt.category, language);
    if (!translation) return { ...english, categoryLabel };
    const { title, description, body } = translation;
    return { ...english, title, description, body, categoryLabel, language };
  }

  private labelOf(category: string, language: Language): string {
    return this.labels.find((l) => l.category === category && l.language === language)?.label ?? category;
  }
}
