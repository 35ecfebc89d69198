import type { ChatMessage, Conversation } from '../domain/chat.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import type { Result } from '../../shared/index.js';
import type { NewMessage } from './conversation-store.js';

/** A turn started with its user message: what the models need, in one step. */
export interface StartedTurn {
  readonly conversation: Conversation;
  readonly turnId: string;
  /** The conversation's messages before this one, oldest first. */
  readonly history: readonly ChatMessage[];
  readonly userMessage: ChatMessage;
  /** The conversation's instruction and model settings, as stored after this step. */
  readonly settings: ConversationSettings;
  /** The credit holds taken in the same step (`holds` of the input), by model id. */
  readonly holds: ReadonlyMap<string, string>;
}

/** What `start` takes: see ConversationTurns.start. */
export interface TurnStart {
  readonly userId: string;
  readonly conversationId: string | null;
  readonly title: string;
  readonly message: NewMessage & { readonly role: 'user' };
  readonly ttlSeconds: number;
  readonly settings?: ConversationSettings;
  readonly holds?: readonly TurnHold[];
  readonly holdTtlSeconds?: number;
  readonly sessionId?: string;
}

/** Credits to hold for one model's answer, taken in the same step as the turn. */
export interface TurnHold {
  readonly modelId: string;
  readonly amount: number;
}

/**
 * One turn at a time per conversation (send, regenerate, edit-last), across every server instance:
 * `claim` fails `conversation_busy` while another unexpired turn holds the conversation, and
 * `not_found` for a conversation that is not the user's. `release` is idempotent; a turn left by a
 * crashed server stops counting soon after (with the server's instance lease) or after its ttl.
 */
export interface ConversationTurns {
  claim(input: { userId: string; conversationId: string; ttlSeconds: number }): Promise<Result<{ turnId: string }>>;
  release(input: { userId: string; conversationId: string; turnId: string }): Promise<Result<void>>;
  /**
   * A new message's turn in one step: creates the conversation (named `title`) when
   * `conversationId` is null, claims its turn as `claim` does, reads the history, and saves the user
   * message. With `settings`, they replace the conversation's own first (a new chat's settings
   * arrive with its first message). With `holds`, the credits of its answers are held in the same
   * step, as UsageLedger.holdCredits holds them (all or none: `insufficient_credits` with the
   * `balance`, what other running answers `held` and the `required` total). The same refusals as
   * `claim`; nothing is written when refused. One round trip before the first token. With
   * `sessionId`, the caller's sign-in session is checked in the same step: once it has ended (signed
   * out) the step writes nothing and is refused `not_authenticated` (details `reason: 'session_ended'`).
   */
  start(input: TurnStart): Promise<Result<StartedTurn>>;
}

/** The refusal of a step taken in a sign-in session that has ended. */
export const SESSION_ENDED = 'session_ended';
