import { attachmentIdsSchema } from '../domain/attachments.js';
import { describeAttachments, loadPromptAttachments } from './chat-attachments.js';
import { z } from 'zod';
import { conversationIdSchema, messageSchema, modelIdsSchema } from '../domain/chat-rules.js';
import { type AbortSignalLike, parseInput, ok, type Result } from '../../shared/index.js';
import { streamAnswers } from './chat-answers.js';
import type { ChatRun } from './chat-answers.js';
import { chatPreflight } from './chat-preflight.js';
import { releaseHolds } from '../../credits/index.js';
import { releasingWhenSettled } from './conversation-turn.js';
import { claimLastExchange } from './last-exchange-turn.js';
import { requireUser } from '../../auth/index.js';
import type { ChatDeps } from './run-chat.js';
import { sendPromptOfHistory } from './model-context.js';

const inputSchema = z.object({
  conversationId: conversationIdSchema,
  messageId: z.string({ error: 'Name the message to edit' }).trim().min(1, 'Name the message to edit').max(200, 'Message id is too long').optional(),
  message: messageSchema,
  modelIds: modelIdsSchema.optional(),
  attachmentIds: attachmentIdsSchema.optional(),
});

/**
 * Edits a user message of the visible path (`messageId`; by default the last one) and asks again: the
 * edited text is saved as a new version of that message, a branch beside it (the message it edits and
 * everything after it stay, one ‹ › away), and answered by the given models, by default the models of
 * its turn's columns. The models receive the visible path up to the edited message. Refusals are
 * checked before anything is written.
 */
export const makeEditLastMessage =
  (deps: ChatDeps) =>
  async (input: {
    conversationId: string;
    /** The user message edited; absent: the last one. */
    messageId?: string;
    message: string;
    modelIds?: readonly string[];
    /** The edited message's files; absent keeps those of the message it replaces. */
    attachmentIds?: readonly string[];
    signal?: AbortSignalLike;
  }): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId, message } = valid.data;
    const userId = user.data.id;
    const described = await describeAttachments(deps, userId, valid.data.attachmentIds ?? []);
    if (!described.success) return described;

    // One turn at a time: an edit while another answer of this conversation runs is refused.
    const claimed = await claimLastExchange(deps, userId, conversationId, valid.data.modelIds, 'There is no message to edit', valid.data.messageId);
    if (!claimed.success) return claimed;
    const { turn, give, messages, settings, last, modelIds } = claimed.data;

    const kept = messages.slice(0, last.index);
    const files = valid.data.attachmentIds ? described.data : (last.userMessage.attachments ?? []);
    const prompt = sendPromptOfHistory(kept, { instruction: settings.instruction, message, files, settings });
    const admitted = await chatPreflight(deps, { userId, modelIds, prompt, settings, attachments: files });
    if (!admitted.success) return give(admitted);
    const { models, holds } = admitted.data;
    // Until the answers stream, the holds and the turn are ours: a run that stops here gives them back.
    const stop = async <T>(failure: Result<T>): Promise<Result<T>> => {
      await Promise.all([releaseHolds(deps, userId, holds), turn.end()]);
      return failure;
    };

    const loaded = await loadPromptAttachments(deps, userId, [...kept, { attachments: files }]);
    if (!loaded.success) return stop(loaded);
    const edited = await deps.conversationStore.appendMessage(userId, conversationId, {
      role: 'user',
      content: message,
      parentId: last.userMessage.parentId ?? null,
      modelId: modelIds.length === 1 ? (modelIds[0] as string) : null,
      modelIds,
      ...(files.length > 0 ? { attachments: files } : {}),
      inputTokens: null,
      outputTokens: null,
    });
    if (!edited.success) return stop(edited);
    const streaming = streamAnswers(deps, {
      userId,
      conversationId,
      models,
      holds,
      parentId: edited.data.id,
      settings: admitted.data.settings,
      conversation: settings,
      instruction: settings.instruction,
      history: [...kept, files.length > 0 ? { ...edited.data, attachments: files } : edited.data],
      ...(loaded.data ? { attachments: loaded.data } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId, userMessage: edited.data, ...streaming }, turn));
  };
