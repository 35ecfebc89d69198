import { z } from 'zod';
import type { ChatMessage } from '../domain/chat.js';
import { conversationIdSchema, messageSchema, modelIdsSchema, titleFromMessage } from '../domain/chat-rules.js';
import { estimateTokens } from '../domain/usage-pricing.js';
import type { AbortSignalLike } from '../shared/abort.js';
import { domainError } from '../shared/errors.js';
import { parseInput } from '../shared/parse-input.js';
import { fail, ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { streamAnswers } from './support/chat-answers.js';
import type { AnswerDeps, ChatRun } from './support/chat-answers.js';
import { chatPreflight, releaseHolds } from './support/chat-preflight.js';
import type { PreflightDeps } from './support/chat-preflight.js';
import { claimTurn, releasingWhenSettled } from './support/conversation-turn.js';
import type { HeldTurn, TurnDeps } from './support/conversation-turn.js';
import { requireUser } from './support/current-user.js';
import type { CurrentUser } from './support/current-user.js';

export type ChatDeps = AnswerDeps & PreflightDeps & TurnDeps & { readonly currentUser: CurrentUser };

const inputSchema = z.object({
  conversationId: conversationIdSchema.optional(),
  message: messageSchema,
  modelIds: modelIdsSchema,
});

export interface RunChatInput {
  readonly conversationId?: string;
  readonly message: string;
  readonly modelIds: readonly string[];
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
    const { conversationId, message, modelIds } = valid.data;
    const userId = user.data.id;

    // One turn at a time per conversation: claimed before anything is charged or written.
    let turn: HeldTurn | null = null;
    let history: readonly ChatMessage[] = [];
    if (conversationId !== undefined) {
      const claimed = await claimTurn(deps, userId, conversationId);
      if (!claimed.success) return claimed;
      turn = claimed.data;
      const messages = await deps.conversationStore.listMessages(userId, conversationId);
      if (!messages.success) return (await turn.end(), messages);
      history = messages.data;
    }
    const promptTokens = estimateTokens([...history.map((m) => m.content), message].join('\n'));
    const admitted = await chatPreflight(deps, { userId, modelIds, promptTokens });
    if (!admitted.success) return (await turn?.end(), admitted);
    const { models, holds } = admitted.data;
    // Until the answers stream, the holds and the turn are ours: a run that stops here gives them back.
    const stop = async <T>(failure: Result<T>): Promise<Result<T>> => {
      await Promise.all([releaseHolds(deps, userId, holds), turn?.end()]);
      return failure;
    };

    let targetId = conversationId;
    if (targetId === undefined) {
      const created = await deps.conversationStore.createConversation(userId, titleFromMessage(message));
      if (!created.success) return stop(created);
      targetId = created.data.id;
      const claimed = await claimTurn(deps, userId, targetId);
      if (!claimed.success) return stop(claimed);
      turn = claimed.data;
    }
    const userMessage = await deps.conversationStore.appendMessage(userId, targetId, {
      role: 'user',
      content: message,
      modelId: modelIds.length === 1 ? (modelIds[0] as string) : null,
      modelIds,
      inputTokens: null,
      outputTokens: null,
    });
    if (!userMessage.success) {
      return stop(
        userMessage.error.code === 'not_found' ? fail(domainError('not_found', `Conversation ${targetId} does not exist`)) : userMessage,
      );
    }
    const streaming = streamAnswers(deps, {
      userId,
      conversationId: targetId,
      models,
      holds,
      history: [...history, userMessage.data],
      ...(input.signal ? { signal: input.signal } : {}),
    });
    const run = { conversationId: targetId, userMessage: userMessage.data, ...streaming };
    return ok(turn ? releasingWhenSettled(run, turn) : run);
  };
