import { attachmentTokensFor, loadPromptAttachments } from './chat-attachments.js';
import { z } from 'zod';
import { conversationIdSchema, modelIdsSchema } from '../domain/chat-rules.js';
import { type AbortSignalLike, parseInput, ok, type Result } from '../../shared/index.js';
import { streamAnswers } from './chat-answers.js';
import type { ChatRun } from './chat-answers.js';
import { chatPreflight } from './chat-preflight.js';
import { releaseHolds } from '../../credits/index.js';
import { releasingWhenSettled } from './conversation-turn.js';
import { claimLastExchange } from './last-exchange-turn.js';
import { requireUser } from '../../auth/index.js';
import { promptTokensOf, type ChatDeps } from './run-chat.js';

const inputSchema = z.object({
  conversationId: conversationIdSchema,
  modelIds: modelIdsSchema.optional(),
});

/**
 * Asks again for the answers to the last user message. The previous answers are removed
 * (ConversationStore.truncateFrom) and the models asked anew: by default every model that answered
 * last time. The same refusals as a new chat apply, checked before anything is removed.
 */
export const makeRegenerateAnswer =
  (deps: ChatDeps) =>
  async (input: { conversationId: string; modelIds?: readonly string[]; signal?: AbortSignalLike }): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId } = valid.data;
    const userId = user.data.id;

    // One turn at a time: a second regenerate while this one runs is refused, nothing charged.
    const claimed = await claimLastExchange(deps, userId, conversationId, valid.data.modelIds, 'There is no message to answer again');
    if (!claimed.success) return claimed;
    const { turn, give, messages, settings, last, asked, modelIds } = claimed.data;

    let history = messages.slice(0, last.index + 1);
    const promptTokens = promptTokensOf(settings, history.map((m) => m.content));
    const admitted = await chatPreflight(deps, {
      userId, modelIds, promptTokens, settings,
      attachments: last.userMessage.attachments ?? [], attachmentTokens: (model) => attachmentTokensFor(history, model),
    });
    if (!admitted.success) return give(admitted);
    const { models, holds } = admitted.data;
    // Until the answers stream, the holds and the turn are ours: a run that stops here gives them back.
    const stop = async <T>(failure: Result<T>): Promise<Result<T>> => {
      await Promise.all([releaseHolds(deps, userId, holds), turn.end()]);
      return failure;
    };

    const loaded = await loadPromptAttachments(deps, userId, history);
    if (!loaded.success) return stop(loaded);
    let question = last.userMessage;
    const sameModels = asked !== undefined && asked.length === modelIds.length && asked.every((id, i) => id === modelIds[i]);
    if (valid.data.modelIds && !sameModels) {
      // Other models this time: the question is asked anew, so it records the models that answer it.
      const truncated = await deps.conversationStore.truncateFrom(userId, conversationId, question.id);
      if (!truncated.success) return stop(truncated);
      const { id: _id, conversationId: _c, createdAt: _at, ...fields } = question;
      const again = await deps.conversationStore.appendMessage(userId, conversationId, { ...fields, modelIds, modelId: modelIds.length === 1 ? (modelIds[0] as string) : null });
      if (!again.success) return stop(again);
      question = again.data;
      history = [...history.slice(0, -1), question];
    } else {
      const previous = messages[last.index + 1];
      if (previous) {
        const truncated = await deps.conversationStore.truncateFrom(userId, conversationId, previous.id);
        if (!truncated.success) return stop(truncated);
      }
    }
    const streaming = streamAnswers(deps, {
      userId,
      conversationId,
      models,
      holds,
      settings: admitted.data.settings,
      instruction: settings.instruction,
      history,
      ...(loaded.data ? { attachments: loaded.data } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId, userMessage: question, ...streaming }, turn));
  };
