import { z } from 'zod';
import { conversationIdSchema, messageSchema, modelIdsSchema, titleFromMessage } from '../domain/chat-rules.js';
import { conversationSettingsSchema, NO_SETTINGS, type ConversationSettings } from '../domain/conversation-settings.js';
import { CHAT_HOLD_TTL_SECONDS } from '../domain/credits.js';
import { estimateTokens } from '../domain/usage-pricing.js';
import type { StartedTurn, TurnHold } from '../ports/conversation-turns.js';
import type { AbortSignalLike } from '../shared/abort.js';
import { parseInput } from '../shared/parse-input.js';
import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { streamAnswers } from './support/chat-answers.js';
import type { AnswerDeps, ChatRun } from './support/chat-answers.js';
import { chatPreflight, insufficient, priceChat, releaseHolds, requireSubscription, type ChatAdmission } from './support/chat-preflight.js';
import type { PreflightDeps } from './support/chat-preflight.js';
import { CHAT_TURN_TTL_SECONDS, heldTurn, releasingWhenSettled } from './support/conversation-turn.js';
import type { TurnDeps } from './support/conversation-turn.js';
import { requireUser } from './support/current-user.js';
import type { CurrentUser } from './support/current-user.js';

export type ChatDeps = AnswerDeps & PreflightDeps & TurnDeps & { readonly currentUser: CurrentUser };

const inputSchema = z.object({
  conversationId: conversationIdSchema.optional(),
  message: messageSchema,
  modelIds: modelIdsSchema,
  settings: conversationSettingsSchema.optional(),
});

export interface RunChatInput {
  readonly conversationId?: string;
  readonly message: string;
  readonly modelIds: readonly string[];
  /** Stored with the conversation before the models are asked (a new chat's instruction and settings). */
  readonly settings?: ConversationSettings;
  readonly signal?: AbortSignalLike;
}

/**
 * Sends a message to one to six models side by side (server side: the browser reaches it through
 * /api/chat). Refuses before any model runs: bad input, unknown or unconfigured models, paid models
 * without an active subscription (`forbidden`), a balance below the minimal answer, or one that
 * other running chats already hold (`insufficient_credits`; see chatPreflight). Then saves the user message (in a new conversation named after it when
 * no conversation is given) and streams the answers, each saved and charged as it ends.
 */
export const makeRunChat =
  (deps: ChatDeps) =>
  async (input: RunChatInput): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId, message, modelIds, settings } = valid.data;
    const userId = user.data.id;

    // One step writes the message: the conversation (when new), its turn (one at a time: a second
    // send while an answer runs is conversation_busy) and the user message, with the history the
    // models see. A new conversation has no history, so its price is known before that step and its
    // credit holds are taken in it too: one round trip before the first token.
    const newMessage = {
      role: 'user' as const,
      content: message,
      modelId: modelIds.length === 1 ? (modelIds[0] as string) : null,
      modelIds,
      inputTokens: null,
      outputTokens: null,
    };
    const begin = (holds: readonly TurnHold[] = []) =>
      deps.conversationTurns.start({
        userId,
        conversationId: conversationId ?? null,
        title: titleFromMessage(message),
        message: newMessage,
        ttlSeconds: CHAT_TURN_TTL_SECONDS,
        ...(settings ? { settings } : {}),
        ...(holds.length > 0 ? { holds, holdTtlSeconds: CHAT_HOLD_TTL_SECONDS } : {}),
      });
    const admitted = conversationId === undefined ? await admitNewChat(deps, userId, modelIds, settings ?? NO_SETTINGS, message, begin) : await admitFollowUp(deps, userId, modelIds, message, begin);
    if (!admitted.success) return admitted;
    const { started } = admitted.data;
    const { conversation, history, userMessage } = started;
    const turn = heldTurn(deps, userId, conversation.id, started.turnId);
    const { models, holds } = admitted.data;
    const streaming = streamAnswers(deps, {
      userId,
      conversationId: conversation.id,
      models,
      holds,
      settings: admitted.data.settings,
      instruction: started.settings.instruction,
      history: [...history, userMessage],
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId: conversation.id, userMessage, ...streaming }, turn));
  };

/** The prompt as the models get it, estimated: the instruction and the texts of the history. */
export const promptTokensOf = (settings: ConversationSettings, texts: readonly string[]): number =>
  estimateTokens([settings.instruction, ...texts].filter((t) => t !== '').join('\n'));

type Begin = (holds?: readonly TurnHold[]) => Promise<Result<StartedTurn>>;
type Admitted = Result<ChatAdmission & { readonly started: StartedTurn }>;

/**
 * A new chat: priced from its message alone, its holds taken with the conversation, turn and
 * message in one step; a subscriber check for paid models runs beside it and undoes that step when
 * it refuses.
 */
async function admitNewChat(deps: ChatDeps, userId: string, modelIds: readonly string[], settings: ConversationSettings, message: string, begin: Begin): Promise<Admitted> {
  const priced = await priceChat(deps, { modelIds, settings, promptTokens: promptTokensOf(settings, [message]) });
  if (!priced.success) return priced;
  const [started, subscribed] = await Promise.all([begin(priced.data.holds), requireSubscription(deps, userId, priced.data.paid)]);
  if (!started.success) {
    if (started.error.code !== 'insufficient_credits') return started;
    const { balance, held } = started.error.details ?? {};
    return fail(insufficient(typeof balance === 'number' ? balance : null, typeof held === 'number' ? held : 0, priced.data.required));
  }
  if (!subscribed.success) {
    await deps.conversationStore.deleteConversation(userId, started.data.conversation.id);
    await releaseHolds(deps, userId, started.data.holds);
    await heldTurn(deps, userId, started.data.conversation.id, started.data.turnId).end();
    return subscribed;
  }
  return ok({ started: started.data, models: priced.data.models, holds: started.data.holds, settings: priced.data.settings });
}

/** A message to an existing conversation: its history prices the answers, so the holds follow the step that reads it. */
async function admitFollowUp(deps: ChatDeps, userId: string, modelIds: readonly string[], message: string, begin: Begin): Promise<Admitted> {
  const started = await begin();
  if (!started.success) return started;
  const { conversation, history, userMessage } = started.data;
  const applied = started.data.settings;
  const admitted = await chatPreflight(deps, { userId, modelIds, settings: applied, promptTokens: promptTokensOf(applied, [...history.map((m) => m.content), message]) });
  if (!admitted.success) {
    // Refused: the message goes again, and the turn.
    await deps.conversationStore.truncateFrom(userId, conversation.id, userMessage.id);
    await heldTurn(deps, userId, conversation.id, started.data.turnId).end();
    return admitted;
  }
  return ok({ ...admitted.data, started: started.data });
}
