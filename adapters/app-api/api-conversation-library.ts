import type { ChatMessage, Conversation, ConversationSettings, ConversationLibrary } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { conversationAnswer, conversationListAnswer, messagesAnswer, settingsAnswer } from '../api-contract/api-contract.js';

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/**
 * The caller's conversations through /api/conversations. The userId arguments are not sent: the
 * server acts for the access token's user only, and someone else's conversation reads as missing.
 */
export class ApiConversationLibrary implements ConversationLibrary {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async listConversations(_userId: string, options: { query?: string; limit?: number } = {}): Promise<Result<readonly Conversation[]>> {
    const query = new URLSearchParams();
    if (options.query) query.set('q', options.query);
    if (options.limit) query.set('limit', String(options.limit));
    const r = await this.api.parsed(`/api/conversations${query.size > 0 ? `?${query}` : ''}`, conversationListAnswer, 'conversation list');
    return r.success ? ok(r.data.conversations) : r;
  }

  async getConversation(_userId: string, conversationId: string): Promise<Result<Conversation | null>> {
    const r = await this.api.parsed(path(conversationId), conversationAnswer, 'conversation');
    if (!r.success) return r.error.code === 'not_found' ? ok(null) : r;
    return ok(r.data.conversation);
  }

  async createConversation(_userId: string, title: string): Promise<Result<Conversation>> {
    const r = await this.api.parsed('/api/conversations', conversationAnswer, 'conversation', { method: 'POST', json: { title } });
    return r.success ? ok(r.data.conversation) : r;
  }

  async renameConversation(_userId: string, conversationId: string, title: string): Promise<Result<Conversation>> {
    const r = await this.api.parsed(path(conversationId), conversationAnswer, 'conversation', { method: 'PATCH', json: { title } });
    return r.success ? ok(r.data.conversation) : r;
  }

  async deleteConversation(_userId: string, conversationId: string): Promise<Result<void>> {
    const r = await this.api.json<unknown>(path(conversationId), { method: 'DELETE' });
    return r.success ? ok(undefined) : r;
  }

  async listMessages(_userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>> {
    const r = await this.api.parsed(`${path(conversationId)}/messages`, messagesAnswer, 'message list');
    return r.success ? ok(r.data.messages as readonly ChatMessage[]) : r;
  }

  async showMessage(_userId: string, conversationId: string, messageId: string, version?: number): Promise<Result<readonly ChatMessage[]>> {
    const r = await this.api.parsed(`${path(conversationId)}/messages/${encodeURIComponent(messageId)}/show`, messagesAnswer, 'message list', {
      method: 'POST',
      json: version === undefined ? {} : { version },
    });
    return r.success ? ok(r.data.messages as readonly ChatMessage[]) : r;
  }

  async getSettings(_userId: string, conversationId: string): Promise<Result<ConversationSettings>> {
    const r = await this.api.parsed(`${path(conversationId)}/settings`, settingsAnswer, 'conversation settings');
    return r.success ? ok(r.data.settings) : r;
  }

  async saveSettings(_userId: string, conversationId: string, settings: ConversationSettings): Promise<Result<ConversationSettings>> {
    const r = await this.api.parsed(`${path(conversationId)}/settings`, settingsAnswer, 'conversation settings', { method: 'PUT', json: { settings } });
    return r.success ? ok(r.data.settings) : r;
  }
}
