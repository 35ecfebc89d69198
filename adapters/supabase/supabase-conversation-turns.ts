import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { SESSION_ENDED, type ConversationTurns, type StartedTurn, type TurnStart } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { contextPolicyColumn, messageRow, modelSettingsColumn, settingsRow } from './conversation-rows.js';
import { fromRest, parseRow } from './supabase-errors.js';

const iso = z.string().transform((value) => new Date(value).toISOString());
const startedRow = z.object({
  conversation: z.object({ id: z.string(), user_id: z.string(), title: z.string(), created_at: iso, updated_at: iso })
    .transform((c) => ({ id: c.id, userId: c.user_id, title: c.title, createdAt: c.created_at, updatedAt: c.updated_at })),
  turn_id: z.string(),
  history: z.array(messageRow),
  message: messageRow,
  settings: settingsRow,
  holds: z.record(z.string(), z.string()),
});

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const notFound = (id: string) => fail(domainError('not_found', `No conversation ${id}`));

/** start_conversation_turn raises `insufficient_credits: balance B, held H, required R` for the whole chat. */
const HOLD_REFUSAL = /^insufficient_credits: balance (-?\d+), held (\d+), required (\d+)/;
const busy = () => fail(domainError('conversation_busy', 'Another answer of this conversation is still running; wait for it or stop it'));
const sessionEnded = () => fail(domainError('not_authenticated', 'This session has ended (signed out); sign in again', { reason: SESSION_ENDED }));

/**
 * Conversation turns in Postgres (claim_conversation_turn / release_conversation_turn /
 * start_conversation_turn, service role only). `instanceId`: the registered app server instance
 * (SupabaseServerInstance) whose turns and holds these are, so they lapse with its lease.
 */
export class SupabaseConversationTurns implements ConversationTurns {
  constructor(
    private readonly service: SupabaseClient,
    private readonly options: { readonly instanceId?: () => string | null } = {},
  ) {}

  private instance(): { p_instance_id?: string } {
    const id = this.options.instanceId?.() ?? null;
    return id === null ? {} : { p_instance_id: id };
  }

  async claim(input: { userId: string; conversationId: string; ttlSeconds: number }): Promise<Result<{ turnId: string }>> {
    if (!isUuid(input.conversationId)) return notFound(input.conversationId);
    const { data, error, status } = await this.service.rpc('claim_conversation_turn', {
      p_user_id: input.userId,
      p_conversation_id: input.conversationId,
      p_ttl_seconds: input.ttlSeconds,
      ...this.instance(),
    });
    if (error?.code === 'P0001') return busy();
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

  async start(input: TurnStart): Promise<Result<StartedTurn>> {
    if (input.conversationId !== null && !isUuid(input.conversationId)) return notFound(input.conversationId);
    if (input.sessionId !== undefined && !isUuid(input.sessionId)) return sessionEnded();
    const holds = input.holds ?? [];
    // In a session: the same step, behind the check that the session stands (one round trip still).
    const { data, error, status } = await this.service.rpc(input.sessionId === undefined ? 'start_conversation_turn' : 'start_conversation_turn_in_session', {
      ...(input.sessionId === undefined ? {} : { p_session_id: input.sessionId }),
      p_user_id: input.userId,
      p_conversation_id: input.conversationId,
      p_title: input.title,
      p_content: input.message.content,
      p_model_id: input.message.modelId,
      p_model_ids: input.message.modelIds && input.message.modelIds.length > 0 ? [...input.message.modelIds] : null,
      p_ttl_seconds: input.ttlSeconds,
      ...(input.settings
        ? { p_instruction: input.settings.instruction, p_model_settings: modelSettingsColumn(input.settings), p_context_policy: contextPolicyColumn(input.settings) }
        : {}),
      ...(holds.length > 0
        ? { p_holds: holds.map((h) => ({ model_id: h.modelId, amount: h.amount })), p_hold_ttl_seconds: input.holdTtlSeconds ?? null }
        : {}),
      ...this.instance(),
    });
    const refusal = error?.code === 'P0001' ? HOLD_REFUSAL.exec(error.message) : null;
    if (refusal) {
      const [balance, held, required] = refusal.slice(1).map(Number) as [number, number, number];
      return fail(domainError('insufficient_credits', `Not enough credits: balance ${balance}, held ${held}, required ${required}`, { balance, held, required }));
    }
    if (error?.code === 'P0001' && error.message.startsWith(`${SESSION_ENDED}:`)) return sessionEnded();
    if (error?.code === 'P0001') return busy();
    if (error?.code === 'P0002') return notFound(input.conversationId ?? 'new');
    if (error) return fail(fromRest('Could not save the message', error, status));
    const row = parseRow('Could not save the message', startedRow, data);
    if (!row.success) return row;
    const { conversation, turn_id: turnId, history, message: userMessage, settings } = row.data;
    return ok({ conversation, turnId, history, userMessage, settings, holds: new Map(Object.entries(row.data.holds)) });
  }
}
