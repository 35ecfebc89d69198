import type { ConversationShare, ConversationSharing, SharedConversation, SharedConversations } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { shareAnswer, sharedConversationAnswer } from '../api-contract/api-contract.js';

const path = (id: string) => `/api/conversations/${encodeURIComponent(id)}/share`;

/** The caller's share links through /api/conversations/:id/share (the userId is the token's). */
export class ApiConversationSharing implements ConversationSharing {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async getShare(_userId: string, conversationId: string): Promise<Result<ConversationShare | null>> {
    const r = await this.api.parsed(path(conversationId), shareAnswer, 'share link');
    if (!r.success) return r.error.code === 'not_found' ? ok(null) : r;
    return ok(r.data.share);
  }

  async shareConversation(_userId: string, conversationId: string): Promise<Result<ConversationShare>> {
    const r = await this.api.parsed(path(conversationId), shareAnswer.extend({ share: shareAnswer.shape.share.unwrap() }), 'share link', { method: 'POST', json: {} });
    return r.success ? ok(r.data.share) : r;
  }

  async revokeShare(_userId: string, conversationId: string): Promise<Result<void>> {
    const r = await this.api.json<unknown>(path(conversationId), { method: 'DELETE' });
    return r.success ? ok(undefined) : r;
  }
}

/** A shared conversation from GET /api/shared/:token, with no sign-in. */
export class ApiSharedConversations implements SharedConversations {
  private readonly api: ApiClient;

  constructor(options: Omit<ApiClientOptions, 'accessToken'> = {}) {
    this.api = new ApiClient({ ...options, accessToken: () => null });
  }

  async openShared(token: string): Promise<Result<SharedConversation | null>> {
    const r = await this.api.parsed(`/api/shared/${encodeURIComponent(token)}`, sharedConversationAnswer, 'shared conversation', { auth: false });
    if (!r.success) return r.error.code === 'not_found' ? ok(null) : r;
    return ok(r.data);
  }
}
