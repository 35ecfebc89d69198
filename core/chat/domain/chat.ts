import type { AbortSignalLike } from '../../shared/index.js';
import type { ModelPrice, TokenUsage } from '../../credits/index.js';
import type { AttachmentRef } from './attachments.js';
import type { ModelSettings } from './conversation-settings.js';
import type { ModelProvider } from './providers.js';
import type { VersionOf } from './conversation-tree.js';


/** One entry of the model catalogue, with its price (credits per 1,000 tokens). */
export interface ModelInfo extends ModelPrice {
  readonly id: string;
  readonly label: string;
  readonly provider: ModelProvider;
  /** 'free' models need no subscription; 'paid' models need an active one. */
  readonly plan: 'free' | 'paid';
  /** Whether its provider is configured right now. */
  readonly available: boolean;
  /** false for a model that takes no temperature (reasoning models); absent: it takes one. */
  readonly supportsTemperature?: boolean;
  /** The longest answer it can write, in tokens; absent: DEFAULT_MAX_OUTPUT_TOKENS. */
  readonly maxOutputTokens?: number;
  /** true for a model that reads images; absent or false: it is refused a message with an image. */
  readonly supportsImages?: boolean;
  /** The most tokens it reads at once (prompt and answer); absent: DEFAULT_CONTEXT_WINDOW (context-window.ts). */
  readonly contextWindow?: number;
}

export type ChatRole = 'user' | 'assistant' | 'system';

export interface ChatMessage {
  readonly id: string;
  readonly conversationId: string;
  readonly role: ChatRole;
  readonly content: string;
  /** The model that wrote an assistant message, or the model a user message was sent to. */
  readonly modelId: string | null;
  /** On a user message: every model it was sent to, in order (the columns of a side-by-side turn). */
  readonly modelIds?: readonly string[];
  /** On an assistant message: the models whose answers it merged (a merge column of a side-by-side turn). */
  readonly mergedFrom?: readonly string[];
  /**
   * On a merge, read from the visible path: a column of its turn shows an answer written after it, so it
   * merged answers no longer shown (markOutdatedMerges in chat-rules.ts). No model is sent it.
   */
  readonly outdated?: true;
  /** On a user message: the files sent with it, in order. */
  readonly attachments?: readonly AttachmentRef[];
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  /** On an assistant message: ms from the model being asked to its first words (absent where unknown). */
  readonly firstTokenMs?: number;
  /** On an assistant message: ms from the model being asked to the end of its answer. */
  readonly durationMs?: number;
  /** On an assistant message: the credits it was charged. */
  readonly creditsCharged?: number;
  /** On an assistant message: true when it was stopped before its end (by the user); absent or false: it ended by itself. */
  readonly stopped?: boolean;
  readonly createdAt: string;
  /**
   * Its place in the conversation's tree (conversation-tree.ts): the user message it answers, or (a user
   * message) the one of the turn before; null or absent for the first turn.
   */
  readonly parentId?: string | null;
  /** On an assistant message: its column in the turn (0, 1, … in the order asked; MERGE_COLUMN for a merge). */
  readonly column?: number;
  /** Read from the visible path: which of its versions is shown and how many there are (absent: only one). */
  readonly version?: VersionOf;
}

export interface Conversation {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When its user pinned it (pinned conversations list first, the latest pinned first); absent when not pinned. */
  readonly pinnedAt?: string;
}

/** What a chat stream yields; every event names the model it belongs to (side-by-side view). */
export type ChatStreamEvent =
  | { readonly type: 'start'; readonly modelId: string; readonly messageId?: string }
  | { readonly type: 'delta'; readonly modelId: string; readonly text: string }
  | {
      readonly type: 'finish';
      readonly modelId: string;
      readonly usage: TokenUsage;
      readonly finishReason: 'stop' | 'length' | 'aborted' | 'error' | 'other';
      readonly creditsCharged?: number;
      readonly balance?: number;
    }
  | { readonly type: 'error'; readonly modelId: string; readonly code: string; readonly message: string };

/**
 * A file as a model receives it: an image's bytes (for models that read images), or the text of a
 * text file or PDF, each with its name, type and size.
 */
export type PromptAttachment =
  | { readonly kind: 'image'; readonly name: string; readonly mediaType: string; readonly size: number; readonly width: number; readonly height: number; readonly data: Uint8Array }
  | { readonly kind: 'text'; readonly name: string; readonly mediaType: string; readonly size: number; readonly text: string };

/** One message of a prompt; a user message may carry files. */
export interface PromptMessage {
  readonly role: ChatRole;
  readonly content: string;
  readonly attachments?: readonly PromptAttachment[];
}

export interface ChatRequest {
  readonly modelIds: readonly string[];
  readonly messages: readonly PromptMessage[];
  readonly conversationId?: string;
  readonly signal?: AbortSignalLike;
  /** The conversation's system instruction, given in each provider's own system slot. */
  readonly instruction?: string;
  /** Temperature and maximum length by model id, already fitted to what each model takes. */
  readonly settings?: Readonly<Record<string, ModelSettings>>;
}
