import type { CompareVote, CompareVotes, LeaderboardPeriod, LeaderboardRow, NewCompareVote } from '../../core/chat/index.js';
import { ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { leaderboardAnswer, voteAnswer, votesAnswer } from '../api-contract/api-contract.js';

/** The caller's votes and leaderboard through /api (the userId is the token's). */
export class ApiCompareVotes implements CompareVotes {
  private readonly api: ApiClient;

  constructor(options: ApiClientOptions) {
    this.api = new ApiClient(options);
  }

  async recordVote(_userId: string, vote: NewCompareVote): Promise<Result<CompareVote>> {
    const path = `/api/conversations/${encodeURIComponent(vote.conversationId)}/turns/${encodeURIComponent(vote.messageId)}/vote`;
    const r = await this.api.parsed(path, voteAnswer, 'vote', { method: 'PUT', json: { modelId: vote.modelId, blind: vote.blind, kind: vote.kind } });
    return r.success ? ok(r.data.vote) : r;
  }

  async listVotes(_userId: string, conversationId: string): Promise<Result<readonly CompareVote[]>> {
    const r = await this.api.parsed(`/api/conversations/${encodeURIComponent(conversationId)}/votes`, votesAnswer, 'vote list');
    return r.success ? ok(r.data.votes) : r;
  }

  async leaderboard(_userId: string, period: LeaderboardPeriod): Promise<Result<readonly LeaderboardRow[]>> {
    const r = await this.api.parsed(`/api/leaderboard?period=${encodeURIComponent(period)}`, leaderboardAnswer, 'leaderboard');
    return r.success ? ok(r.data.rows) : r;
  }
}
