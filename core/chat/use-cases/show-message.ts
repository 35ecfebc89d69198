import { z } from 'zod';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { PathPage } from '../domain/history-page.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({
  conversationId: conversationIdSchema,
  messageId: z.string({ error: 'Name the message to show' }).trim().min(1, 'Name the message to show').max(200, 'Message id is too long'),
  version: z.number({ error: 'The version must be a number' }).int('The version must be a whole number').min(1, 'Versions are numbered from 1').max(10_000, 'There is no such version').optional(),
});

/**
 * ‹ 2/3 › and a search hit in another branch: shows a message of the user's conversation (with
 * `version`, that version among the message's versions), which becomes part of the visible path with
 * its ancestors. Answers the page of the new visible path around the message shown, with the weights
 * of the whole path; someone else's message reads as not_found.
 */
export const makeShowMessage =
  (deps: { currentUser: CurrentUser; conversationLibrary: ConversationLibrary }) =>
  async (input: { conversationId: string; messageId: string; version?: number }): Promise<Result<PathPage>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId, messageId, version } = valid.data;
    return deps.conversationLibrary.showMessage(user.data.id, conversationId, messageId, version);
  };
