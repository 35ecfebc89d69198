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

/** The longest each field of an own prompt may be, in characters (the database's checks too). */
export const OWN_PROMPT_LIMITS = { title: 120, description: 400, body: 8000, category: 40 } as const;

/** What is wrong with one field of an own prompt as written: left empty where it is needed, or too long. */
export interface OwnPromptProblem {
  readonly field: 'title' | 'description' | 'body';
  readonly problem: 'required' | 'tooLong';
  readonly max: number;
}

/**
 * The problems of an own prompt's fields before it is saved, in the form's order (the use case's
 * schema holds the same rules): a title and a text are needed, and no field may pass its limit.
 */
export function ownPromptProblems(fields: { readonly title: string; readonly description: string; readonly body: string }): OwnPromptProblem[] {
  const problems: OwnPromptProblem[] = [];
  const check = (field: OwnPromptProblem['field'], length: number, required: boolean) => {
    const max = OWN_PROMPT_LIMITS[field];
    if (required && length === 0) problems.push({ field, problem: 'required', max });
    else if (length > max) problems.push({ field, problem: 'tooLong', max });
  };
  check('title', fields.title.trim().length, true);
  check('description', fields.description.trim().length, false);
  // The text is kept as written (its spaces may matter), and is empty when it holds nothing but spaces.
  check('body', fields.body.trim() === '' ? 0 : fields.body.length, true);
  return problems;
}

/** What a user writes of their own prompt: the body has the catalogue's `{{name}}` placeholders. */
export interface OwnPromptDraft {
  readonly title: string;
  readonly description: string;
  readonly body: string;
  /** One of the catalogue's category keys, or null for none. */
  readonly category: string | null;
  readonly language: Language;
}
