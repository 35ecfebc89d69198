import { z } from 'zod';
import type { Conversation } from '../domain/chat.js';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema, pinned: z.boolean({ error: 'Pinned must be true or false' }) });

/** Pins a conversation of the user's to the top of their list, or unpins it. */
export const makePinConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string; pinned: boolean }): Promise<Result<Conversation>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.pinConversation(user.data.id, valid.data.conversationId, valid.data.pinned);
  };
