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
 * The entries of a user's export. The list is read whole first, a page at a time (a few quick reads), and
 * then each conversation: a conversation that moves up the list while its messages are read (a message
 * sent in another tab) is neither skipped nor exported twice. A failure is the last item: nothing follows
 * it. A conversation deleted while the export runs is left out.
 */
export async function* exportEntries(source: ExportSource, userId: string): AsyncIterable<Result<ConversationExport>> {
  const conversations: Conversation[] = [];
  const seen = new Set<string>();
  for (let after: string | undefined; ; ) {
    const page = await source.listConversations(userId, { limit: EXPORT_PAGE, ...(after === undefined ? {} : { after }) });
    if (!page.success) {
      yield page;
      return;
    }
    for (const conversation of page.data) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      conversations.push(conversation);
    }
    if (page.data.length < EXPORT_PAGE) break;
    after = page.data.at(-1)?.id;
  }
  for (const conversation of conversations) {
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
}
