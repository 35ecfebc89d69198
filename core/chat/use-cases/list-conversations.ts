import { z } from 'zod';
import type { Conversation } from '../domain/chat.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export const MAX_CONVERSATIONS_PAGE = 100;

const inputSchema = z.object({
  query: z.string({ error: 'Search must be text' }).trim().max(200, 'Search must contain at most 200 characters').optional(),
  limit: z
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be greater than or equal to 1')
    .max(MAX_CONVERSATIONS_PAGE, `Limit must be less than or equal to ${MAX_CONVERSATIONS_PAGE}`)
    .default(50),
});

/** The sidebar: the user's conversations, most recently active first, optionally searched by title and text. */
export const makeListConversations =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { query?: string; limit?: number } = {}): Promise<Result<readonly Conversation[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { query, limit } = valid.data;
    return deps.conversationLibrary.listConversations(user.data.id, query ? { query, limit } : { limit });
  };
