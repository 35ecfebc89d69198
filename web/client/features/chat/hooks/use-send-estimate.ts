import { useMemo } from 'react';
import {
  sendHistoryOf, sendHold, sendPromptOf, type AttachmentRef, type ChatMessage, type ConversationSettings, type ModelInfo,
} from '../../../../../core/chat/index.js';

/** What the next send holds, and the balance it is taken from (null while the balance loads). */
export interface SendEstimate {
  readonly held: number;
  readonly balance: number | null;
  /** What remains of the monthly spending cap (null: no cap). */
  readonly capRemaining: number | null;
}

interface SendEstimateInput {
  readonly settings: ConversationSettings | undefined;
  /** The conversation's messages as the models will read them (undefined while it loads). */
  readonly messages: readonly ChatMessage[] | undefined;
  readonly draft: string;
  /** The composer's uploaded files. */
  readonly files: readonly AttachmentRef[];
  readonly models: readonly ModelInfo[];
  readonly selected: readonly string[];
  readonly credits: number | null;
  readonly capRemaining?: number | null;
}

/**
 * The credits the next message will hold, by the server's own rule (sendHold): the history is
 * counted once per history, so a keystroke, a model added or a file attached counts only the rest.
 * null while the conversation loads or no model is chosen.
 */
export function useSendEstimate({ settings, messages, draft, files, models, selected, credits, capRemaining = null }: SendEstimateInput): SendEstimate | null {
  const instruction = settings?.instruction ?? '';
  const history = useMemo(() => (messages ? sendHistoryOf(instruction, messages) : null), [instruction, messages]);
  const chosenKey = selected.join('\n');
  const chosen = useMemo(
    () => chosenKey.split('\n').flatMap((id) => models.filter((m) => m.id === id)),
    [chosenKey, models],
  );
  const message = draft.trim();
  const held = useMemo(
    () => (history && chosen.length > 0 ? sendHold(sendPromptOf(history, message, files), chosen, settings).total : null),
    [history, message, files, chosen, settings],
  );
  return held === null ? null : { held, balance: credits, capRemaining };
}
