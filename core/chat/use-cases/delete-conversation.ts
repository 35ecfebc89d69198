import { z } from 'zod';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput } from '../../shared/parse-input.js';
import type { Result } from '../../shared/result.js';
import { requireUser } from '../../auth/use-cases/current-user.js';
import type { CurrentUser } from '../../auth/use-cases/current-user.js';

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
