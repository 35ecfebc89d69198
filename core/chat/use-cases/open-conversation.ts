import { z } from 'zod';
import type { ChatMessage, Conversation } from '../domain/chat.js';
import { conversationIdSchema } from '../domain/chat-rules.js';
import { pageQuerySchema, type MessageWeight, type PageQuery } from '../domain/history-page.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({ conversationId: conversationIdSchema });

/** What opening a conversation answers: a page of its visible path, the cursors beside it, and every message's weight. */
interface OpenedConversation {
  readonly conversation: Conversation;
  /** Whole turns, oldest first. */
  readonly messages: readonly ChatMessage[];
  /** `older`: pass as `before` for the turns before the page; `newer`: as `after` for those after it (null: none). */
  readonly page: { readonly older: string | null; readonly newer: string | null };
  /** The weight of every message of the whole visible path, oldest first (to price the next message). */
  readonly weights: readonly MessageWeight[];
}

/**
 * /chat/{chatId}: the conversation and a page of its messages (history-page.ts): the latest turns
 * without a cursor, or those before, after or around a message of the visible path. A cursor no longer
 * on the path (another version was shown meanwhile) is not_found: the reader opens the latest page.
 */
export const makeOpenConversation =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string } & PageQuery): Promise<Result<OpenedConversation>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const { conversationId: id, ...query } = input;
    const valid = parseInput(inputSchema, { conversationId: id });
    if (!valid.success) return valid;
    const page = parseInput(pageQuerySchema, query);
    if (!page.success) return page;
    const { conversationId } = valid.data;
    // Read side by side (over /api they are two requests): a missing conversation answers as such
    // whatever its page read says.
    const [conversation, read] = await Promise.all([
      deps.conversationLibrary.getConversation(user.data.id, conversationId),
      deps.conversationLibrary.listMessagePage(user.data.id, conversationId, page.data),
    ]);
    if (!conversation.success) return conversation;
    if (!conversation.data) return fail(domainError('not_found', `Conversation ${conversationId} does not exist`));
    if (!read.success) return read;
    const { messages, older, newer, weights } = read.data;
    return ok({ conversation: conversation.data, messages, page: { older, newer }, weights });
  };
