import { z } from 'zod';
import type { Conversation } from '../domain/chat.js';
import { conversationIdSchema } from '../domain/chat-rules.js';
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
  after: conversationIdSchema.optional(),
}).refine((input) => !(input.query && input.after !== undefined), { message: 'Give either a search or a conversation to list after, not both', path: ['after'] });

/**
 * The sidebar: the user's conversations, the pinned ones first, then the most recently active; a page at
 * a time (`after` the last one of the page before), or searched by title and text.
 */
export const makeListConversations =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { query?: string; limit?: number; after?: string } = {}): Promise<Result<readonly Conversation[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { query, limit, after } = valid.data;
    return deps.conversationLibrary.listConversations(user.data.id, query ? { query, limit } : after !== undefined ? { limit, after } : { limit });
  };
