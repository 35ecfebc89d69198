import { z } from 'zod';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema });

/** Deletes a conversation with its messages; someone else's conversation is `not_found`. */
export const makeDeleteConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string }): Promise<Result<void>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.deleteConversation(user.data.id, valid.data.conversationId);
  };
