import { type Logger, type Result, ok } from '../../shared/index.js';
import type { ConversationTurns } from '../ports/conversation-turns.js';
import type { ChatRun } from './chat-answers.js';

/** A turn outlives any answer: the model stream's own limits end it long before (a crash leaves it to expire). */
export const CHAT_TURN_TTL_SECONDS = 15 * 60;

export interface TurnDeps {
  readonly conversationTurns: ConversationTurns;
  readonly logger: Logger;
}

/** The conversation's turn, held until the run settles; `end` gives it back (once). */
export interface HeldTurn {
  end(): Promise<void>;
}

/** A claimed turn, given back once. */
export function heldTurn(deps: TurnDeps, userId: string, conversationId: string, turnId: string): HeldTurn {
  let ended = false;
  return {
    end: async () => {
      if (ended) return;
      ended = true;
      const released = await deps.conversationTurns.release({ userId, conversationId, turnId });
      if (!released.success) deps.logger.warn('A conversation turn could not be released; it expires by itself', { userId, conversationId, error: released.error });
    },
  };
}

/** Claims the conversation for one run: `conversation_busy` while another runs, `not_found` when it is not the user's. */
export async function claimTurn(deps: TurnDeps, userId: string, conversationId: string): Promise<Result<HeldTurn>> {
  const claimed = await deps.conversationTurns.claim({ userId, conversationId, ttlSeconds: CHAT_TURN_TTL_SECONDS });
  if (!claimed.success) return claimed;
  return ok(heldTurn(deps, userId, conversationId, claimed.data.turnId));
}

/** The run, with its turn given back once every answer is saved and charged (before `settled` resolves). */
export function releasingWhenSettled(run: ChatRun, turn: HeldTurn): ChatRun {
  return { ...run, settled: run.settled.then(async (answers) => (await turn.end(), answers)) };
}
