import type { AttachmentRef, ChatMessage, CompareVote, ConversationSettings, ChatRunHandle, LiveRun as ServerLiveRun, MessageWeight, PageQuery, SendChatFields } from '../../../../../core/chat/index.js';
import type { Result } from '../../../../../core/shared/index.js';
import type { PageAnswer } from './history-window.js';
import type { SpendingCapRefusal } from './spending-cap-refusal.js';
import type { SendRefusal } from './send-refusal.js';

// The chat session's state and the use cases it runs on (chat-session.ts).

/**
 * How one answer went, shown under it: measured here from sending while the answer streams; a
 * reopened conversation shows what the server stored with the answer (timed from the model being asked).
 */
export interface AnswerMetrics {
  /** To the first word, in ms. */
  readonly firstTokenMs: number | null;
  /** To the end, in ms. */
  readonly durationMs: number | null;
  readonly tokens: number | null;
  /** The tokens the model read (the history it was sent, the message, the files) and those it wrote, where known. */
  readonly inputTokens?: number | null;
  readonly outputTokens?: number | null;
  readonly credits: number | null;
  /** The answer was stopped before its end. */
  readonly stopped?: boolean;
}

/** One model's answer while a run streams. */
/**
 * What a model refused as longer than it reads at once (context_too_long), where it is not the
 * conversation: the message alone (the conversation's first question), the conversation to summarise,
 * or the answers to merge. Each has its own way on.
 */
export type ContextTooLong = 'message' | 'summary' | 'merge';

export interface LiveAnswer {
  readonly modelId: string;
  readonly content: string;
  readonly streaming: boolean;
  readonly error: {
    readonly code: string;
    readonly message?: string;
    readonly held?: number;
    readonly spendingCap?: SpendingCapRefusal;
    readonly refusal?: SendRefusal;
    /** context_too_long: what was too long, where it is not the conversation (see ContextTooLong). */
    readonly context?: ContextTooLong;
  } | null;
  readonly metrics: AnswerMetrics;
}

/** The run on screen: the question it answers (shown at once) and each model's answer so far. */
export interface LiveRun {
  readonly question: string;
  /** Whether the question is already among the stored messages (a regenerate asks it again, a merge answers it once more). */
  readonly questionStored: boolean;
  /**
   * The id the question is stored under, once known: a new question's from the run's first event
   * (before any word of an answer), a stored question's own. Absent until then (and for a run refused).
   */
  readonly questionId?: string;
  /** A merge: the models whose answers the run's answer merges (a new column of the last turn). */
  readonly mergedFrom?: readonly string[];
  /** The files sent with the question. */
  readonly attachments?: readonly AttachmentRef[];
  readonly modelIds: readonly string[];
  /** Each answering model's column in the turn (absent: the order of modelIds). */
  readonly columns?: Readonly<Record<string, number>>;
  readonly answers: readonly LiveAnswer[];
  readonly streaming: boolean;
}

export interface ChatSessionState {
  /** The conversation shown; null for a new chat (until the server names it). */
  readonly conversationId: string | null;
  /**
   * Its stored messages held so far, oldest first: one unbroken run of whole turns of the visible
   * path (the pages read, see history-window.ts); undefined while they load.
   */
  readonly messages: readonly ChatMessage[] | undefined;
  /** The cursors of the pages beside the messages held (null: none on that side; `newer` null: they end with the latest turn). */
  readonly page: { readonly older: string | null; readonly newer: string | null };
  /** Which side is being read (older as the reader nears the top, newer as they near the bottom), if any. */
  readonly paging: 'older' | 'newer' | null;
  /** The weight of every message of the visible path, where the server sent them (it prices the next message without every page). */
  readonly weights: readonly MessageWeight[] | undefined;
  readonly run: LiveRun | null;
  /** What the composer holds, per conversation ('' key: the new chat). */
  readonly drafts: Readonly<Record<string, string>>;
  /** How the answers of this session went, by saved message id. */
  readonly metrics: Readonly<Record<string, AnswerMetrics>>;
  /** The conversation's instruction and model settings (a new chat's go with its first message); undefined while they load. */
  readonly settings: ConversationSettings | undefined;
  /** The choices made on its side-by-side turns, where the server sent them with the conversation (undefined: not sent). */
  readonly votes: readonly CompareVote[] | undefined;
}

export interface ChatSessionPorts {
  /**
   * A page of the conversation's visible path (no cursor: the latest); a cursor not on the path is not_found.
   * The app server's answer carries all the chat view draws (settings, the running run, votes) besides.
   */
  openConversation(input: { conversationId: string } & PageQuery): Promise<Result<PageAnswer>>;
  regenerateChatAnswers(input: { conversationId: string; modelIds?: readonly string[]; column?: number; modelId?: string; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  editChatMessage(input: { conversationId: string; messageId?: string; message: string; modelIds?: readonly string[]; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  /** Shows a message (or its version of that number) with its ancestors; answers the page around it of the new visible path. */
  showMessage(input: { conversationId: string; messageId: string; version?: number }): Promise<Result<PageAnswer>>;
  mergeChatAnswers(input: { conversationId: string; modelId: string; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  /** Starts a new conversation from one model's summary of this one (`message`: its first question); the run names the new conversation. */
  summarizeChatConversation(input: { conversationId: string; modelId: string; message: string; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  getConversationSettings(input: { conversationId: string }): Promise<Result<ConversationSettings>>;
  saveConversationSettings(input: { conversationId: string; settings: ConversationSettings }): Promise<Result<ConversationSettings>>;
  sendChatMessage(input: SendChatFields & { signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  /** Reads a run again (after a reload, or coming back to its conversation). */
  resumeChatRun(input: { runId: string; after?: number; signal?: AbortSignal }): Promise<Result<ChatRunHandle>>;
  stopChatRun(input: { runId: string; modelId?: string }): Promise<Result<void>>;
  /** The conversation's answer still being written on the server, if any. */
  findLiveChatRun(input: { conversationId: string }): Promise<Result<ServerLiveRun | null>>;
}

export type RunOutcome = { readonly conversationId: string } | { readonly error: { readonly code: string; readonly message: string } };
