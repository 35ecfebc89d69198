import type { AttachmentRef } from '../domain/attachments.js';
import type { ChatMessage, Conversation } from '../domain/chat.js';
import type { ConversationExport } from '../domain/conversation-export.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import type { PageQuery, PathPage } from '../domain/history-page.js';
import type { Result } from '../../shared/index.js';

/**
 * A message to save. Without `parentId` it continues the visible path (a user message under its last
 * user message; an answer under it, in the next free column); with it, it goes where it says (an edit's
 * sibling, a version of a column), and is shown.
 */
export type NewMessage = Omit<ChatMessage, 'id' | 'createdAt' | 'conversationId' | 'version'>;

/**
 * A user's conversations as any side may handle them: list, read, name, create empty, delete. The
 * browser's adapter (over /api) implements exactly this; messages are written by the chat use cases
 * on the server only (ConversationStore). A foreign conversation reads as missing.
 */
export interface ConversationLibrary {
  /**
   * The most recently active first, the pinned ones before all others (see pinConversation); with `query`,
   * those that say it. With `after` (a conversation's id, no `query`): those that come after it in that
   * order, the next page of the list; not_found when it is not one of the user's conversations.
   */
  listConversations(userId: string, options?: { query?: string; limit?: number; after?: string }): Promise<Result<readonly Conversation[]>>;
  getConversation(userId: string, conversationId: string): Promise<Result<Conversation | null>>;
  createConversation(userId: string, title: string): Promise<Result<Conversation>>;
  renameConversation(userId: string, conversationId: string, title: string): Promise<Result<Conversation>>;
  /**
   * Pins the conversation (listConversations answers the pinned ones first, the latest pinned first) or
   * unpins it. Pinning a pinned one keeps its time; neither moves `updatedAt`.
   */
  pinConversation(userId: string, conversationId: string, pinned: boolean): Promise<Result<Conversation>>;
  deleteConversation(userId: string, conversationId: string): Promise<Result<void>>;
  /** The visible path of the conversation's tree (see conversation-tree.ts), each message with its version. */
  listMessages(userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>>;
  /**
   * A page of whole turns of the visible path (history-page.ts: the latest by default, or before, after
   * or around a message of the path) and the weight of every message of the whole path. not_found for
   * a cursor not on the visible path, and for a conversation that is not the user's.
   */
  listMessagePage(userId: string, conversationId: string, query: PageQuery): Promise<Result<PathPage>>;
  /**
   * Shows a message, or with `version` (from 1, by creation) that version of the message's group: it and
   * its ancestors become the shown ones of their groups (a message in another branch opens the branch).
   * Answers the page of the new visible path around the message shown (the default number of turns),
   * with the weights of the whole path; not_found for a message or version not in the user's conversation.
   */
  showMessage(userId: string, conversationId: string, messageId: string, version?: number): Promise<Result<PathPage>>;
  /**
   * Every conversation of the user with its settings and visible path, in the list's order, read as
   * they are taken (see conversation-export.ts); a failure is the last item.
   */
  exportConversations(userId: string): AsyncIterable<Result<ConversationExport>>;
  /** The instruction and model settings stored with the conversation (NO_SETTINGS until set); not_found when not the user's. */
  getSettings(userId: string, conversationId: string): Promise<Result<ConversationSettings>>;
  /** Replaces them as a whole (already validated); answers what is stored. */
  saveSettings(userId: string, conversationId: string, settings: ConversationSettings): Promise<Result<ConversationSettings>>;
}

/** The server's store: the library plus the message writes of the chat use cases, each naming its user. */
export interface ConversationStore extends ConversationLibrary {
  appendMessage(userId: string, conversationId: string, message: NewMessage): Promise<Result<ChatMessage>>;
  /** Removes the given message and everything after it (a turn whose answers all failed before any was saved). */
  truncateFrom(userId: string, conversationId: string, messageId: string): Promise<Result<void>>;
  /** Records the files a saved user message carries (a new chat's first step saves the text alone); not_found when not the user's. */
  attachToMessage(userId: string, conversationId: string, messageId: string, attachments: readonly AttachmentRef[]): Promise<Result<void>>;
  /** The files of the conversation's messages, by message id (messages without any are left out). */
  listAttachments(userId: string, conversationId: string): Promise<Result<ReadonlyMap<string, readonly AttachmentRef[]>>>;
}
