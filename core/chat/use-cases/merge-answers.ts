import { z } from 'zod';
import { answersToMerge, conversationIdSchema, lastExchange, mergePrompt } from '../domain/chat-rules.js';
import { type AbortSignalLike, domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import type { ChatDeps } from './run-chat.js';
import { contextMessagesFor, sendPromptOfHistory } from './model-context.js';
import { streamAnswers } from './chat-answers.js';
import type { ChatRun } from './chat-answers.js';
import { chatPreflight } from './chat-preflight.js';
import { claimTurn, releasingWhenSettled } from './conversation-turn.js';
import { requireUser } from '../../auth/index.js';

const inputSchema = z.object({
  conversationId: conversationIdSchema,
  modelId: z.string({ error: 'Choose the model that merges' }).trim().min(1, 'Choose the model that merges').max(100, 'Model id is too long'),
});

/**
 * "Merge" of the compare view: one chosen model reads the question of the last side-by-side turn
 * and every model's answer to it, and writes one answer that fuses them. It streams as a new answer
 * of that turn (saved with the models it merged, so the conversation reopens with it), held, priced
 * and charged like any answer, one turn at a time per conversation. A merge of the same turn made
 * earlier stays as an earlier version of the merge column. Refused before any model runs: fewer than two
 * answers to merge (`validation`), and the refusals of a chat (see chatPreflight).
 */
export const makeMergeAnswers =
  (deps: ChatDeps) =>
  async (input: { conversationId: string; modelId: string; signal?: AbortSignalLike }): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId, modelId } = valid.data;
    const userId = user.data.id;

    const turn = await claimTurn(deps, userId, conversationId);
    if (!turn.success) return turn;
    const give = async <T>(failure: Result<T>): Promise<Result<T>> => (await turn.data.end(), failure);

    const [messages, settings, catalogue] = await Promise.all([
      deps.conversationStore.listMessages(userId, conversationId),
      deps.conversationStore.getSettings(userId, conversationId),
      deps.modelGateway.listModels(),
    ]);
    if (!messages.success) return give(messages);
    if (!settings.success) return give(settings);
    if (!catalogue.success) return give(catalogue);
    const last = lastExchange(messages.data);
    const answers = last ? answersToMerge(messages.data, last.index) : [];
    if (!last || answers.length < 2) return give(fail(domainError('validation', 'Merging needs the answers of at least two models to the last message')));

    const labelOf = (id: string | null) => catalogue.data.find((m) => m.id === id)?.label ?? id ?? '';
    const request = mergePrompt(
      last.userMessage.content,
      answers.map((a) => ({ label: labelOf(a.modelId), content: a.content })),
    );
    // Its files are not read for a merge: the earlier messages go as text.
    const earlier = messages.data.slice(0, last.index).map(({ attachments: _files, ...m }) => m);
    // The merging model receives its side of the earlier turns as the context rule keeps it, then the request.
    const send = { instruction: settings.data.instruction, message: request, files: [], settings: settings.data };
    const prompt = sendPromptOfHistory(earlier, send);
    const admitted = await chatPreflight(deps, { userId, modelIds: [modelId], prompt, settings: settings.data });
    if (!admitted.success) return give(admitted);
    const { models, holds } = admitted.data;

    const streaming = streamAnswers(deps, {
      userId,
      conversationId,
      models,
      holds,
      settings: admitted.data.settings,
      instruction: settings.data.instruction,
      history: messages.data.slice(0, last.index + 1),
      parentId: last.userMessage.id,
      messagesFor: (model) => contextMessagesFor(earlier, { role: 'user', content: request }, model, send),
      mergedFrom: answers.map((a) => a.modelId as string),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId, userMessage: last.userMessage, ...streaming }, turn.data));
  };
