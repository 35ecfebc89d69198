import type { ChatMessage, Conversation } from '../domain/chat.js';
import type { Result } from '../shared/result.js';

export type NewMessage = Omit<ChatMessage, 'id' | 'createdAt' | 'conversationId'>;

/** Conversations and their messages, per user. */
export interface ConversationStore {
  listConversations(userId: string, options?: { query?: string; limit?: number }): Promise<Result<readonly Conversation[]>>;
  getConversation(userId: string, conversationId: string): Promise<Result<Conversation | null>>;
  createConversation(userId: string, title: string): Promise<Result<Conversation>>;
  renameConversation(userId: string, conversationId: string, title: string): Promise<Result<Conversation>>;
  deleteConversation(userId: string, conversationId: string): Promise<Result<void>>;
  listMessages(userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>>;
  appendMessage(userId: string, conversationId: string, message: NewMessage): Promise<Result<ChatMessage>>;
  /** Removes the messages after (and including) the given one: regenerate and edit-last. */
  truncateFrom(userId: string, conversationId: string, messageId: string): Promise<Result<void>>;
}
