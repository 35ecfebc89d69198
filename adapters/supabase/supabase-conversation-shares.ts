import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ConversationShare, ConversationShares } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

const shareRow = z
  .object({ conversation_id: z.string(), user_id: z.string(), token: z.string(), created_at: z.string() })
  .transform((r) => ({ conversationId: r.conversation_id, userId: r.user_id, token: r.token, createdAt: new Date(r.created_at).toISOString() }));
const COLUMNS = 'conversation_id, user_id, token, created_at';

/** 128 random bits, base64url: a link nobody can guess. */
export const newShareToken = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const noConversation = (id: string) => fail(domainError('not_found', `No conversation ${id}`));
const publicShare = (r: { conversationId: string; token: string; createdAt: string }): ConversationShare => ({
  conversationId: r.conversationId, token: r.token, createdAt: r.createdAt,
});

/**
 * Share links on Supabase. Every query names its user, whichever key the client holds (the server's
 * service role bypasses row-level security; the policies still guard a user's own client).
 */
export class SupabaseConversationShares implements ConversationShares {
  constructor(private readonly client: SupabaseClient) {}

  async getShare(userId: string, conversationId: string): Promise<Result<ConversationShare | null>> {
    if (!isUuid(conversationId)) return ok(null);
    const { data, error, status } = await this.client.from('conversation_shares').select(COLUMNS).eq('user_id', userId).eq('conversation_id', conversationId).maybeSingle();
    if (error) return fail(fromRest('Could not read the share link', error, status));
    if (data === null) return ok(null);
    const row = parseRow('Could not read the share link', shareRow, data);
    return row.success ? ok(publicShare(row.data)) : row;
  }

  async shareConversation(userId: string, conversationId: string): Promise<Result<ConversationShare>> {
    const existing = await this.getShare(userId, conversationId);
    if (!existing.success || existing.data) return existing as Result<ConversationShare>;
    if (!isUuid(conversationId)) return noConversation(conversationId);
    // The conversation must be the user's: checked in the query, not left to the policy.
    const owned = await this.client.from('conversations').select('id').eq('user_id', userId).eq('id', conversationId).maybeSingle();
    if (owned.error) return fail(fromRest('Could not share the conversation', owned.error, owned.status));
    if (owned.data === null) return noConversation(conversationId);
    const { data, error, status } = await this.client
      .from('conversation_shares')
      .insert({ conversation_id: conversationId, user_id: userId, token: newShareToken() })
      .select(COLUMNS)
      .single();
    // Two tabs sharing at once: the second insert meets the first one's row; answer that one.
    if (error?.code === '23505') return this.shareConversation(userId, conversationId);
    if (error) return fail(fromRest('Could not share the conversation', error, status));
    const row = parseRow('Could not share the conversation', shareRow, data);
    return row.success ? ok(publicShare(row.data)) : row;
  }

  async revokeShare(userId: string, conversationId: string): Promise<Result<void>> {
    if (!isUuid(conversationId)) return noConversation(conversationId);
    const owned = await this.client.from('conversations').select('id').eq('user_id', userId).eq('id', conversationId).maybeSingle();
    if (owned.error) return fail(fromRest('Could not turn the link off', owned.error, owned.status));
    if (owned.data === null) return noConversation(conversationId);
    const { error, status } = await this.client.from('conversation_shares').delete().eq('user_id', userId).eq('conversation_id', conversationId);
    return error ? fail(fromRest('Could not turn the link off', error, status)) : ok(undefined);
  }

  async findShare(token: string): Promise<Result<{ conversationId: string; userId: string; createdAt: string } | null>> {
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) return ok(null);
    const { data, error, status } = await this.client.from('conversation_shares').select(COLUMNS).eq('token', token).maybeSingle();
    if (error) return fail(fromRest('Could not read the share link', error, status));
    if (data === null) return ok(null);
    const row = parseRow('Could not read the share link', shareRow, data);
    return row.success ? ok({ conversationId: row.data.conversationId, userId: row.data.userId, createdAt: row.data.createdAt }) : row;
  }
}
