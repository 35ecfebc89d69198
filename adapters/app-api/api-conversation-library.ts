import { unpackWeights, type ChatMessage, type Conversation, type ConversationExport, type ConversationSettings, type ConversationLibrary, type PackedWeights, type PageQuery, type PathPage } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { conversationAnswer, conversationListAnswer, conversationsExportAnswer, messagesAnswer, openConversationAnswer, settingsAnswer, shownPageAnswer } from '../api-contract/api-contract.js';

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

/** A page as the port answers it, from the wire's `{ messages, page: { older, newer }, weights }` (the weights packed). */
const pathPageOf = (answer: { messages: readonly unknown[]; page: { older: string | null; newer: string | null }; weights: PackedWeights }): PathPage => ({
  messages: answer.messages as readonly ChatMessage[],
  older: answer.page.older,
  newer: answer.page.newer,
  weights: unpackWeights(answer.weights),
});

/**
 * The caller's conversations through /api/conversations. The userId arguments are not sent: the
 * server acts for the access token's user only, and someone else's conversation reads as missing.
 */
export class ApiConversationLibrary implements ConversationLibrary {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async listConversations(_userId: string, options: { query?: string; limit?: number; after?: string } = {}): Promise<Result<readonly Conversation[]>> {
    const query = new URLSearchParams();
    if (options.query) query.set('q', options.query);
    if (options.limit) query.set('limit', String(options.limit));
    if (options.after !== undefined) query.set('after', options.after);
    const r = await this.api.parsed(`/api/conversations${query.size > 0 ? `?${query}` : ''}`, conversationListAnswer, 'conversation list');
    return r.success ? ok(r.data.conversations) : r;
  }

  async getConversation(_userId: string, conversationId: string): Promise<Result<Conversation | null>> {
    // One turn of it is enough: only the conversation is read here.
    const r = await this.api.parsed(`${path(conversationId)}?limit=1`, conversationAnswer, 'conversation');
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

  async pinConversation(_userId: string, conversationId: string, pinned: boolean): Promise<Result<Conversation>> {
    const r = await this.api.parsed(`${path(conversationId)}/pin`, conversationAnswer, 'conversation', { method: 'PUT', json: { pinned } });
    return r.success ? ok(r.data.conversation) : r;
  }

  /** The server's export file, read whole and checked, then its conversations one by one. */
  async *exportConversations(_userId: string): AsyncIterable<Result<ConversationExport>> {
    const r = await this.api.parsed('/api/conversations/export', conversationsExportAnswer, 'export of the conversations');
    if (!r.success) {
      yield r;
      return;
    }
    for (const entry of r.data.conversations) yield ok(entry as ConversationExport);
  }

  async deleteConversation(_userId: string, conversationId: string): Promise<Result<void>> {
    const r = await this.api.json<unknown>(path(conversationId), { method: 'DELETE' });
    return r.success ? ok(undefined) : r;
  }

  async listMessages(_userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>> {
    const r = await this.api.parsed(`${path(conversationId)}/messages`, messagesAnswer, 'message list');
    return r.success ? ok(r.data.messages as readonly ChatMessage[]) : r;
  }

  /** GET /api/conversations/:id with the query's limit and cursor: the page, and the weights of the whole path. */
  async listMessagePage(_userId: string, conversationId: string, query: PageQuery): Promise<Result<PathPage>> {
    const search = new URLSearchParams();
    for (const key of ['limit', 'before', 'after', 'around'] as const) {
      const value = query[key];
      if (value !== undefined) search.set(key, String(value));
    }
    const r = await this.api.parsed(`${path(conversationId)}${search.size > 0 ? `?${search}` : ''}`, openConversationAnswer, 'message page');
    return r.success ? ok(pathPageOf(r.data)) : r;
  }

  async showMessage(_userId: string, conversationId: string, messageId: string, version?: number): Promise<Result<PathPage>> {
    const r = await this.api.parsed(`${path(conversationId)}/messages/${encodeURIComponent(messageId)}/show`, shownPageAnswer, 'message page', {
      method: 'POST',
      json: version === undefined ? {} : { version },
    });
    return r.success ? ok(pathPageOf(r.data)) : r;
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
