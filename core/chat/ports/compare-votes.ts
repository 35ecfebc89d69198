import type { CompareVote, LeaderboardPeriod, LeaderboardRow, NewCompareVote } from '../domain/compare-votes.js';
import type { Result } from '../../shared/index.js';

/**
 * A user's choices on side-by-side turns and the leaderboard they add up to; nothing of one user
 * counts for or shows to another. The browser's adapter goes through /api, the server's to the
 * database, naming the user in every query.
 */
export interface CompareVotes {
  /**
   * Records a choice on the turn opened by user message `messageId` (a second of the same kind on
   * that turn replaces the first). not_found: the conversation or the turn is not the user's;
   * validation: the model did not answer in that turn, or fewer than two models did.
   */
  recordVote(userId: string, vote: NewCompareVote): Promise<Result<CompareVote>>;
  /** The user's choices on one of their conversations, oldest first; not_found when it is not theirs. */
  listVotes(userId: string, conversationId: string): Promise<Result<readonly CompareVote[]>>;
  /** The user's models ranked by their votes over the period (see byRank). */
  leaderboard(userId: string, period: LeaderboardPeriod): Promise<Result<readonly LeaderboardRow[]>>;
}
