import type { Clock } from '../../core/shared/index.js';
import type { ConversationShare, ConversationShares, ConversationLibrary } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { newShareToken } from '../supabase/supabase-conversation-shares.js';

interface Row extends ConversationShare {
  readonly userId: string;
}

/** Share links in memory, checked against the conversations of `library` (a foreign one reads as missing). */
export class InMemoryConversationShares implements ConversationShares {
  private readonly rows = new Map<string, Row>();
  private readonly clock: Clock;

  constructor(private readonly library: ConversationLibrary, options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  private async owned(userId: string, conversationId: string): Promise<Result<boolean>> {
    const found = await this.library.getConversation(userId, conversationId);
    return found.success ? ok(found.data !== null) : found;
  }

  async getShare(userId: string, conversationId: string): Promise<Result<ConversationShare | null>> {
    const row = this.rows.get(conversationId);
    return ok(row && row.userId === userId ? { conversationId: row.conversationId, token: row.token, createdAt: row.createdAt } : null);
  }

  async shareConversation(userId: string, conversationId: string): Promise<Result<ConversationShare>> {
    const owned = await this.owned(userId, conversationId);
    if (!owned.success) return owned;
    if (!owned.data) return fail(domainError('not_found', `No conversation ${conversationId}`));
    const existing = this.rows.get(conversationId);
    const row = existing ?? { conversationId, userId, token: newShareToken(), createdAt: this.clock.now().toISOString() };
    this.rows.set(conversationId, row);
    return ok({ conversationId: row.conversationId, token: row.token, createdAt: row.createdAt });
  }

  async revokeShare(userId: string, conversationId: string): Promise<Result<void>> {
    const owned = await this.owned(userId, conversationId);
    if (!owned.success) return owned;
    if (!owned.data) return fail(domainError('not_found', `No conversation ${conversationId}`));
    this.rows.delete(conversationId);
    return ok(undefined);
  }

  async findShare(token: string): Promise<Result<{ conversationId: string; userId: string; createdAt: string } | null>> {
    const row = [...this.rows.values()].find((r) => r.token === token);
    if (!row) return ok(null);
    // A deleted conversation takes its link with it, as the foreign key's cascade does.
    const owned = await this.owned(row.userId, row.conversationId);
    if (!owned.success) return owned;
    return ok(owned.data ? { conversationId: row.conversationId, userId: row.userId, createdAt: row.createdAt } : null);
  }
}
