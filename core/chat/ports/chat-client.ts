import type { ChatMessage, ChatStreamEvent, Conversation } from '../domain/chat.js';
import type { CompareVote } from '../domain/compare-votes.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import type { MessageWeight, PageQuery } from '../domain/history-page.js';
import type { SendChatFields } from '../domain/send-chat.js';
import type { AbortSignalLike, Result } from '../../shared/index.js';

export type AnswerFinishReason = Extract<ChatStreamEvent, { type: 'finish' }>['finishReason'];

/** How one model's answer of a run ended, once the server has saved it and charged it. */
export interface RunAnswer {
  readonly modelId: string;
  /** The saved answer; null when nothing was shown (an error, a stop before the first word). */
  readonly messageId: string | null;
  readonly creditsCharged: number;
  readonly finishReason: AnswerFinishReason;
}

/**
 * What a run streams: every model's events interleaved, then `done` once everything is saved and
 * paid. `seq` is the event's place in the run (1, 2, 3…): what a reader resumes after. An event a
 * client makes up itself (an answer cut off by a lost connection) has none.
 */
export type ChatRunEvent = (ChatStreamEvent | { readonly type: 'done'; readonly answers: readonly RunAnswer[] }) & { readonly seq?: number };

/** A run the server accepted: where it goes, which user message it answers, the models, and its events. */
export interface ChatRunHandle {
  /** The run's id: to resume reading it (from any server) or stop it. */
  readonly runId: string;
  readonly conversationId: string;
  readonly userMessageId: string;
  /** The models answering, in the order they were asked (the columns of a side-by-side turn). */
  readonly modelIds: readonly string[];
  /**
   * Read to its end. A lost connection is resumed where it broke off (a few tries, a short pause
   * between); when that fails too, the answers still open end as `aborted` and no `done` follows.
   * The run itself goes on on the server whatever happens to this reader: aborting the signal only
   * stops reading (see `stop`).
   */
  readonly events: AsyncIterable<ChatRunEvent>;
}

/** A run of a conversation that is still being answered (after a reload: to resume it). */
export interface LiveRun {
  readonly runId: string;
  readonly userMessageId: string;
  readonly modelIds: readonly string[];
}

/**
 * Everything the chat view draws of a conversation, read at once (one request in the browser): a page
 * of whole turns of its visible path (history-page.ts) with its cursors, the weight of every message
 * of the path (to price the next message), its settings, the run of it still being answered, and the
 * choices made on its side-by-side turns.
 */
export interface OpenedChat {
  readonly conversation: Conversation;
  /** Whole turns, oldest first. */
  readonly messages: readonly ChatMessage[];
  /** `older`: pass as `before`; `newer`: as `after` (null: nothing on that side). */
  readonly page: { readonly older: string | null; readonly newer: string | null };
  readonly weights: readonly MessageWeight[];
  readonly settings: ConversationSettings;
  /** The run still being answered (null: none, or the run log could not be read). */
  readonly liveRun: LiveRun | null;
  readonly votes: readonly CompareVote[];
}

export interface ResumeChatInput {
  readonly runId: string;
  /** The last `seq` already seen (0 or absent: from the start). */
  readonly after?: number;
  readonly signal?: AbortSignalLike;
}

/** A message to send (sendChatSchema's fields; files are uploaded before through AttachmentClient). */
export interface SendChatInput extends SendChatFields {
  /** Stops reading (before the run is accepted: nothing starts). */
  readonly signal?: AbortSignalLike;
}

export interface RegenerateChatInput {
  readonly conversationId: string;
  /** Absent: the models of the last turn's columns as shown. */
  readonly modelIds?: readonly string[];
  /** One column alone (its answer again, or by `modelId`: a swap; the next free column adds one). */
  readonly column?: number;
  readonly modelId?: string;
  readonly signal?: AbortSignalLike;
}

export interface EditLastChatInput {
  readonly conversationId: string;
  /** The user message edited (one shown); absent: the last. The edit is a new branch beside it. */
  readonly messageId?: string;
  /** Absent: the models of the edited message's columns. */
  readonly modelIds?: readonly string[];
  readonly signal?: AbortSignalLike;
  readonly message: string;
  /** The edited message's files; absent keeps those of the message it replaces. */
  readonly attachmentIds?: readonly string[];
}

export interface MergeChatInput {
  readonly conversationId: string;
  /** The model that writes the merged answer. */
  readonly modelId: string;
  readonly signal?: AbortSignalLike;
}

export interface SummarizeConversationInput {
  /** The conversation summarised (the caller's own). */
  readonly conversationId: string;
  /** The model that writes the summary. */
  readonly modelId: string;
  /** The new conversation's visible first question (worded in the reader's language). */
  readonly message: string;
  readonly signal?: AbortSignalLike;
}

/**
 * Chat, from the browser's side: the server owns it (it stores the conversation, holds and charges
 * the credits, runs the models). Each call either starts a run or is refused before any model runs
 * (`validation`, `not_found` for an unknown model or a conversation that is not the caller's,
 * `forbidden`, `insufficient_credits`, `conversation_busy` while another turn runs, `rate_limited`).
 */
export interface ChatClient {
  send(input: SendChatInput): Promise<Result<ChatRunHandle>>;
  regenerate(input: RegenerateChatInput): Promise<Result<ChatRunHandle>>;
  editLast(input: EditLastChatInput): Promise<Result<ChatRunHandle>>;
  /**
   * Asks one model to merge the answers of the last side-by-side turn into one, streamed as a new
   * answer of that turn (a previous merge of it is replaced), priced and charged as an answer.
   * `validation` when the last turn has fewer than two answers.
   */
  merge(input: MergeChatInput): Promise<Result<ChatRunHandle>>;
  /**
   * Starts a NEW conversation from a summary of this one: `message` is its first question, and one
   * model's summary of the old conversation's visible path (within its window) streams as its first
   * answer, priced and charged as any answer. The handle's `conversationId` is the new conversation's.
   * `not_found` for a conversation that is not the caller's; nothing is created when refused.
   */
  summarizeConversation(input: SummarizeConversationInput): Promise<Result<ChatRunHandle>>;
  /**
   * Reads a run of the caller's again, from after the event `after` on: its events then arrive as
   * they are produced, until `done`. `not_found` for a run that is not the caller's or has expired.
   */
  resume(input: ResumeChatInput): Promise<Result<ChatRunHandle>>;
  /**
   * Stops a run of the caller's: its open answers end as `aborted` (each saved and charged for what
   * it produced), and its readers get that end and `done`. Stopping a finished run changes nothing.
   * `not_found` for a run that is not the caller's. With `modelId`, that model's answer alone (one
   * column; the others go on); `not_found` for a model the run does not ask.
   */
  stop(input: { readonly runId: string; readonly modelId?: string }): Promise<Result<void>>;
  /** The conversation's run that is still being answered, or null; `not_found` for a conversation that is not the caller's. */
  liveRun(input: { readonly conversationId: string }): Promise<Result<LiveRun | null>>;
  /**
   * A conversation of the caller's as the chat view opens it (OpenedChat), the page the query names
   * (no cursor: the latest). `not_found` for a conversation that is not the caller's, or a cursor that
   * is not on its visible path.
   */
  open(input: { readonly conversationId: string } & PageQuery): Promise<Result<OpenedChat>>;
}
