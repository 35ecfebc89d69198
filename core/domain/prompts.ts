export interface Prompt {
  readonly id: string;
  readonly title: string;
  readonly category: string;
  readonly description: string;
  readonly body: string;
  readonly tags: readonly string[];
}

export interface PromptSearch {
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
