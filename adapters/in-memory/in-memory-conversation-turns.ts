import { SESSION_ENDED, type ConversationStore, type ConversationTurns, type StartedTurn, type TurnHold, type TurnStart } from '../../core/chat/index.js';
import type { Clock } from '../../core/shared/index.js';
import type { UsageLedger } from '../../core/credits/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';

/** The sign-in sessions that stand, as the database's auth.sessions knows them. */
export interface SignInSessions {
  stands(userId: string, sessionId: string): boolean;
}

/**
 * Conversation turns in memory, owned by the conversations of `library` (the store it writes the
 * user message to); the holds `start` takes are the `ledger`'s; a start in a session asks `sessions`.
 */
export class InMemoryConversationTurns implements ConversationTurns {
  private readonly turns = new Map<string, { userId: string; turnId: string; expiresAt: number }>();
  private readonly clock: Clock;
  private readonly ledger: Pick<UsageLedger, 'holdCredits' | 'releaseHold'>;
  private sequence = 0;

  private readonly sessions: SignInSessions | null;

  constructor(private readonly library: ConversationStore, options: { clock?: Clock; ledger: Pick<UsageLedger, 'holdCredits' | 'releaseHold'>; sessions?: SignInSessions }) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.ledger = options.ledger;
    this.sessions = options.sessions ?? null;
  }

  async claim(input: { userId: string; conversationId: string; ttlSeconds: number }): Promise<Result<{ turnId: string }>> {
    const owned = await this.library.getConversation(input.userId, input.conversationId);
    if (!owned.success) return owned;
    if (!owned.data) return fail(domainError('not_found', `No conversation ${input.conversationId}`));
    // Checked and taken with no await in between: one claim wins, as the single SQL statement does.
    const now = this.clock.now().getTime();
    const held = this.turns.get(input.conversationId);
    if (held && held.expiresAt > now) return fail(domainError('conversation_busy', 'Another answer of this conversation is still running; wait for it or stop it'));
    this.sequence += 1;
    const turnId = `turn_${this.sequence}`;
    this.turns.set(input.conversationId, { userId: input.userId, turnId, expiresAt: now + input.ttlSeconds * 1000 });
    return ok({ turnId });
  }

  async release(input: { userId: string; conversationId: string; turnId: string }): Promise<Result<void>> {
    const held = this.turns.get(input.conversationId);
    if (held && held.userId === input.userId && held.turnId === input.turnId) this.turns.delete(input.conversationId);
    return ok(undefined);
  }

  async start(input: TurnStart): Promise<Result<StartedTurn>> {
    const { userId } = input;
    if (input.sessionId !== undefined) {
      if (this.sessions === null) return fail(domainError('unexpected', 'These conversation turns know no sign-in sessions to check'));
      if (!this.sessions.stands(userId, input.sessionId)) {
        return fail(domainError('not_authenticated', 'This session has ended (signed out); sign in again', { reason: SESSION_ENDED }));
      }
    }
    const held = await this.holdAll(userId, input.holds ?? [], input.holdTtlSeconds);
    if (!held.success) return held;
    const dropHolds = () => Promise.all([...held.data.values()].map((holdId) => this.ledger.releaseHold({ holdId, userId })));
    const started = await this.startTurn(input);
    if (!started.success) await dropHolds();
    return started.success ? ok({ ...started.data, holds: held.data }) : started;
  }

  /** Every hold or none; a refusal names the whole chat's need and what others hold. */
  private async holdAll(userId: string, holds: readonly TurnHold[], ttlSeconds: number | undefined): Promise<Result<Map<string, string>>> {
    const taken = new Map<string, string>();
    if (holds.length === 0) return ok(taken);
    if (ttlSeconds === undefined) return fail(domainError('validation', 'holdTtlSeconds is required with holds'));
    for (const hold of holds) {
      const one = await this.ledger.holdCredits({ userId, amount: hold.amount, ttlSeconds });
      if (one.success) {
        taken.set(hold.modelId, one.data.id);
        continue;
      }
      await Promise.all([...taken.values()].map((holdId) => this.ledger.releaseHold({ holdId, userId })));
      if (one.error.code !== 'insufficient_credits') return one;
      const own = holds.slice(0, taken.size).reduce((sum, h) => sum + h.amount, 0);
      const { balance, held } = one.error.details ?? {};
      return fail(domainError('insufficient_credits', 'Not enough credits', {
        ...(typeof balance === 'number' ? { balance } : {}),
        held: typeof held === 'number' ? held - own : 0,
        required: holds.reduce((sum, h) => sum + h.amount, 0),
      }));
    }
    return ok(taken);
  }

  private async startTurn(input: TurnStart): Promise<Result<Omit<StartedTurn, 'holds'>>> {
    const { userId } = input;
    let created = false;
    let conversation;
    if (input.conversationId === null) {
      const made = await this.library.createConversation(userId, input.title);
      if (!made.success) return made;
      conversation = made.data;
      created = true;
    } else {
      const found = await this.library.getConversation(userId, input.conversationId);
      if (!found.success) return found;
      if (!found.data) return fail(domainError('not_found', `No conversation ${input.conversationId}`));
      conversation = found.data;
    }
    // Nothing is written when refused, as the one SQL statement leaves nothing.
    const undo = async () => {
      if (created) await this.library.deleteConversation(userId, conversation.id);
    };
    const claimed = await this.claim({ userId, conversationId: conversation.id, ttlSeconds: input.ttlSeconds });
    if (!claimed.success) return (await undo(), claimed);
    const settings = input.settings
      ? await this.library.saveSettings(userId, conversation.id, input.settings)
      : await this.library.getSettings(userId, conversation.id);
    const history = settings.success ? await this.library.listMessages(userId, conversation.id) : settings;
    const saved = history.success ? await this.library.appendMessage(userId, conversation.id, input.message) : history;
    if (!settings.success || !history.success || !saved.success) {
      await this.release({ userId, conversationId: conversation.id, turnId: claimed.data.turnId });
      await undo();
      return (!settings.success ? settings : !history.success ? history : saved) as Result<never>;
    }
    const fresh = await this.library.getConversation(userId, conversation.id);
    return ok({
      conversation: fresh.success && fresh.data ? fresh.data : conversation,
      turnId: claimed.data.turnId,
      history: history.data,
      userMessage: saved.data,
      settings: settings.data,
    });
  }
}
