import type { Result } from '../../shared/index.js';

/** A piece of a matching passage; `match` marks the words the query found (shown highlighted). */
export interface SnippetPart {
  readonly text: string;
  readonly match: boolean;
}

/** One place the query was found: a message of a conversation, or (messageId null) its title. */
export interface SearchHit {
  readonly conversationId: string;
  readonly conversationTitle: string;
  /** The matching message, to jump to; null when the title matched. */
  readonly messageId: string | null;
  readonly role: 'user' | 'assistant' | null;
  readonly modelId: string | null;
  /** The passage around the match, as plain text parts (never markup). */
  readonly snippet: readonly SnippetPart[];
  /** When the message was written (the conversation's last change for a title hit). */
  readonly at: string;
}

export interface SearchQuery {
  /** Words as a person types them: every word must occur, `"quoted phrases"` in that order, `-word` must not. */
  readonly text: string;
  /** The interface language ('en', 'fr'…): it chooses how words are reduced to their stem. */
  readonly language: string;
  readonly limit?: number;
}

/**
 * Full-text search over one user's conversations, titles and message text. Words match in their
 * other forms where the language has a stemmer (Postgres text search in the adapters); best matches
 * first, newer first among equals. Other users' conversations are never searched.
 */
export interface ConversationSearch {
  search(userId: string, query: SearchQuery): Promise<Result<readonly SearchHit[]>>;
}
