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
  readonly limit?: number;
  readonly offset?: number;
}

export interface PromptPage {
  readonly items: readonly (Prompt & { readonly favorite: boolean })[];
  readonly total: number;
}
