import { z } from 'zod';
import type { ChatMessage, Conversation } from '../domain/chat.js';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema });

/** /chat/{chatId}: the conversation and its messages, oldest first. */
export const makeOpenConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string }): Promise<Result<{ conversation: Conversation; messages: readonly ChatMessage[] }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId } = valid.data;
    const conversation = await deps.conversationLibrary.getConversation(user.data.id, conversationId);
    if (!conversation.success) return conversation;
    if (!conversation.data) return fail(domainError('not_found', `Conversation ${conversationId} does not exist`));
    const messages = await deps.conversationLibrary.listMessages(user.data.id, conversationId);
    if (!messages.success) return messages;
    return ok({ conversation: conversation.data, messages: messages.data });
  };
