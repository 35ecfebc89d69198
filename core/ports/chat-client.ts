import type { ChatStreamEvent } from '../domain/chat.js';
import type { ConversationSettings } from '../domain/conversation-settings.js';
import type { AbortSignalLike } from '../shared/abort.js';
import type { Result } from '../shared/result.js';

export type AnswerFinishReason = Extract<ChatStreamEvent, { type: 'finish' }>['finishReason'];

/** How one model's answer of a run ended, once the server has saved it and charged it. */
export interface RunAnswer {
  readonly modelId: string;
  /** The saved answer; null when nothing was shown (an error, a stop before the first word). */
  readonly messageId: string | null;
  readonly creditsCharged: number;
  readonly finishReason: AnswerFinishReason;
}

/** What a run streams: every model's events interleaved, then `done` once everything is saved and paid. */
export type ChatRunEvent = ChatStreamEvent | { readonly type: 'done'; readonly answers: readonly RunAnswer[] };

/** A run the server accepted: where it goes, which user message it answers, the models, and its events. */
export interface ChatRunHandle {
  readonly conversationId: string;
  readonly userMessageId: string;
  /** The models answering, in the order they were asked (the columns of a side-by-side turn). */
  readonly modelIds: readonly string[];
  /**
   * Read to its end. A lost connection ends the answers still open as `aborted` and no `done`
   * follows; aborting the signal stops the models (the server charges what they produced).
   */
  readonly events: AsyncIterable<ChatRunEvent>;
}

export interface SendChatInput {
  /** Absent: a new conversation named after the message. */
  readonly conversationId?: string;
  readonly message: string;
  readonly modelIds: readonly string[];
  /** Stored with the conversation before it is answered (how a new chat gets its instruction). */
  readonly settings?: ConversationSettings;
  /** Files uploaded before (AttachmentClient): sent with the message. */
  readonly attachmentIds?: readonly string[];
  readonly signal?: AbortSignalLike;
}

export interface RegenerateChatInput {
  readonly conversationId: string;
  /** Absent: the models that answered last time. */
  readonly modelIds?: readonly string[];
  readonly signal?: AbortSignalLike;
}

export interface EditLastChatInput extends RegenerateChatInput {
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
}
