import { sendHoldCredits, tallyTexts, tallyTokens, type SendHold, type TokenTally } from '../../credits/index.js';
import { attachmentsTokens } from './attachment-tokens.js';
import type { AttachmentRef } from './attachments.js';
import type { ChatMessage, ModelInfo } from './chat.js';
import { effectiveSettings, settingLimitsOf, type ConversationSettings } from './conversation-settings.js';

/**
 * What a message's price takes of its conversation before the message itself: the instruction and
 * the texts of the history, counted once, and the history's files. A client keeps it per history,
 * so that each keystroke counts only the new message.
 */
export interface SendHistory {
  readonly tally: TokenTally;
  readonly attachments: readonly AttachmentRef[];
}

export const sendHistoryOf = (instruction: string, history: readonly Pick<ChatMessage, 'content' | 'attachments'>[]): SendHistory => ({
  tally: tallyTexts([instruction, ...history.map((m) => m.content)]),
  attachments: history.flatMap((m) => m.attachments ?? []),
});

/** The prompt as the models get it, estimated: its text's tokens, and what its files add for a model. */
export interface SendPrompt {
  readonly promptTokens: number;
  attachmentTokens(model: Pick<ModelInfo, 'provider' | 'supportsImages'>): number;
}

/** The input tokens files add for a model (images it cannot read are not sent to it, so they add nothing). */
export const filesTokensFor = (files: readonly AttachmentRef[], model: Pick<ModelInfo, 'provider' | 'supportsImages'>): number =>
  attachmentsTokens(files.filter((a) => a.kind !== 'image' || model.supportsImages === true), model.provider);

/** The history, then the new message (its text and files): the prompt each model of the send receives. */
export const sendPromptOf = (history: SendHistory, message: string, files: readonly AttachmentRef[]): SendPrompt => {
  const attachments = files.length === 0 ? history.attachments : [...history.attachments, ...files];
  return {
    promptTokens: tallyTokens(tallyTexts([message], history.tally)),
    attachmentTokens: (model) => (attachments.length === 0 ? 0 : filesTokensFor(attachments, model)),
  };
};

/**
 * What a send to these models holds (sendHoldCredits): each model's price, the prompt with its files,
 * and its longest answer as the conversation's settings set it, fitted to the model. The server's
 * hold and the composer's estimate are both this.
 */
export const sendHold = (prompt: SendPrompt, models: readonly ModelInfo[], settings: ConversationSettings | undefined): SendHold =>
  sendHoldCredits(
    prompt.promptTokens,
    models.map((m) => {
      const maxOutputTokens = effectiveSettings(settings?.models[m.id], settingLimitsOf(m)).maxOutputTokens;
      return { modelId: m.id, price: m, extraInputTokens: prompt.attachmentTokens(m), ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) };
    }),
  );
