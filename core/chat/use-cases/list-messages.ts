import { z } from 'zod';
import type { ChatMessage } from '../domain/chat.js';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { domainError, fail, parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema });

/**
 * The whole visible path of a conversation of the user's, oldest first (an export, which reads every
 * page at once); someone else's or a missing conversation is not_found.
 */
export const makeListMessages =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string }): Promise<Result<readonly ChatMessage[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId } = valid.data;
    const conversation = await deps.conversationLibrary.getConversation(user.data.id, conversationId);
    if (!conversation.success) return conversation;
    if (!conversation.data) return fail(domainError('not_found', `Conversation ${conversationId} does not exist`));
    return deps.conversationLibrary.listMessages(user.data.id, conversationId);
  };
