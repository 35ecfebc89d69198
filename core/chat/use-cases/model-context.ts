import type { ChatMessage, ModelInfo } from '../domain/chat.js';
import { markOutdatedMerges } from '../domain/chat-rules.js';
import { summaryText } from '../domain/context-window.js';
import { weightOf } from '../domain/history-page.js';
import { modelSendOf, sendPromptFor, type SendParts, type SendPrompt } from '../domain/send-estimate.js';
import type { HistoryMessage } from './chat-attachments.js';

/**
 * The server's side of the context rule (send-estimate.ts): the history's messages weighed as the
 * browser weighs them (outdated merges marked, as a page's weights mark them), so that what a model is
 * sent and what is held for it are one computation.
 */

const weighed = (history: readonly ChatMessage[]) => markOutdatedMerges(history).map((m) => ({ ...weightOf(m), message: m }));

/** What a send holds for: each model's prompt as it receives it, from the history before the new message. */
export const sendPromptOfHistory = (history: readonly ChatMessage[], send: SendParts): SendPrompt => sendPromptFor(markOutdatedMerges(history).map(weightOf), send);

/**
 * The messages a model receives in a send: its side of the history as its context keeps it, with the
 * summary of older turns first (a system message, which each provider reads with the instruction),
 * then the new message. `send.message` is the new message's text.
 */
export const contextMessagesFor = (history: readonly ChatMessage[], newest: HistoryMessage, model: ModelInfo, send: SendParts): readonly HistoryMessage[] => {
  const { context } = modelSendOf(weighed(history), model, send);
  const strip = ({ message: m }: { readonly message: ChatMessage }): HistoryMessage =>
    m.attachments && m.attachments.length > 0 ? { role: m.role, content: m.content, attachments: m.attachments } : { role: m.role, content: m.content };
  const summary: HistoryMessage[] = context.summarized.length === 0 ? [] : [{ role: 'system', content: summaryText(context.summarized.map((w) => w.message)) }];
  return [...summary, ...context.sent.map(strip), newest];
};
