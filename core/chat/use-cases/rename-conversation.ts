import { z } from 'zod';
import type { Conversation } from '../domain/chat.js';
import { conversationIdSchema, titleSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema, title: titleSchema });

export const makeRenameConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string; title: string }): Promise<Result<Conversation>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.renameConversation(user.data.id, valid.data.conversationId, valid.data.title);
  };
