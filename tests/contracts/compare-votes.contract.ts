/**
 * CompareVotes contract: a user's choices on side-by-side turns and their leaderboard. Run against
 * the in-memory adapter, the Postgres one (service role and the user's token) and the browser's
 * ApiCompareVotes over /api.
 *
 * Harness: `votes`, `store` (writes conversations the server's way), `createUser()`, `actAs(userId)`;
 * optional `seedVotedTurns(userId, turns)`: a conversation of that many side-by-side turns, each with a
 * vote and a continue choice, written faster than the adapter would (without it, the case about the
 * API's row cap writes its turns through the adapter itself, past a page of 100).
 */
import { describe, expect, it } from 'vitest';
import type { CompareVotes, ConversationStore } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

type Store = Pick<ConversationStore, 'createConversation' | 'appendMessage' | 'listMessages' | 'deleteConversation'>;

export interface CompareVotesHarness {
  readonly votes: CompareVotes;
  readonly store: Store;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  seedVotedTurns?(userId: string, turns: number): Promise<{ readonly conversationId: string; readonly turnIds: readonly string[] }>;
  /**
   * The most rows the API the adapter reads through answers a request (PostgREST's "Max rows"): the
   * case past it seeds one turn more than it holds. A stand-in started with a low cap proves the same
   * as a hosted project's 1,000 with a tenth of the rows to seed.
   */
  readonly rowCap?: number;
}

/** A hosted Supabase API's row cap by default ("Max rows"). */
const HOSTED_ROW_CAP = 1000;
/** Seeding a thousand rows takes a while on a loaded machine. */
const SEEDED_CASE_MS = 120_000;

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const code = (r: Result<unknown>) => (r.success ? 'ok' : r.error.code);

interface Answer { readonly modelId: string; readonly credits?: number; readonly firstTokenMs?: number }

/** A side-by-side turn written as the chat use cases write it: the question, then one answer per model. */
async function turn(store: Store, userId: string, conversationId: string, answers: readonly Answer[]): Promise<string> {
  const question = data(await store.appendMessage(userId, conversationId, {
    role: 'user', content: `Which is best? ${answers.map((a) => a.modelId).join(' ')}`, modelId: answers[0]?.modelId ?? null,
    modelIds: answers.map((a) => a.modelId), inputTokens: null, outputTokens: null,
  }));
  for (const a of answers) {
    data(await store.appendMessage(userId, conversationId, {
      role: 'assistant', content: `Answer of ${a.modelId}`, modelId: a.modelId, inputTokens: 10, outputTokens: 20,
      ...(a.firstTokenMs !== undefined ? { firstTokenMs: a.firstTokenMs, durationMs: a.firstTokenMs + 100 } : {}),
      ...(a.credits !== undefined ? { creditsCharged: a.credits } : {}),
    }));
  }
  return question.id;
}

/** Votes past a page of this many rows, for a harness whose reads have no row cap. */
const UNCAPPED_CASE_ROWS = 100;

/** `turns` side-by-side turns of two models, each with a vote and a continue choice, written through the harness's adapters. */
async function voteTurns(h: CompareVotesHarness, user: string, conversationId: string, turns: number): Promise<{ readonly conversationId: string; readonly turnIds: readonly string[] }> {
  const turnIds: string[] = [];
  for (let i = 0; i < turns; i += 1) {
    const messageId = await turn(h.store, user, conversationId, [{ modelId: 'alpha' }, { modelId: 'beta' }]);
    data(await h.votes.recordVote(user, { conversationId, messageId, modelId: 'alpha', kind: 'vote', blind: true }));
    data(await h.votes.recordVote(user, { conversationId, messageId, modelId: 'beta', kind: 'continue', blind: true }));
    turnIds.push(messageId);
  }
  return { conversationId, turnIds };
}

export function compareVotesContract(name: string, makeHarness: () => Promise<CompareVotesHarness>): void {
  describe(`CompareVotes contract: ${name}`, () => {
    const world = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      const conversation = data(await h.store.createConversation(user, 'Compare')).id;
      return { h, user, conversation, votes: h.votes };
    };

    it('records the best answer of a turn; a second vote on it replaces the first; a continue choice is kept beside it', async () => {
      const { h, user, conversation, votes } = await world();
      const messageId = await turn(h.store, user, conversation, [{ modelId: 'alpha' }, { modelId: 'beta' }, { modelId: 'gamma' }]);
      expect(data(await votes.listVotes(user, conversation))).toEqual([]);
      const first = data(await votes.recordVote(user, { conversationId: conversation, messageId, modelId: 'beta', kind: 'vote', blind: true }));
      expect(first).toMatchObject({ conversationId: conversation, messageId, modelId: 'beta', kind: 'vote', blind: true, models: ['alpha', 'beta', 'gamma'] });
      expect(Number.isNaN(Date.parse(first.createdAt))).toBe(false);
      data(await votes.recordVote(user, { conversationId: conversation, messageId, modelId: 'gamma', kind: 'vote', blind: false }));
      data(await votes.recordVote(user, { conversationId: conversation, messageId, modelId: 'alpha', kind: 'continue', blind: false }));
      const listed = data(await votes.listVotes(user, conversation));
      expect(listed.map((v) => [v.kind, v.modelId, v.blind]).sort()).toEqual([['continue', 'alpha', false], ['vote', 'gamma', false]]);
    });

    it('refuses a model that did not answer, and a turn of one model (validation); nothing is stored', async () => {
      const { h, user, conversation, votes } = await world();
      const pair = await turn(h.store, user, conversation, [{ modelId: 'alpha' }, { modelId: 'beta' }]);
      const single = await turn(h.store, user, conversation, [{ modelId: 'alpha' }]);
      expect(code(await votes.recordVote(user, { conversationId: conversation, messageId: pair, modelId: 'delta', kind: 'vote', blind: false }))).toBe('validation');
      expect(code(await votes.recordVote(user, { conversationId: conversation, messageId: single, modelId: 'alpha', kind: 'vote', blind: false }))).toBe('validation');
      expect(data(await votes.listVotes(user, conversation))).toEqual([]);
    });

    it('a turn that is not a question of this conversation is not found', async () => {
      const { h, user, conversation, votes } = await world();
      const pair = await turn(h.store, user, conversation, [{ modelId: 'alpha' }, { modelId: 'beta' }]);
      const answer = data(await h.store.listMessages(user, conversation)).find((m) => m.role === 'assistant');
      const other = data(await h.store.createConversation(user, 'Other')).id;
      for (const [conversationId, messageId] of [
        [conversation, answer?.id ?? 'none'],
        [conversation, '00000000-0000-4000-8000-000000000000'],
        [other, pair],
        ['00000000-0000-4000-8000-000000000000', pair],
        ['not-an-id', 'not-an-id'],
      ] as const) {
        expect(code(await votes.recordVote(user, { conversationId, messageId, modelId: 'alpha', kind: 'vote', blind: false }))).toBe('not_found');
      }
      expect(code(await votes.listVotes(user, '00000000-0000-4000-8000-000000000000'))).toBe('not_found');
    });

    it('another user can neither vote on, nor read the votes of, nor count a turn of the owner', async () => {
      const { h, user, conversation, votes } = await world();
      const messageId = await turn(h.store, user, conversation, [{ modelId: 'alpha', credits: 5 }, { modelId: 'beta', credits: 7 }]);
      data(await votes.recordVote(user, { conversationId: conversation, messageId, modelId: 'alpha', kind: 'vote', blind: true }));
      const mallory = await h.createUser();
      await h.actAs(mallory);
      expect(code(await votes.recordVote(mallory, { conversationId: conversation, messageId, modelId: 'beta', kind: 'vote', blind: false }))).toBe('not_found');
      expect(code(await votes.listVotes(mallory, conversation))).toBe('not_found');
      expect(data(await votes.leaderboard(mallory, 'all'))).toEqual([]);
      await h.actAs(user);
      expect(data(await votes.listVotes(user, conversation)).map((v) => v.modelId)).toEqual(['alpha']);
      expect(data(await votes.leaderboard(user, 'all')).map((r) => [r.modelId, r.wins])).toEqual([['alpha', 1], ['beta', 0]]);
    });

    it('a conversation of more votes than the API answers rows (its row cap) lists them all', async () => {
      const { h, user, conversation, votes } = await world();
      // Two choices (a vote and a continue) a turn: one turn more than the cap holds. A harness without a
      // cap (in memory, or /api over it) gets past a page of 100, written through the adapter itself.
      const turns = Math.floor((h.rowCap ?? (h.seedVotedTurns ? HOSTED_ROW_CAP : UNCAPPED_CASE_ROWS)) / 2) + 1;
      const seeded = h.seedVotedTurns ? await h.seedVotedTurns(user, turns) : await voteTurns(h, user, conversation, turns);
      const listed = data(await votes.listVotes(user, seeded.conversationId));
      expect(listed).toHaveLength(turns * 2);
      expect(new Set(listed.map((v) => `${v.messageId} ${v.kind}`)).size).toBe(turns * 2);
      expect(new Set(listed.map((v) => v.messageId))).toEqual(new Set(seeded.turnIds));
      expect(listed.every((v) => v.conversationId === seeded.conversationId)).toBe(true);
    }, SEEDED_CASE_MS);

    it('the leaderboard adds up the votes: wins, comparisons, win rate, credits per win and the median time to first word', async () => {
      const { h, user, conversation, votes } = await world();
      const vote = async (answers: readonly Answer[], winner: string, kind: 'vote' | 'continue' = 'vote') =>
        data(await votes.recordVote(user, { conversationId: conversation, messageId: await turn(h.store, user, conversation, answers), modelId: winner, kind, blind: false }));
      await vote([{ modelId: 'alpha', credits: 10, firstTokenMs: 100 }, { modelId: 'beta', credits: 3, firstTokenMs: 400 }], 'alpha');
      await vote([{ modelId: 'alpha', credits: 20, firstTokenMs: 300 }, { modelId: 'beta', credits: 5, firstTokenMs: 200 }, { modelId: 'gamma' }], 'alpha');
      await vote([{ modelId: 'beta', credits: 4, firstTokenMs: 250 }, { modelId: 'alpha', credits: 11, firstTokenMs: 150 }], 'beta');
      // A continue choice is kept, not counted.
      await vote([{ modelId: 'gamma' }, { modelId: 'beta' }], 'gamma', 'continue');
      const board = data(await votes.leaderboard(user, 'all'));
      expect(board).toEqual([
        { modelId: 'alpha', comparisons: 3, wins: 2, winRate: 2 / 3, creditsPerWin: 41 / 2, medianFirstTokenMs: 150 },
        { modelId: 'beta', comparisons: 3, wins: 1, winRate: 1 / 3, creditsPerWin: 12, medianFirstTokenMs: 250 },
        { modelId: 'gamma', comparisons: 1, wins: 0, winRate: 0, creditsPerWin: null, medianFirstTokenMs: null },
      ]);
      expect(data(await votes.leaderboard(user, '7d'))).toEqual(board);
    });

    it('the median of an even count is the mean of the two middle values; a deleted conversation takes its votes', async () => {
      const { h, user, conversation, votes } = await world();
      for (const [a, b] of [[100, 900], [300, 700]] as const) {
        const messageId = await turn(h.store, user, conversation, [{ modelId: 'alpha', firstTokenMs: a }, { modelId: 'beta', firstTokenMs: b }]);
        data(await votes.recordVote(user, { conversationId: conversation, messageId, modelId: 'beta', kind: 'vote', blind: false }));
      }
      const board = data(await votes.leaderboard(user, '30d'));
      expect(board.map((r) => [r.modelId, r.wins, r.medianFirstTokenMs])).toEqual([['beta', 2, 800], ['alpha', 0, 200]]);
      data(await h.store.deleteConversation(user, conversation));
      expect(data(await votes.leaderboard(user, 'all'))).toEqual([]);
    });
  });
}
