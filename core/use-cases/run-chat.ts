import { z } from 'zod';
import type { ChatMessage } from '../domain/chat.js';
import { conversationIdSchema, messageSchema, modelIdsSchema, titleFromMessage } from '../domain/chat-rules.js';
import { conversationSettingsSchema, NO_SETTINGS, type ConversationSettings } from '../domain/conversation-settings.js';
import { estimateTokens } from '../domain/usage-pricing.js';
import type { AbortSignalLike } from '../shared/abort.js';
import { parseInput } from '../shared/parse-input.js';
import { ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { streamAnswers } from './support/chat-answers.js';
import type { AnswerDeps, ChatRun } from './support/chat-answers.js';
import { chatPreflight, releaseHolds } from './support/chat-preflight.js';
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
    // models see. A new conversation has no history, so its credit hold runs alongside.
    const newMessage = {
      role: 'user' as const,
      content: message,
      modelId: modelIds.length === 1 ? (modelIds[0] as string) : null,
      modelIds,
      inputTokens: null,
      outputTokens: null,
    };
    const begin = () =>
      deps.conversationTurns.start({
        userId,
        conversationId: conversationId ?? null,
        title: titleFromMessage(message),
        message: newMessage,
        ttlSeconds: CHAT_TURN_TTL_SECONDS,
        ...(settings ? { settings } : {}),
      });
    const admit = (history: readonly ChatMessage[], applied: ConversationSettings) =>
      chatPreflight(deps, { userId, modelIds, settings: applied, promptTokens: promptTokensOf(applied, [...history.map((m) => m.content), message]) });
    const [started, early] =
      conversationId === undefined ? await Promise.all([begin(), admit([], settings ?? NO_SETTINGS)]) : [await begin(), null];
    if (!started.success) {
      if (early?.success) await releaseHolds(deps, userId, early.data.holds);
      return started;
    }
    const { conversation, history, userMessage } = started.data;
    const turn = heldTurn(deps, userId, conversation.id, started.data.turnId);
    const admitted = early ?? (await admit(history, started.data.settings));
    if (!admitted.success) {
      // Refused: what this step wrote goes again (the new conversation, or the message), and the turn.
      if (conversationId === undefined) await deps.conversationStore.deleteConversation(userId, conversation.id);
      else await deps.conversationStore.truncateFrom(userId, conversation.id, userMessage.id);
      await turn.end();
      return admitted;
    }
    const { models, holds } = admitted.data;
    const streaming = streamAnswers(deps, {
      userId,
      conversationId: conversation.id,
      models,
      holds,
      settings: admitted.data.settings,
      instruction: started.data.settings.instruction,
      history: [...history, userMessage],
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId: conversation.id, userMessage, ...streaming }, turn));
  };

/** The prompt as the models get it, estimated: the instruction and the texts of the history. */
export const promptTokensOf = (settings: ConversationSettings, texts: readonly string[]): number =>
  estimateTokens([settings.instruction, ...texts].filter((t) => t !== '').join('\n'));
