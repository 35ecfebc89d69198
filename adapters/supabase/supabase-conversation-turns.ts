import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { ConversationSettings } from '../../core/domain/conversation-settings.js';
import type { NewMessage } from '../../core/ports/conversation-store.js';
import type { ConversationTurns, StartedTurn } from '../../core/ports/conversation-turns.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';
import { messageRow, modelSettingsColumn, settingsRow } from './conversation-rows.js';
import { fromRest, parseRow } from './supabase-errors.js';

const iso = z.string().transform((value) => new Date(value).toISOString());
const startedRow = z.object({
  conversation: z.object({ id: z.string(), user_id: z.string(), title: z.string(), created_at: iso, updated_at: iso })
    .transform((c) => ({ id: c.id, userId: c.user_id, title: c.title, createdAt: c.created_at, updatedAt: c.updated_at })),
  turn_id: z.string(),
  history: z.array(messageRow),
  message: messageRow,
  settings: settingsRow,
});

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

  async start(input: {
    userId: string;
    conversationId: string | null;
    title: string;
    message: NewMessage & { readonly role: 'user' };
    ttlSeconds: number;
    settings?: ConversationSettings;
  }): Promise<Result<StartedTurn>> {
    if (input.conversationId !== null && !isUuid(input.conversationId)) return notFound(input.conversationId);
    const { data, error, status } = await this.service.rpc('start_conversation_turn', {
      p_user_id: input.userId,
      p_conversation_id: input.conversationId,
      p_title: input.title,
      p_content: input.message.content,
      p_model_id: input.message.modelId,
      p_model_ids: input.message.modelIds && input.message.modelIds.length > 0 ? [...input.message.modelIds] : null,
      p_ttl_seconds: input.ttlSeconds,
      ...(input.settings ? { p_instruction: input.settings.instruction, p_model_settings: modelSettingsColumn(input.settings) } : {}),
    });
    if (error?.code === 'P0001') return fail(domainError('conversation_busy', 'Another answer of this conversation is still running; wait for it or stop it'));
    if (error?.code === 'P0002') return notFound(input.conversationId ?? 'new');
    if (error) return fail(fromRest('Could not save the message', error, status));
    const row = parseRow('Could not save the message', startedRow, data);
    if (!row.success) return row;
    const { conversation, turn_id: turnId, history, message: userMessage, settings } = row.data;
    return ok({ conversation, turnId, history, userMessage, settings });
  }
}
