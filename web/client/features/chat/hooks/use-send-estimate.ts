import { useCallback, useMemo } from 'react';
import {
  DEFAULT_CONTEXT_WINDOW, SUMMARY_REQUEST, modelSendOf, sendHoldOf, weightOf,
  type AttachmentRef, type ChatMessage, type ConversationSettings, type MessageWeight, type ModelInfo,
} from '../../../../../core/chat/index.js';

/** What one model of the next send receives of the history, and what its answer holds. */
export interface ModelSendEstimate {
  readonly modelId: string;
  /** Estimated tokens of the history it is sent (a summary of older messages included). */
  readonly historyTokens: number;
  /** What the conversation's context setting alone would send of it, before its window cuts the oldest turns. */
  readonly settingTokens: number;
  /** Its context window (the catalogue's, or DEFAULT_CONTEXT_WINDOW). */
  readonly contextWindow: number;
  /** Messages of its side of the history sent whole, summarised, and in all. */
  readonly sent: number;
  readonly summarized: number;
  readonly total: number;
  readonly credits: number;
}

/** What the next send holds, and the balance it is taken from (null while the balance loads). */
export interface SendEstimate {
  readonly held: number;
  readonly balance: number | null;
  /** What remains of the monthly spending cap (null: no cap). */
  readonly capRemaining: number | null;
  /** Where the context leaves messages out or summarises them (the model sent the least of them): the composer says so. */
  readonly context: { readonly sent: number; readonly summarized: number; readonly total: number } | null;
  readonly perModel: readonly ModelSendEstimate[];
}

interface SendEstimateInput {
  readonly settings: ConversationSettings | undefined;
  /** The conversation's messages as the models will read them (undefined while it loads). */
  readonly messages: readonly ChatMessage[] | undefined;
  /** The weight of every message of the visible path, when the server sent them (a long conversation is read in pages). */
  readonly weights?: readonly MessageWeight[] | undefined;
  readonly draft: string;
  /** The composer's uploaded files. */
  readonly files: readonly AttachmentRef[];
  readonly models: readonly ModelInfo[];
  readonly selected: readonly string[];
  readonly credits: number | null;
  readonly capRemaining?: number | null;
}

/**
 * Each model's hold for the next message (sendHoldOf, the server's rule) and what it receives of the
 * history (modelSendOf): the instruction and the message, the history the conversation's context
 * setting and the model's window keep of its side, the files of what is sent, and its longest answer.
 */
export function estimateSend(
  weights: readonly MessageWeight[], instruction: string, message: string, files: readonly AttachmentRef[],
  models: readonly ModelInfo[], settings: ConversationSettings | undefined,
): { readonly total: number; readonly perModel: readonly ModelSendEstimate[] } {
  const hold = sendHoldOf(weights, instruction, message, files, models, settings);
  const perModel = models.map((model) => {
    const parts = { instruction, message, files, settings };
    const { context } = modelSendOf(weights, model, parts);
    const unbounded = context.omitted === 0 ? context : modelSendOf(weights, { ...model, contextWindow: Number.MAX_SAFE_INTEGER }, parts).context;
    return {
      modelId: model.id, historyTokens: context.tokens, settingTokens: unbounded.tokens, contextWindow: model.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
      sent: context.sent.length, summarized: context.summarized.length, total: context.sent.length + context.summarized.length + context.omitted,
      credits: hold.perModel.find((p) => p.modelId === model.id)?.credits ?? 0,
    };
  });
  return { total: hold.total, perModel };
}

/**
 * The credits the next message will hold, by the server's own rule: per model, the history its
 * context keeps (from the path's weights, so a conversation read in pages is priced whole), the
 * message and the files. The weights are worked out once per history, so a keystroke counts only the
 * message. null while the conversation loads or no model is chosen.
 */
export function useSendEstimate({ settings, messages, weights, draft, files, models, selected, credits, capRemaining = null }: SendEstimateInput): SendEstimate | null {
  const instruction = settings?.instruction ?? '';
  const path = useMemo(() => weights ?? messages?.map(weightOf), [weights, messages]);
  const chosenKey = selected.join('\n');
  const chosen = useMemo(
    () => chosenKey.split('\n').flatMap((id) => models.filter((m) => m.id === id)),
    [chosenKey, models],
  );
  const message = draft.trim();
  const estimate = useMemo(
    () => (path && chosen.length > 0 ? estimateSend(path, instruction, message, files, chosen, settings) : null),
    [path, instruction, message, files, chosen, settings],
  );
  // The same estimate while nothing behind it changed, so the composer is not drawn again for it.
  return useMemo(() => {
    if (estimate === null) return null;
    const cut = estimate.perModel.filter((m) => m.sent < m.total).sort((a, b) => a.sent - b.sent)[0];
    return {
      held: estimate.total, balance: credits, capRemaining, perModel: estimate.perModel,
      context: cut ? { sent: cut.sent, summarized: cut.summarized, total: cut.total } : null,
    };
  }, [estimate, credits, capRemaining]);
}

/**
 * What a summary of the conversation by each model holds, as for any answer: the model reads its
 * side of the whole history (within its window) and the request for a summary, and may write its
 * longest answer. null while the conversation loads.
 */
export function useSummaryPrice(
  settings: ConversationSettings | undefined, messages: readonly ChatMessage[] | undefined, weights: readonly MessageWeight[] | undefined,
  models: readonly ModelInfo[],
): (modelId: string) => number | null {
  const path = useMemo(() => weights ?? messages?.map(weightOf), [weights, messages]);
  return useCallback((modelId: string) => {
    const model = models.find((m) => m.id === modelId);
    if (!path || !model) return null;
    // The whole history, whatever the conversation's context setting: the summary is of all of it.
    const whole: ConversationSettings = { instruction: settings?.instruction ?? '', models: settings?.models ?? {} };
    return sendHoldOf(path, whole.instruction, SUMMARY_REQUEST, [], [model], whole).total;
  }, [path, models, settings]);
}
