import type { Language } from '../../interface/index.js';

/**
 * A library prompt as a reader of one language sees it. `category` is the category's key (the
 * English name: filters and analytics use it); `categoryLabel` its name in `language`.
 */
export interface Prompt {
  readonly id: string;
  readonly title: string;
  readonly category: string;
  readonly categoryLabel: string;
  readonly description: string;
  readonly body: string;
  readonly tags: readonly string[];
  /** The language of title, description, body and label: the one asked for, or English where the prompt has no translation. */
  readonly language: Language;
  /**
   * True for the reader's own prompt (no one else's is ever shown); absent for the catalogue's. An
   * own prompt is shown as written, in its language; without a category, `category` and
   * `categoryLabel` are ''.
   */
  readonly mine?: true;
}

/** A category of the library: its key and its name in the language asked for. */
export interface PromptCategory {
  readonly id: string;
  readonly label: string;
}

/** One prompt's text in a language other than English (English is the prompt itself). */
export interface PromptTranslation {
  readonly promptId: string;
  readonly language: Language;
  readonly title: string;
  readonly description: string;
  readonly body: string;
}

/** A category's name in a language other than English. */
export interface CategoryTranslation {
  readonly category: string;
  readonly language: Language;
  readonly label: string;
}

export interface PromptSearch {
  /** The reader's language: text, labels and the search follow it, English where it has no translation. */
  readonly language: Language;
  readonly query?: string;
  readonly category?: string;
  readonly favoritesOnly?: boolean;
  /** Only the reader's own prompts. */
  readonly mineOnly?: boolean;
  readonly limit?: number;
  readonly offset?: number;
}

export interface PromptPage {
  readonly items: readonly (Prompt & { readonly favorite: boolean })[];
  readonly total: number;
}

/** At most this many own prompts per user (the database says so too). */
export const MAX_OWN_PROMPTS = 200;

/** What a user writes of their own prompt: the body has the catalogue's `{{name}}` placeholders. */
export interface OwnPromptDraft {
  readonly title: string;
  readonly description: string;
  readonly body: string;
  /** One of the catalogue's category keys, or null for none. */
  readonly category: string | null;
  readonly language: Language;
}
