import { z } from 'zod';
import { DEFAULT_LEADERBOARD_PERIOD, leaderboardPeriodSchema, newCompareVoteSchema, type CompareVote, type LeaderboardPeriod, type LeaderboardRow } from '../domain/compare-votes.js';
import type { CompareVotes } from '../ports/compare-votes.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type Deps = { readonly currentUser: CurrentUser; readonly compareVotes: CompareVotes };

const conversationSchema = z.object({ conversationId: z.string({ error: 'Conversation id must be text' }).trim().min(1, 'Conversation id must not be empty').max(100, 'Conversation id is too long') });
const periodSchema = z.object({ period: leaderboardPeriodSchema.default(DEFAULT_LEADERBOARD_PERIOD) });

/** The best answer of a side-by-side turn ('vote'), or the model the user goes on with ('continue'). */
export const makeRecordCompareVote =
  (deps: Deps) =>
  async (input: { conversationId: string; messageId: string; modelId: string; kind?: 'vote' | 'continue'; blind?: boolean }): Promise<Result<CompareVote>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(newCompareVoteSchema, input);
    if (!valid.success) return valid;
    return deps.compareVotes.recordVote(user.data.id, valid.data);
  };

/** The user's choices on one of their conversations (a reopened chat shows its votes). */
export const makeListCompareVotes =
  (deps: Deps) =>
  async (input: { conversationId: string }): Promise<Result<readonly CompareVote[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(conversationSchema, input);
    if (!valid.success) return valid;
    return deps.compareVotes.listVotes(user.data.id, valid.data.conversationId);
  };

/** The user's own leaderboard over a period (default: 30 days). */
export const makeListLeaderboard =
  (deps: Deps) =>
  async (input: { period?: LeaderboardPeriod } = {}): Promise<Result<readonly LeaderboardRow[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(periodSchema, input);
    if (!valid.success) return valid;
    return deps.compareVotes.leaderboard(user.data.id, valid.data.period);
  };
