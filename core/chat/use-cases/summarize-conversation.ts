import type { ChatMessage } from '../domain/chat.js';
import { DEFAULT_CONTEXT } from '../domain/context-window.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import { SUMMARY_REQUEST, summaryTitle, summarizeConversationSchema } from '../domain/conversation-summary.js';
import type { SendParts } from '../domain/send-estimate.js';
import { CHAT_HOLD_TTL_SECONDS, insufficientCredits, releaseHolds, spendingCapRefusal } from '../../credits/index.js';
import { type AbortSignalLike, domainError, fail, ok, parseInput, type Result } from '../../shared/index.js';
import { requireUser } from '../../auth/index.js';
import { streamAnswers, type ChatRun } from './chat-answers.js';
import { priceChat, requireSubscription } from './chat-preflight.js';
import { CHAT_TURN_TTL_SECONDS, claimTurn, heldTurn, releasingWhenSettled } from './conversation-turn.js';
import { contextMessagesFor, sendPromptOfHistory } from './model-context.js';
import type { ChatDeps } from './run-chat.js';

interface SummarizeConversationInput {
  readonly conversationId: string;
  readonly modelId: string;
  /** The new conversation's visible first question (the browser words it in the reader's language). */
  readonly message: string;
  readonly signal?: AbortSignalLike;
}

/**
 * What the summarising model is sent, by the one context rule of a send (modelSendOf): the old
 * conversation's visible path as that model sees it (its own side), the whole of it whatever the old
 * conversation's context setting, the oldest turns left out until it fits the model's window beside
 * the instruction, SUMMARY_REQUEST and the longest answer; then SUMMARY_REQUEST. Text only: the old
 * conversation's files are not sent again. What is held counts exactly this.
 */
const summarySend = (path: readonly ChatMessage[], settings: ConversationSettings) => {
  const history = path.map(({ attachments: _files, ...m }) => m);
  const send: SendParts = { instruction: settings.instruction, message: SUMMARY_REQUEST, files: [], settings: { ...settings, context: DEFAULT_CONTEXT } };
  return { history, send, prompt: sendPromptOfHistory(history, send) };
};

/**
 * Starts a new conversation from a summary of one of the user's conversations: the new one (titled
 * "Summary: <old title>", with the old one's settings) opens with `message` as its first question,
 * and the chosen model's summary of the old conversation (summaryPromptFor) streams as its first
 * answer, held, priced and charged as any answer (the hold counts exactly the prompt sent). The old
 * conversation is left as it is. Refused before anything is created: bad input (`validation`), a
 * conversation that is not the user's (`not_found`) or has nothing to summarise (`validation`), one
 * still being answered (`conversation_busy`), and the refusals of a send (an unknown or unavailable
 * model, `insufficient_credits`, `spending_cap_reached`); a paid model without a subscription
 * (`forbidden`) removes the new conversation again.
 */
export const makeSummarizeConversation =
  (deps: ChatDeps) =>
  async (input: SummarizeConversationInput): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const { signal: _signal, ...fields } = input;
    const valid = parseInput(summarizeConversationSchema, fields);
    if (!valid.success) return valid;
    const { conversationId, modelId, message } = valid.data;
    const userId = user.data.id;

    // The old conversation's turn, while it is read: another user's is not_found, one being answered
    // is busy (its summary would miss the answer being written). Given back before the summary runs.
    const oldTurn = await claimTurn(deps, userId, conversationId);
    if (!oldTurn.success) return oldTurn;
    const read = await Promise.all([
      deps.conversationStore.getConversation(userId, conversationId),
      deps.conversationStore.listMessages(userId, conversationId),
      deps.conversationStore.getSettings(userId, conversationId),
    ]).finally(() => oldTurn.data.end());
    const [found, path, settings] = read;
    if (!found.success) return found;
    if (found.data === null) return fail(domainError('not_found', `Conversation ${conversationId} does not exist`));
    if (!path.success) return path;
    if (!settings.success) return settings;
    if (!path.data.some((m) => m.role === 'assistant')) return fail(domainError('validation', 'There is nothing to summarise in this conversation yet'));

    // The model is checked and the answer priced for exactly the prompt it is sent, before anything is written.
    const summary = summarySend(path.data, settings.data);
    const priced = await priceChat(deps, { modelIds: [modelId], settings: settings.data, prompt: summary.prompt });
    if (!priced.success) return priced;

    // One step creates the conversation, its turn, the question and the answer's hold (all or nothing).
    const [started, subscribed] = await Promise.all([
      deps.conversationTurns.start({
        userId,
        conversationId: null,
        title: summaryTitle(found.data.title),
        message: { role: 'user', content: message, modelId, modelIds: [modelId], inputTokens: null, outputTokens: null },
        ttlSeconds: CHAT_TURN_TTL_SECONDS,
        settings: settings.data,
        ...(priced.data.holds.length > 0 ? { holds: priced.data.holds, holdTtlSeconds: CHAT_HOLD_TTL_SECONDS } : {}),
      }),
      requireSubscription(deps, userId, priced.data.paid),
    ]);
    if (!started.success) {
      if (started.error.code === 'spending_cap_reached') return fail(await spendingCapRefusal(deps, userId, started.error, priced.data.required));
      if (started.error.code !== 'insufficient_credits') return started;
      const { balance, held } = started.error.details ?? {};
      return fail(insufficientCredits(typeof balance === 'number' ? balance : null, typeof held === 'number' ? held : 0, priced.data.required));
    }
    const { conversation, userMessage, holds, turnId } = started.data;
    const turn = heldTurn(deps, userId, conversation.id, turnId);
    if (!subscribed.success) {
      await deps.conversationStore.deleteConversation(userId, conversation.id);
      await Promise.all([turn.end(), releaseHolds(deps, userId, holds)]);
      return subscribed;
    }

    const streaming = streamAnswers(deps, {
      userId,
      conversationId: conversation.id,
      models: priced.data.models,
      holds,
      settings: priced.data.settings,
      instruction: started.data.settings.instruction,
      history: [userMessage],
      parentId: userMessage.id,
      messagesFor: (model) => contextMessagesFor(summary.history, { role: 'user', content: SUMMARY_REQUEST }, model, summary.send),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId: conversation.id, userMessage, ...streaming }, turn));
  };
