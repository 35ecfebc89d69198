import { ok, type Result } from '../../shared/index.js';
import type { ChatMessage, Conversation } from './chat.js';
import type { ConversationSettings } from './conversation-settings.js';

/**
 * Every conversation of a user as one file they can keep: each conversation with its settings and its
 * visible path, in the list's order (pinned ones first, then the most recently active). Each entry has
 * the shape of one conversation's own JSON export.
 */
export interface ConversationExport {
  readonly conversation: Conversation;
  readonly settings: ConversationSettings;
  readonly messages: readonly ChatMessage[];
}

/** What the file says it is. */
export const CONVERSATIONS_EXPORT_FORMAT = { format: 'ensemble.conversations', version: 1 } as const;

/** Conversations read per step of an export. */
const EXPORT_PAGE = 100;

/** What an export reads of a user's conversations (ConversationLibrary's reads). */
interface ExportSource {
  listConversations(userId: string, options: { limit: number; after?: string }): Promise<Result<readonly Conversation[]>>;
  listMessages(userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>>;
  getSettings(userId: string, conversationId: string): Promise<Result<ConversationSettings>>;
}

/**
 * The entries of a user's export, read a page of conversations at a time as they are taken. A failure
 * is the last item: nothing follows it. A conversation deleted while the export runs is left out.
 */
export async function* exportEntries(source: ExportSource, userId: string): AsyncIterable<Result<ConversationExport>> {
  let after: string | undefined;
  for (;;) {
    const page = await source.listConversations(userId, { limit: EXPORT_PAGE, ...(after === undefined ? {} : { after }) });
    if (!page.success) {
      yield page;
      return;
    }
    for (const conversation of page.data) {
      const [messages, settings] = await Promise.all([source.listMessages(userId, conversation.id), source.getSettings(userId, conversation.id)]);
      if (!messages.success && messages.error.code === 'not_found') continue;
      if (!settings.success && settings.error.code === 'not_found') continue;
      if (!messages.success) {
        yield messages;
        return;
      }
      if (!settings.success) {
        yield settings;
        return;
      }
      yield ok({ conversation, settings: settings.data, messages: messages.data });
    }
    if (page.data.length < EXPORT_PAGE) return;
    after = page.data.at(-1)?.id;
  }
}
