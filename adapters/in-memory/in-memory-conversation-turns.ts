import type { Clock } from '../../core/ports/clock.js';
import type { ConversationLibrary } from '../../core/ports/conversation-store.js';
import type { ConversationTurns } from '../../core/ports/conversation-turns.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok, type Result } from '../../core/shared/result.js';

/** Conversation turns in memory, owned by the conversations of `library`. */
export class InMemoryConversationTurns implements ConversationTurns {
  private readonly turns = new Map<string, { userId: string; turnId: string; expiresAt: number }>();
  private readonly clock: Clock;
  private sequence = 0;

  constructor(private readonly library: ConversationLibrary, options: { clock?: Clock } = {}) {
    this.clock = options.clock ?? { now: () => new Date() };
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
}
