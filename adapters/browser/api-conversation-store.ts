import { z } from 'zod';
import type { ChatMessage, Conversation } from '../../core/domain/chat.js';
import type { ConversationStore, NewMessage } from '../../core/ports/conversation-store.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { ApiClient, type ApiClientOptions } from '../app-api/api-client.js';
import type { ServerKeptChat } from './server-kept-chat.js';

const conversation = z.object({ id: z.string(), userId: z.string(), title: z.string(), createdAt: z.string(), updatedAt: z.string() });
const message = z.object({
  id: z.string(), conversationId: z.string(), role: z.enum(['user', 'assistant', 'system']), content: z.string(),
  modelId: z.string().nullable(), inputTokens: z.number().nullable(), outputTokens: z.number().nullable(), createdAt: z.string(),
});

const parsed = <S extends z.ZodType>(schema: S, value: unknown, what: string): Result<z.output<S>> => {
  const checked = schema.safeParse(value);
  return checked.success ? ok(checked.data) : fail(domainError('unexpected', `The app server sent an unexpected ${what}`));
};

/**
 * ConversationStore in the browser: the caller's conversations through /api/conversations. Messages
 * are written by the server while it answers, so `appendMessage` and `truncateFrom` only tell the
 * next chat request what the use case did (see ServerKeptChat). The userId arguments are ignored:
 * the server acts for the token's user only.
 */
export class ApiConversationStore implements ConversationStore {
  private readonly api: ApiClient;
  private localIds = 0;

  constructor(options: ApiClientOptions, private readonly chat: ServerKeptChat) {
    this.api = new ApiClient(options);
  }

  async listConversations(_userId: string, options: { query?: string; limit?: number } = {}): Promise<Result<readonly Conversation[]>> {
    const query = new URLSearchParams();
    if (options.query) query.set('q', options.query);
    if (options.limit) query.set('limit', String(options.limit));
    const r = await this.api.json<unknown>(`/api/conversations${query.size > 0 ? `?${query}` : ''}`);
    if (!r.success) return r;
    const body = parsed(z.object({ conversations: z.array(conversation) }), r.data, 'conversation list');
    return body.success ? ok(body.data.conversations) : body;
  }

  async getConversation(_userId: string, conversationId: string): Promise<Result<Conversation | null>> {
    const r = await this.api.json<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}`);
    if (!r.success) return r.error.code === 'not_found' ? ok(null) : r;
    const body = parsed(z.object({ conversation }), r.data, 'conversation');
    return body.success ? ok(body.data.conversation) : body;
  }

  async createConversation(_userId: string, title: string): Promise<Result<Conversation>> {
    const r = await this.api.json<unknown>('/api/conversations', { method: 'POST', json: { title } });
    if (!r.success) return r;
    const body = parsed(z.object({ conversation }), r.data, 'conversation');
    return body.success ? ok(body.data.conversation) : body;
  }

  async renameConversation(_userId: string, conversationId: string, title: string): Promise<Result<Conversation>> {
    const r = await this.api.json<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}`, { method: 'PATCH', json: { title } });
    if (!r.success) return r;
    const body = parsed(z.object({ conversation }), r.data, 'conversation');
    return body.success ? ok(body.data.conversation) : body;
  }

  async deleteConversation(_userId: string, conversationId: string): Promise<Result<void>> {
    const r = await this.api.json<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}`, { method: 'DELETE' });
    return r.success ? ok(undefined) : r;
  }

  async listMessages(_userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>> {
    const r = await this.api.json<unknown>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`);
    if (!r.success) return r;
    const body = parsed(z.object({ messages: z.array(message) }), r.data, 'message list');
    return body.success ? ok(body.data.messages) : body;
  }

  async appendMessage(_userId: string, conversationId: string, input: NewMessage): Promise<Result<ChatMessage>> {
    if (input.role === 'user') this.chat.noteUserMessage(conversationId, input.content);
    this.localIds += 1;
    return ok({ ...input, id: `local-${this.localIds}`, conversationId, createdAt: new Date().toISOString() });
  }

  async truncateFrom(_userId: string, conversationId: string, _messageId: string): Promise<Result<void>> {
    this.chat.noteTruncated(conversationId);
    return ok(undefined);
  }
}
