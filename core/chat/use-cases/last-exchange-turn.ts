import type { ChatMessage } from '../domain/chat.js';
import { exchangeOf, type Exchange } from '../domain/chat-rules.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import { domainError, fail, ok, type Result } from '../../shared/index.js';
import { claimTurn, type HeldTurn } from './conversation-turn.js';
import type { ChatDeps } from './run-chat.js';

/** What regenerate and edit act on, read while the conversation's turn is theirs. */
export interface LastExchangeTurn {
  readonly turn: HeldTurn;
  /** Gives the turn back and answers `failure` (for a refusal before anything is removed). */
  give<T>(failure: Result<T>): Promise<Result<T>>;
  readonly messages: readonly ChatMessage[];
  readonly settings: ConversationSettings;
  readonly last: Exchange;
  /** The models the last question was asked of, as it recorded them. */
  readonly asked: readonly string[] | undefined;
  /** The models to ask now: those requested, else the turn's columns' models as shown (or as asked). */
  readonly modelIds: readonly string[];
}

/**
 * Claims the conversation's turn (one run at a time: `conversation_busy` otherwise), then reads its
 * messages and settings and finds the last exchange. Every refusal gives the turn back.
 */
export async function claimLastExchange(
  deps: ChatDeps,
  userId: string,
  conversationId: string,
  requested: readonly string[] | undefined,
  nothingToDo: string,
  /** A user message of the visible path; absent: the last one. */
  userMessageId?: string,
): Promise<Result<LastExchangeTurn>> {
  const turn = await claimTurn(deps, userId, conversationId);
  if (!turn.success) return turn;
  const give = async <T>(failure: Result<T>): Promise<Result<T>> => (await turn.data.end(), failure);

  const [messages, settings] = await Promise.all([
    deps.conversationStore.listMessages(userId, conversationId),
    deps.conversationStore.getSettings(userId, conversationId),
  ]);
  if (!messages.success) return give(messages);
  if (!settings.success) return give(settings);
  const last = exchangeOf(messages.data, userMessageId);
  if (!last) return give(fail(userMessageId === undefined ? domainError('validation', nothingToDo) : domainError('not_found', `No message ${userMessageId} of yours is shown in this conversation`)));
  const asked = last.userMessage.modelIds;
  const modelIds = requested ?? (last.columns.size > 0 ? [...new Set(last.columns.values())] : last.answeredBy);
  if (modelIds.length === 0) return give(fail(domainError('validation', 'Choose at least one model')));
  return ok({ turn: turn.data, give, messages: messages.data, settings: settings.data, last, asked, modelIds });
}
