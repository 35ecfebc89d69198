import type { AttachmentRef } from '../../../../../core/chat/index.js';

/** A message as the chat screens show it; the page maps stored messages and stream events to it. */
export interface MessageView {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly content: string;
  /** The model that wrote an answer (or the one a prompt went to). */
  readonly modelId: string | null;
  readonly streaming?: boolean;
  /** A failed answer, explained inline. */
  readonly error?: ChatErrorView | null;
  /** How an answer went (time to first word, duration, tokens, credits), where known. */
  readonly metrics?: AnswerMetricsView | null;
  /** A merged answer: the models whose answers it fused. */
  readonly mergedFrom?: readonly string[];
  /** A merged answer made from earlier answers: a column shown now was answered again after it (see markOutdatedMerges). */
  readonly outdated?: boolean;
  /** A question's files. */
  readonly attachments?: readonly AttachmentRef[];
  /** An answer's column in its turn (0, 1, …; -1 a merge), where known. */
  readonly column?: number;
  /** Which of its versions is shown (‹ index/count ›); absent when it has one. */
  readonly version?: { readonly index: number; readonly count: number };
  /**
   * What it is drawn under when not its id: a stored message that replaced the one streamed on screen
   * keeps the streamed one's, so its text is not drawn anew at the end of an answer.
   */
  readonly drawKey?: string;
}

export interface AnswerMetricsView {
  readonly firstTokenMs: number | null;
  readonly durationMs: number | null;
  readonly tokens: number | null;
  /** What the model read and wrote, where known (shown instead of their sum). */
  readonly inputTokens?: number | null;
  readonly outputTokens?: number | null;
  readonly credits: number | null;
  /** The answer was stopped before its end (said beside its figures). */
  readonly stopped?: boolean;
}

export interface ChatErrorView {
  /** insufficient_credits gets its own explanation and a way to get more credits. */
  readonly code: 'insufficient_credits' | 'model_unavailable' | 'context_too_long' | 'rate_limited' | 'network' | 'unexpected' | string;
  readonly message?: string;
  /** insufficient_credits: the credits running answers hold (given back, less what they use, when they end). */
  readonly held?: number;
  /** spending_cap_reached: the monthly cap, spent this month, what the send needed and what remains. */
  readonly spendingCap?: { readonly cap: number; readonly spent: number; readonly required: number; readonly remaining: number };
  /** context_too_long: the message alone, the conversation to summarise or the answers to merge was too long (absent: the conversation). */
  readonly context?: 'message' | 'summary' | 'merge';
  /** A refusal its details explain: images a model cannot read, images over one request, models that need a plan. */
  readonly refusal?:
    | { readonly reason: 'images_not_supported' | 'needs_plan'; readonly modelIds: readonly string[] }
    | { readonly reason: 'images_too_large'; readonly limit: number };
}

/**
 * One question and its answers. A turn asked of several models shows them as columns, in the
 * order they were asked (side by side); a turn of one model reads as a plain exchange.
 */
export interface TurnView {
  readonly id: string;
  readonly question: MessageView | null;
  readonly answers: readonly MessageView[];
  readonly columns: boolean;
  /** What it is drawn under when not its id (a stored turn that replaced the turn streamed on screen). */
  readonly drawKey?: string;
  /** The live turn of a new question: the id its question is stored under, once the server has named it. */
  readonly storedQuestionId?: string;
}

/** The id of the turn of a question being answered before it is stored (a new or edited question). */
export const LIVE_TURN_ID = 'live';

/**
 * The id a turn's question is stored under: a stored turn's question's, a live turn's once the server
 * has named it (null before). A blind turn's columns are shuffled by it, so they stand in the same
 * order while the answers stream, once they are stored and after a reload.
 */
export const storedQuestionIdOf = (turn: TurnView): string | null =>
  turn.id === LIVE_TURN_ID ? (turn.storedQuestionId ?? null) : (turn.question?.id ?? null);
