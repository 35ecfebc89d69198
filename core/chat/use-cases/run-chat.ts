import type { AttachmentRef } from '../domain/attachments.js';
import type { ChatMessage } from '../domain/chat.js';
import { titleFromMessage } from '../domain/chat-rules.js';
import { NO_SETTINGS, type ConversationSettings } from '../domain/conversation-settings.js';
import { sendChatSchema, type SendChatFields } from '../domain/send-chat.js';
import { CHAT_HOLD_TTL_SECONDS, insufficientCredits, releaseHolds, spendingCapRefusal, tallyTexts, tallyTokens } from '../../credits/index.js';
import { sendPromptOfHistory } from './model-context.js';
import type { StartedTurn, TurnHold } from '../ports/conversation-turns.js';
import { type AbortSignalLike, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { askModelsEarly, streamAnswers } from './chat-answers.js';
import type { AnswerDeps, ChatRun, EarlyAnswers } from './chat-answers.js';
import {
  attachWithHistory, describeAttachments, loadPromptAttachments, refuseImagesToBlindModels, type AttachmentDeps,
} from './chat-attachments.js';
import { chatPreflight, priceChat, requireSubscription, type ChatAdmission } from './chat-preflight.js';
import type { PreflightDeps, PricedChat } from './chat-preflight.js';
import { CHAT_TURN_TTL_SECONDS, heldTurn, releasingWhenSettled } from './conversation-turn.js';
import type { TurnDeps } from './conversation-turn.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export type ChatDeps = AnswerDeps & PreflightDeps & TurnDeps & AttachmentDeps & { readonly currentUser: CurrentUser };

/** A message to send (sendChatSchema's fields) and what the server adds to it. */
export interface RunChatInput extends SendChatFields {
  /**
   * The caller's sign-in session, checked in the same step that writes the message (the server's
   * session check for this request, without a round trip of its own); an ended one writes nothing.
   */
  readonly sessionId?: string;
  readonly signal?: AbortSignalLike;
}

/**
 * Sends a message to one to six models side by side (server side: the browser reaches it through
 * /api/chat). Refuses before any model runs: bad input, unknown or unconfigured models, paid models
 * without an active subscription (`forbidden`), a balance below the minimal answer, or one that
 * other running chats already hold (`insufficient_credits`; see chatPreflight), a send that would
 * pass the user's monthly spending cap (`spending_cap_reached`). Then saves the user message (in a new conversation named after it when
 * no conversation is given) and streams the answers, each saved and charged as it ends.
 */
export const makeRunChat =
  (deps: ChatDeps) =>
  async (input: RunChatInput): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(sendChatSchema, input);
    if (!valid.success) return valid;
    const { conversationId, message, modelIds, settings } = valid.data;
    const userId = user.data.id;
    // The files must be the caller's (another user's id is not_found) before anything is written.
    const described = await describeAttachments(deps, userId, valid.data.attachmentIds ?? []);
    if (!described.success) return described;
    const files = described.data;
    const seeing = await refuseImagesToBlindModels(deps, modelIds, files);
    if (!seeing.success) return seeing;

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
        ...(input.sessionId === undefined ? {} : { sessionId: input.sessionId }),
      });
    const chat: ChatToAdmit = { userId, modelIds, message, files, newConversation: conversationId === undefined, begin, ...(input.signal ? { signal: input.signal } : {}) };
    const admitted = conversationId === undefined ? await admitNewChat(deps, chat, settings ?? NO_SETTINGS) : await admitFollowUp(deps, chat, conversationId);
    if (!admitted.success) return admitted;
    const { started, history, userMessage, models, holds, early } = admitted.data;
    const { conversation } = started;
    const turn = heldTurn(deps, userId, conversation.id, started.turnId);
    const loaded = await loadPromptAttachments(deps, userId, [...history, userMessage]);
    if (!loaded.success) {
      early?.discard();
      return undo(deps, chat, started, loaded, holds);
    }
    const streaming = streamAnswers(deps, {
      userId,
      conversationId: conversation.id,
      models,
      holds,
      settings: admitted.data.settings,
      conversation: started.settings,
      instruction: started.settings.instruction,
      history: [...history, userMessage],
      parentId: userMessage.id,
      ...(loaded.data ? { attachments: loaded.data } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
      ...(early ? { early } : {}),
    });
    return ok(releasingWhenSettled({ conversationId: conversation.id, userMessage, ...streaming }, turn));
  };

/** The prompt as the models get it, estimated: the instruction and the texts of the history. */
export const promptTokensOf = (settings: ConversationSettings, texts: readonly string[]): number =>
  tallyTokens(tallyTexts([settings.instruction, ...texts]));

type Begin = (holds?: readonly TurnHold[]) => Promise<Result<StartedTurn>>;

interface ChatToAdmit {
  readonly userId: string;
  readonly modelIds: readonly string[];
  readonly message: string;
  /** The new message's files (the caller's own, checked). */
  readonly files: readonly AttachmentRef[];
  /** Whether the first step creates the conversation (undone by deleting it, else by cutting the message). */
  readonly newConversation: boolean;
  readonly begin: Begin;
  /** The client going away: models asked early stop with it. */
  readonly signal?: AbortSignalLike;
}

/** An admitted chat: its first step, its history and message with their files, its models and holds. */
type Admitted = Result<
  ChatAdmission & { readonly started: StartedTurn; readonly history: readonly ChatMessage[]; readonly userMessage: ChatMessage; readonly early?: EarlyAnswers }
>;

/** Refused after the first step: what it wrote goes again (the new conversation, or the message), with the turn and any holds. */
async function undo<T>(deps: ChatDeps, chat: ChatToAdmit, started: StartedTurn, refusal: Result<T>, holds?: ReadonlyMap<string, string>): Promise<Result<T>> {
  const { userId } = chat;
  if (chat.newConversation) await deps.conversationStore.deleteConversation(userId, started.conversation.id);
  else await deps.conversationStore.truncateFrom(userId, started.conversation.id, started.userMessage.id);
  await Promise.all([heldTurn(deps, userId, started.conversation.id, started.turnId).end(), holds ? releaseHolds(deps, userId, holds) : undefined]);
  return refusal;
}

/**
 * A new chat: priced from its message and files alone, its holds taken with the conversation, turn
 * and message in one step; a subscriber check for paid models runs beside it and undoes that step
 * when it refuses. Without files, its models are asked at the same time as that step (they see no
 * history): what they send waits for the step, and a refusal stops them, nothing shown or charged.
 */
async function admitNewChat(deps: ChatDeps, chat: ChatToAdmit, settings: ConversationSettings): Promise<Admitted> {
  const { modelIds, message, files } = chat;
  const prompt = sendPromptOfHistory([], { instruction: settings.instruction, message, files, settings });
  const priced = await priceChat(deps, { modelIds, settings, prompt, attachments: files });
  if (!priced.success) return priced;
  const early =
    files.length === 0 && !chat.signal?.aborted
      ? askModelsEarly(deps, { models: priced.data.models, message, conversation: settings, settings: priced.data.settings, ...(chat.signal ? { signal: chat.signal } : {}) })
      : undefined;
  const admitted = await admitPriced(deps, chat, priced.data);
  if (!admitted.success) early?.discard();
  return admitted.success && early ? ok({ ...admitted.data, early }) : admitted;
}

/** The step that writes a priced new chat, the subscriber check beside it. */
async function admitPriced(deps: ChatDeps, chat: ChatToAdmit, priced: PricedChat): Promise<Admitted> {
  const { userId, files } = chat;
  const [started, subscribed] = await Promise.all([chat.begin(priced.holds), requireSubscription(deps, userId, priced.paid)]);
  if (!started.success) {
    // Nothing was held or written: the cap's refusal is told with this month's spending as it stands.
    if (started.error.code === 'spending_cap_reached') return fail(await spendingCapRefusal(deps, userId, started.error, priced.required));
    if (started.error.code !== 'insufficient_credits') return started;
    const { balance, held } = started.error.details ?? {};
    return fail(insufficientCredits(typeof balance === 'number' ? balance : null, typeof held === 'number' ? held : 0, priced.required));
  }
  const holds = started.data.holds;
  if (!subscribed.success) return undo(deps, chat, started.data, subscribed, holds);
  const withFiles = await attachWithHistory(deps, userId, started.data, files, null);
  if (!withFiles.success) return undo(deps, chat, started.data, withFiles, holds);
  return ok({ started: started.data, ...withFiles.data, models: priced.models, holds, settings: priced.settings });
}

/**
 * A message to an existing conversation: its history (with its earlier files, read alongside the
 * first step) prices the answers, so the holds follow the step that reads it.
 */
async function admitFollowUp(deps: ChatDeps, chat: ChatToAdmit, conversationId: string): Promise<Admitted> {
  const { userId, modelIds, message, files } = chat;
  const historyFiles = deps.conversationStore.listAttachments(userId, conversationId);
  const started = await chat.begin();
  if (!started.success) {
    await historyFiles;
    return started;
  }
  const withFiles = await attachWithHistory(deps, userId, started.data, files, historyFiles);
  if (!withFiles.success) return undo(deps, chat, started.data, withFiles);
  const { history } = withFiles.data;
  const applied = started.data.settings;
  // Priced as the composer estimated it: each model's side of the history as its context keeps it, then the new message.
  const prompt = sendPromptOfHistory(history, { instruction: applied.instruction, message, files, settings: applied });
  const admitted = await chatPreflight(deps, { userId, modelIds, settings: applied, prompt, attachments: files });
  if (!admitted.success) return undo(deps, chat, started.data, admitted);
  return ok({ ...admitted.data, ...withFiles.data, started: started.data });
}
