import type { ChatRole } from '../domain/chat.js';
import type { Result } from '../../shared/index.js';

/** A conversation's public link: anyone with the token may read it, until its owner revokes it. */
export interface ConversationShare {
  readonly conversationId: string;
  /** Unguessable (128 random bits, base64url); the link is /s/{token}. */
  readonly token: string;
  readonly createdAt: string;
}

/** What a visitor of a shared link sees: the title and the messages, nothing else of the owner. */
export interface SharedConversation {
  readonly title: string;
  readonly sharedAt: string;
  readonly messages: readonly {
    readonly role: Exclude<ChatRole, 'system'>;
    readonly content: string;
    readonly modelId: string | null;
    readonly modelIds?: readonly string[];
    /** A merged answer: the models whose answers it fused. */
    readonly mergedFrom?: readonly string[];
    /** An answer stopped before its end. */
    readonly stopped?: boolean;
    readonly createdAt: string;
  }[];
}

/** A user's share links (the browser's port, over /api). A foreign conversation reads as missing. */
export interface ConversationSharing {
  getShare(userId: string, conversationId: string): Promise<Result<ConversationShare | null>>;
  /** Shares the conversation; sharing it again answers the link it already has. */
  shareConversation(userId: string, conversationId: string): Promise<Result<ConversationShare>>;
  /** Ends the link at once; revoking twice is fine. A new share gets a new token. */
  revokeShare(userId: string, conversationId: string): Promise<Result<void>>;
}

/** The server's side: the sharing plus the look-up of a link by its token (no user involved). */
export interface ConversationShares extends ConversationSharing {
  findShare(token: string): Promise<Result<{ readonly conversationId: string; readonly userId: string; readonly createdAt: string } | null>>;
}

/** A shared conversation read by its token, as a signed-out visitor reads it (the browser's port). */
export interface SharedConversations {
  openShared(token: string): Promise<Result<SharedConversation | null>>;
}
