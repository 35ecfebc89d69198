import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { PERIOD_DAYS, VOTE_KINDS, byRank, leaderboardRowOf, turnAnswersOf, voteRefusal, type CompareVote, type CompareVotes, type ConversationLibrary, type LeaderboardPeriod, type LeaderboardRow, type NewCompareVote } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

/** What it reads of the conversations: the user's own, and the messages of one. */
type TurnReader = Pick<ConversationLibrary, 'getConversation' | 'listMessages'>;

const COLUMNS = 'conversation_id, message_id, kind, winner_model_id, blind, models, created_at';
const voteRow = z
  .object({ conversation_id: z.string(), message_id: z.string(), kind: z.enum(VOTE_KINDS), winner_model_id: z.string(), blind: z.boolean(), models: z.array(z.string()), created_at: z.string() })
  .transform((r): CompareVote => ({
    conversationId: r.conversation_id, messageId: r.message_id, kind: r.kind, modelId: r.winner_model_id, blind: r.blind, models: r.models,
    createdAt: new Date(r.created_at).toISOString(),
  }));
const totalsRow = z
  .object({ model_id: z.string(), comparisons: z.number().int(), wins: z.number().int(), credits: z.coerce.number(), median_first_token_ms: z.number().nullable() })
  .transform((r) => leaderboardRowOf({ modelId: r.model_id, comparisons: r.comparisons, wins: r.wins, credits: r.credits, medianFirstTokenMs: r.median_first_token_ms }));

const noTurn = (messageId: string) => fail(domainError('not_found', `No turn ${messageId} in this conversation`));

/**
 * compare_votes, every query naming its user (the service role bypasses row-level security). The
 * turn is read through the conversation library, so a choice names only the user's own turn and
 * the figures kept with it are the stored answers'.
 */
export class SupabaseCompareVotes implements CompareVotes {
  constructor(private readonly client: SupabaseClient, private readonly library: TurnReader) {}

  async recordVote(userId: string, vote: NewCompareVote): Promise<Result<CompareVote>> {
    const messages = await this.library.listMessages(userId, vote.conversationId);
    if (!messages.success) return messages.error.code === 'not_found' ? noTurn(vote.messageId) : messages;
    const turn = turnAnswersOf(messages.data, vote.messageId);
    if (!turn.found) return noTurn(vote.messageId);
    const refusal = voteRefusal(turn.answers, vote.modelId);
    if (refusal) return fail(domainError('validation', refusal));
    const { data, error, status } = await this.client
      .from('compare_votes')
      .upsert({
        user_id: userId, conversation_id: vote.conversationId, message_id: vote.messageId, kind: vote.kind, winner_model_id: vote.modelId, blind: vote.blind,
        models: turn.answers.map((a) => a.modelId), credits: turn.answers.map((a) => a.creditsCharged), first_token_ms: turn.answers.map((a) => a.firstTokenMs),
        created_at: new Date().toISOString(),
      }, { onConflict: 'user_id,message_id,kind' })
      .select(COLUMNS)
      .single();
    // The turn went away between the read and the write (a foreign key refused it).
    if (error?.code === '23503') return noTurn(vote.messageId);
    if (error) return fail(fromRest('Could not record the vote', error, status));
    return parseRow('Could not record the vote', voteRow, data);
  }

  async listVotes(userId: string, conversationId: string): Promise<Result<readonly CompareVote[]>> {
    const found = await this.library.getConversation(userId, conversationId);
    if (!found.success) return found;
    if (!found.data) return fail(domainError('not_found', `No conversation ${conversationId}`));
    // One JSON value (conversation_votes_json), so the API's row cap never cuts a long conversation's votes.
    const { data, error, status } = await this.client.rpc('conversation_votes_json', { p_user_id: userId, p_conversation_id: conversationId });
    if (error) return fail(fromRest('Could not list the votes', error, status));
    return parseRow('Could not list the votes', z.array(voteRow), data);
  }

  async leaderboard(userId: string, period: LeaderboardPeriod): Promise<Result<readonly LeaderboardRow[]>> {
    const { data, error, status } = await this.client.rpc('compare_leaderboard', { p_user_id: userId, p_days: PERIOD_DAYS[period] });
    if (error) return fail(fromRest('Could not read the leaderboard', error, status));
    const rows = parseRow('Could not read the leaderboard', z.array(totalsRow), data);
    return rows.success ? ok([...rows.data].sort(byRank)) : rows;
  }
}
