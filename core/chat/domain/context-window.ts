import { z } from 'zod';
import type { ChatMessage } from './chat.js';
import { summaryLineOf, type MessageWeight } from './history-page.js';

/**
 * What a model receives of a conversation's history before the new message: bounded by a setting of
 * the conversation and by the model's context window. The server sends exactly this, holds credits for
 * exactly this, and the composer's estimate counts exactly this (from the path's weights, without the
 * texts of pages it has not read).
 *
 * - `all`: the whole history (the model's own side of it, see ownSideOf in chat-rules.ts);
 * - `recent`: the last `messages` messages;
 * - `summary`: the last `messages` messages, and before them one summary of the older ones (the opening
 *   line of each, see summaryLineOf), at most MAX_SUMMARY_TOKENS long.
 *
 * Whatever the setting, when the history does not fit the model's window (its context window less the
 * room for its answer, the instruction and the new message with its files; see historyBudget and
 * send-estimate.ts) the oldest is left out until it fits: the summary's oldest lines first, then the
 * oldest turns sent whole. What is kept always starts with a question, never with an answer cut from it.
 */

export const CONTEXT_MODES = ['all', 'recent', 'summary'] as const;
export type ContextMode = (typeof CONTEXT_MODES)[number];

export const MIN_CONTEXT_MESSAGES = 2;
export const MAX_CONTEXT_MESSAGES = 200;
export const DEFAULT_CONTEXT_MESSAGES = 20;
/** The longest summary of older turns, in tokens. */
export const MAX_SUMMARY_TOKENS = 1500;
/** A model's context window when the catalogue names none. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

export interface ContextPolicy {
  readonly mode: ContextMode;
  /** For `recent` and `summary`: how many of the latest messages are sent whole (absent: DEFAULT_CONTEXT_MESSAGES). */
  readonly messages?: number;
}

export const DEFAULT_CONTEXT: ContextPolicy = { mode: 'all' };

export const contextPolicySchema = z.strictObject({
  mode: z.enum(CONTEXT_MODES, { error: `The context must be one of: ${CONTEXT_MODES.join(', ')}` }),
  messages: z
    .number({ error: 'The number of recent messages must be a number' })
    .int('The number of recent messages must be a whole number')
    .min(MIN_CONTEXT_MESSAGES, `At least ${MIN_CONTEXT_MESSAGES} recent messages are sent`)
    .max(MAX_CONTEXT_MESSAGES, `At most ${MAX_CONTEXT_MESSAGES} recent messages can be chosen`)
    .optional(),
});

/** The summary's first line, before the opening line of each older message. */
export const SUMMARY_HEADING = 'Earlier in this conversation (the opening lines of older messages, for context):';

/** A message as the rule weighs it: its role and its size whole and as a summary line. */
export type Weighed = Pick<MessageWeight, 'role' | 'quarters' | 'summaryQuarters'>;

/** What one model receives of the history: messages sent whole, messages summarised, and how many are left out. */
export interface ModelContext<T> {
  readonly sent: readonly T[];
  readonly summarized: readonly T[];
  readonly omitted: number;
  /** Estimated tokens of what is sent of the history (the summary included). */
  readonly tokens: number;
}

const SUMMARY_HEADING_QUARTERS = SUMMARY_HEADING.length; // ASCII: a quarter token a character

/** Estimated tokens of texts joined by newlines (a quarter token each, as tallyTexts counts them). */
const joinedTokens = (quarters: readonly number[]): number => {
  let sum = 0;
  let parts = 0;
  for (const q of quarters) {
    if (q === 0) continue;
    sum += q + (parts > 0 ? 1 : 0);
    parts += 1;
  }
  return Math.ceil(sum / 4);
};

const summaryTokens = (summarized: readonly Weighed[]): number =>
  summarized.length === 0 ? 0 : joinedTokens([SUMMARY_HEADING_QUARTERS, ...summarized.map((m) => m.summaryQuarters)]);

export const contextTokens = (sent: readonly Weighed[], summarized: readonly Weighed[]): number =>
  joinedTokens([...(summarized.length === 0 ? [] : [summaryTokens(summarized) * 4]), ...sent.map((m) => m.quarters)]);

/** The first index at or after `from` where a turn starts (a message that is not an answer); the length if none. */
const turnStartFrom = (history: readonly Weighed[], from: number): number => {
  let i = Math.max(0, from);
  while (i < history.length && history[i]?.role === 'assistant') i += 1;
  return i;
};

/**
 * Running sums over the history, so that any stretch of it is weighed at once (a long history under
 * a small window is cut in one pass, not one pass per turn left out): for each index, the quarters of
 * the messages before it and how many of them have text, whole and as summary lines.
 */
const runningSums = (history: readonly Weighed[]) => {
  const whole = [0];
  const parts = [0];
  const lines = [0];
  history.forEach((m, i) => {
    whole.push((whole[i] as number) + m.quarters);
    parts.push((parts[i] as number) + (m.quarters > 0 ? 1 : 0));
    // Each line of a summary follows the heading or another line: a newline before it.
    lines.push((lines[i] as number) + (m.summaryQuarters > 0 ? m.summaryQuarters + 1 : 0));
  });
  const summary = (from: number, to: number): number =>
    to <= from ? 0 : Math.ceil((SUMMARY_HEADING_QUARTERS + (lines[to] as number) - (lines[from] as number)) / 4);
  /** contextTokens of the messages [sentFrom, end) sent whole after a summary of [summaryFrom, sentFrom). */
  const tokens = (summaryFrom: number, sentFrom: number): number => {
    const summaryParts = sentFrom > summaryFrom ? 1 : 0;
    const sentParts = (parts[history.length] as number) - (parts[sentFrom] as number);
    const allParts = summaryParts + sentParts;
    const quarters = summary(summaryFrom, sentFrom) * 4 + (whole[history.length] as number) - (whole[sentFrom] as number) + Math.max(0, allParts - 1);
    return Math.ceil(quarters / 4);
  };
  return { summary, tokens };
};

/**
 * What a model receives of `history` (its own side of it, oldest first, the new message not included)
 * under `policy`, within `budgetTokens` (see historyBudget). What does not fit goes oldest first: the
 * summary's oldest lines, then, the summary gone, the oldest turns sent whole; so what is kept never
 * leaves a gap before the new message.
 */
export function contextFor<T extends Weighed>(history: readonly T[], policy: ContextPolicy, budgetTokens: number): ModelContext<T> {
  const sums = runningSums(history);
  const recent = policy.mode === 'all' ? history.length : (policy.messages ?? DEFAULT_CONTEXT_MESSAGES);
  let keepFrom = turnStartFrom(history, history.length - recent);
  let summaryFrom = policy.mode === 'summary' ? 0 : keepFrom;
  while (summaryFrom < keepFrom && sums.summary(summaryFrom, keepFrom) > MAX_SUMMARY_TOKENS) summaryFrom += 1;
  // The window: the oldest first, the summary's lines before any message sent whole.
  while ((summaryFrom < keepFrom || keepFrom < history.length) && sums.tokens(summaryFrom, keepFrom) > budgetTokens) {
    if (summaryFrom < keepFrom) summaryFrom += 1;
    else {
      keepFrom = turnStartFrom(history, keepFrom + 1);
      summaryFrom = keepFrom;
    }
  }
  const sent = history.slice(keepFrom);
  const summarized = history.slice(summaryFrom, keepFrom);
  return { sent, summarized, omitted: history.length - sent.length - summarized.length, tokens: sums.tokens(summaryFrom, keepFrom) };
}

/** The tokens a model's window leaves for the history: its window less the longest answer and what is always sent. */
export const historyBudget = (contextWindow: number | undefined, maxOutputTokens: number, alwaysSentTokens: number): number =>
  Math.max(0, (contextWindow ?? DEFAULT_CONTEXT_WINDOW) - maxOutputTokens - alwaysSentTokens);

/** The summary's text as the model receives it (before the messages sent whole). */
export const summaryText = (summarized: readonly Pick<ChatMessage, 'role' | 'content'>[]): string =>
  [SUMMARY_HEADING, ...summarized.map(summaryLineOf)].join('\n');
