import { z } from 'zod';
import type { ConversationSearch, SearchHit } from '../ports/conversation-search.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export const MAX_SEARCH_RESULTS = 50;
export const MAX_SEARCH_LENGTH = 200;

const inputSchema = z.object({
  query: z
    .string({ error: 'Search must be text' })
    .trim()
    .min(1, 'Type a word to search for')
    .max(MAX_SEARCH_LENGTH, `Search must contain at most ${MAX_SEARCH_LENGTH} characters`)
    .refine((text) => !text.includes('\u0000'), 'Search contains a character that cannot be searched (NUL)'),
  language: z.string({ error: 'Language must be text' }).trim().max(35, 'Language is too long').default('en'),
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_SEARCH_RESULTS, `Limit must be at most ${MAX_SEARCH_RESULTS}`)
    .default(20),
});

/** Ctrl/⌘+K and the sidebar: the places in the user's own conversations where the words occur. */
export const makeSearchConversations =
  (deps: { currentUser: CurrentUser; conversationSearch: ConversationSearch }) =>
  async (input: { query: string; language?: string; limit?: number }): Promise<Result<readonly SearchHit[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { query, language, limit } = valid.data;
    return deps.conversationSearch.search(user.data.id, { text: query, language, limit });
  };
