import { z } from 'zod';
import type { Conversation } from '../domain/chat.js';
import { titleSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export const NEW_CONVERSATION_TITLE = 'New chat';

const inputSchema = z.object({ title: titleSchema.default(NEW_CONVERSATION_TITLE) });

/** An empty conversation (the "new chat" button); sending a first message without one also makes one. */
export const makeCreateConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { title?: string } = {}): Promise<Result<Conversation>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.createConversation(user.data.id, valid.data.title);
  };
