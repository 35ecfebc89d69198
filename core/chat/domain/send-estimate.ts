import { sendHoldCredits, tallyTexts, tallyTokens, type SendHold } from '../../credits/index.js';
import { attachmentsTokens } from './attachment-tokens.js';
import type { AttachmentRef } from './attachments.js';
import type { ModelInfo } from './chat.js';
import { ownSideOf } from './chat-rules.js';
import { contextFor, DEFAULT_CONTEXT, historyBudget, type ModelContext } from './context-window.js';
import { DEFAULT_MAX_OUTPUT_TOKENS, effectiveSettings, settingLimitsOf, type ConversationSettings } from './conversation-settings.js';
import type { MessageWeight } from './history-page.js';

/**
 * What a send costs and carries, model by model. Each model receives the instruction, its own side of
 * the history (ownSideOf) as the conversation's context setting and its window keep it (contextFor),
 * and the new message with its files; the credits held for its answer count exactly that. The server
 * weighs its messages (weightOf) and the browser holds the same weights of the path, so both count the
 * same tokens: the composer's estimate is the hold.
 */

/** A message of the history as a send weighs it: a MessageWeight, or a message carrying its weight. */
export type SendWeight = Pick<MessageWeight, 'role' | 'modelId' | 'mergedFrom' | 'outdated' | 'attachments' | 'quarters' | 'summaryQuarters'>;

/** The input tokens files add for a model (images it cannot read are not sent to it, so they add nothing). */
export const filesTokensFor = (files: readonly AttachmentRef[], model: Pick<ModelInfo, 'provider' | 'supportsImages'>): number =>
  files.length === 0 ? 0 : attachmentsTokens(files.filter((a) => a.kind !== 'image' || model.supportsImages === true), model.provider);

/**
 * The room a model's window keeps for its answer: the longest answer the conversation's settings ask of
 * it (fitted to the model), else the usual longest answer (DEFAULT_MAX_OUTPUT_TOKENS, or the model's own
 * ceiling when lower).
 */
export const answerRoomOf = (model: ModelInfo, settings: ConversationSettings | undefined): number => {
  const limits = settingLimitsOf(model);
  return effectiveSettings(settings?.models[model.id], limits).maxOutputTokens ?? Math.min(limits.maxOutputTokens, DEFAULT_MAX_OUTPUT_TOKENS);
};

/** What one send carries besides the history: the conversation's settings, and the new message with its files. */
export interface SendParts {
  readonly instruction: string;
  readonly message: string;
  readonly files: readonly AttachmentRef[];
  readonly settings: ConversationSettings | undefined;
}

/** What one model receives in a send, and its input tokens. */
export interface ModelSend<T> {
  /** Its side of the history as it receives it: messages sent whole, messages summarised, how many left out. */
  readonly context: ModelContext<T>;
  /** The instruction, what it receives of the history (with the files of the messages sent whole), the new message and its files. */
  readonly inputTokens: number;
}

/**
 * What one model receives of a send (see the module comment). The history is the path before the new
 * message, every model's answers in it; a message's files go with it when it is sent whole, weighed for
 * this model, and a summary line carries none.
 */
export function modelSendOf<T extends SendWeight>(history: readonly T[], model: ModelInfo, send: SendParts): ModelSend<T> {
  const alwaysSent = tallyTokens(tallyTexts([send.instruction, send.message])) + filesTokensFor(send.files, model);
  const weighed = ownSideOf(history, model.id).map((m) => ({
    message: m,
    role: m.role,
    quarters: m.quarters + 4 * filesTokensFor(m.attachments ?? [], model),
    summaryQuarters: m.summaryQuarters,
  }));
  const budget = historyBudget(model.contextWindow, answerRoomOf(model, send.settings), alwaysSent);
  const kept = contextFor(weighed, send.settings?.context ?? DEFAULT_CONTEXT, budget);
  return {
    context: { sent: kept.sent.map((w) => w.message), summarized: kept.summarized.map((w) => w.message), omitted: kept.omitted, tokens: kept.tokens },
    inputTokens: alwaysSent + kept.tokens,
  };
}

/** The prompt of a send as each model receives it, estimated: its input tokens. */
export interface SendPrompt {
  inputTokens(model: ModelInfo): number;
}

/** A send of `message` (with `files`) after `history`, under the conversation's settings: each model's prompt (modelSendOf). */
export const sendPromptFor = (history: readonly SendWeight[], send: SendParts): SendPrompt => ({
  inputTokens: (model) => modelSendOf(history, model, send).inputTokens,
});

/**
 * What a send to these models holds (sendHoldCredits): each model's price, the prompt it receives with
 * its files, and its longest answer as the conversation's settings set it, fitted to the model. The
 * server's hold and the composer's estimate are both this.
 */
export const sendHold = (prompt: SendPrompt, models: readonly ModelInfo[], settings: ConversationSettings | undefined): SendHold =>
  sendHoldCredits(
    0,
    models.map((m) => {
      const maxOutputTokens = effectiveSettings(settings?.models[m.id], settingLimitsOf(m)).maxOutputTokens;
      return { modelId: m.id, price: m, extraInputTokens: prompt.inputTokens(m), ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) };
    }),
  );

/**
 * The composer's estimate and the server's hold, from the weights of the visible path (weightOf, the
 * new message not included), the conversation's instruction, the new message and its files, the models
 * asked and the conversation's settings (its context setting and each model's longest answer).
 */
export const sendHoldOf = (
  weights: readonly SendWeight[],
  instruction: string,
  message: string,
  files: readonly AttachmentRef[],
  models: readonly ModelInfo[],
  settings: ConversationSettings | undefined,
): SendHold => sendHold(sendPromptFor(weights, { instruction, message, files, settings }), models, settings);
