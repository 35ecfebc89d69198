import type { Clock } from '../../core/shared/index.js';
import { PERIOD_DAYS, leaderboardOf, turnAnswersOf, voteRefusal, type CompareVote, type CompareVotes, type ConversationLibrary, type LeaderboardPeriod, type LeaderboardRow, type NewCompareVote, type VotedAnswer } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

interface Row extends CompareVote {
  readonly userId: string;
  readonly answers: readonly VotedAnswer[];
}

/** What it reads of the conversations: the user's own, and the messages of one. */
type TurnReader = Pick<ConversationLibrary, 'getConversation' | 'listMessages'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Choices on side-by-side turns in memory, checked against the conversations of `library`. */
export class InMemoryCompareVotes implements CompareVotes {
  private readonly rows = new Map<string, Row>();
  private readonly clock: Clock;

  constructor(private readonly library: TurnReader, options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async recordVote(userId: string, vote: NewCompareVote): Promise<Result<CompareVote>> {
    const messages = await this.library.listMessages(userId, vote.conversationId);
    if (!messages.success) return messages.error.code === 'not_found' ? noTurn(vote.messageId) : messages;
    const turn = turnAnswersOf(messages.data, vote.messageId);
    if (!turn.found) return noTurn(vote.messageId);
    const refusal = voteRefusal(turn.answers, vote.modelId);
    if (refusal) return fail(domainError('validation', refusal));
    const row: Row = {
      userId, conversationId: vote.conversationId, messageId: vote.messageId, kind: vote.kind, modelId: vote.modelId, blind: vote.blind,
      models: turn.answers.map((a) => a.modelId), answers: turn.answers, createdAt: this.clock.now().toISOString(),
    };
    this.rows.set(`${userId}:${vote.messageId}:${vote.kind}`, row);
    return ok(strip(row));
  }

  async listVotes(userId: string, conversationId: string): Promise<Result<readonly CompareVote[]>> {
    const found = await this.library.getConversation(userId, conversationId);
    if (!found.success) return found;
    if (!found.data) return fail(domainError('not_found', `No conversation ${conversationId}`));
    const live = await this.live(userId);
    return ok(live.filter((r) => r.conversationId === conversationId).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(strip));
  }

  async leaderboard(userId: string, period: LeaderboardPeriod): Promise<Result<readonly LeaderboardRow[]>> {
    const days = PERIOD_DAYS[period];
    const since = days === null ? null : this.clock.now().getTime() - days * DAY_MS;
    const votes = (await this.live(userId)).filter((r) => r.kind === 'vote' && (since === null || Date.parse(r.createdAt) >= since));
    return ok(leaderboardOf(votes));
  }

  /** The user's rows whose turn still exists (a deleted conversation or message takes its votes, as the cascade does). */
  private async live(userId: string): Promise<Row[]> {
    const mine = [...this.rows.values()].filter((r) => r.userId === userId);
    const kept: Row[] = [];
    const messagesOf = new Map<string, ReadonlySet<string>>();
    for (const row of mine) {
      let ids = messagesOf.get(row.conversationId);
      if (!ids) {
        const listed = await this.library.listMessages(userId, row.conversationId);
        ids = new Set(listed.success ? listed.data.map((m) => m.id) : []);
        messagesOf.set(row.conversationId, ids);
      }
      if (ids.has(row.messageId)) kept.push(row);
      else this.rows.delete(`${userId}:${row.messageId}:${row.kind}`);
    }
    return kept;
  }
}

const noTurn = (messageId: string) => fail(domainError('not_found', `No turn ${messageId} in this conversation`));
const strip = ({ conversationId, messageId, kind, modelId, blind, models, createdAt }: Row): CompareVote => ({ conversationId, messageId, kind, modelId, blind, models, createdAt });
