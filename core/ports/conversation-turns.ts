import type { Result } from '../shared/result.js';

/**
 * One turn at a time per conversation (send, regenerate, edit-last), across every server instance:
 * `claim` fails `conversation_busy` while another unexpired turn holds the conversation, and
 * `not_found` for a conversation that is not the user's. `release` is idempotent; a turn left by a
 * crashed server stops counting after its ttl.
 */
export interface ConversationTurns {
  claim(input: { userId: string; conversationId: string; ttlSeconds: number }): Promise<Result<{ turnId: string }>>;
  release(input: { userId: string; conversationId: string; turnId: string }): Promise<Result<void>>;
}
