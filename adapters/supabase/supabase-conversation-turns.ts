import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ConversationTurns } from '../../core/ports/conversation-turns.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { fromRest } from './supabase-errors.js';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const notFound = (id: string) => fail(domainError('not_found', `No conversation ${id}`));

/** Conversation turns in Postgres (claim_conversation_turn / release_conversation_turn, service role only). */
export class SupabaseConversationTurns implements ConversationTurns {
  constructor(private readonly service: SupabaseClient) {}

  async claim(input: { userId: string; conversationId: string; ttlSeconds: number }): Promise<Result<{ turnId: string }>> {
    if (!isUuid(input.conversationId)) return notFound(input.conversationId);
    const { data, error, status } = await this.service.rpc('claim_conversation_turn', {
      p_user_id: input.userId,
      p_conversation_id: input.conversationId,
      p_ttl_seconds: input.ttlSeconds,
    });
    if (error?.code === 'P0001') return fail(domainError('conversation_busy', 'Another answer of this conversation is still running; wait for it or stop it'));
    if (error?.code === 'P0002') return notFound(input.conversationId);
    if (error) return fail(fromRest('Could not start a turn of the conversation', error, status));
    const turnId = z.string().uuid().safeParse(data);
    return turnId.success ? ok({ turnId: turnId.data }) : fail(domainError('unexpected', 'claim_conversation_turn answered no turn id'));
  }

  async release(input: { userId: string; conversationId: string; turnId: string }): Promise<Result<void>> {
    const { error, status } = await this.service.rpc('release_conversation_turn', {
      p_user_id: input.userId,
      p_conversation_id: input.conversationId,
      p_turn_id: input.turnId,
    });
    return error ? fail(fromRest('Could not end the turn of the conversation', error, status)) : ok(undefined);
  }
}
