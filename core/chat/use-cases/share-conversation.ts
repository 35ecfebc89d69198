import { z } from 'zod';
import { conversationIdSchema } from '../domain/chat-rules.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import type { ConversationShare, ConversationShares, ConversationSharing, SharedConversation } from '../ports/conversation-shares.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type SharingDeps = { readonly currentUser: CurrentUser; readonly conversationSharing: ConversationSharing };
const conversationInput = z.object({ conversationId: conversationIdSchema });
/** 128 random bits in base64url; anything else can name no link. */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'This is not a share link');

const forCaller =
  <T>(act: (deps: SharingDeps, userId: string, conversationId: string) => Promise<Result<T>>) =>
  (deps: SharingDeps) =>
  async (input: { conversationId: string }): Promise<Result<T>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(conversationInput, input);
    if (!valid.success) return valid;
    return act(deps, user.data.id, valid.data.conversationId);
  };

/** The caller's link for one of their conversations, or null when it is not shared (not_found when it is not theirs). */
export const makeGetConversationShare = (deps: SharingDeps & { readonly conversationLibrary: ConversationLibrary }) =>
  forCaller<ConversationShare | null>(async (d, u, c) => {
    const owned = await deps.conversationLibrary.getConversation(u, c);
    if (!owned.success) return owned;
    if (!owned.data) return fail(domainError('not_found', `Conversation ${c} does not exist`));
    return d.conversationSharing.getShare(u, c);
  })(deps);
/** Makes a read-only public link for one of the caller's conversations (the same link when shared already). */
export const makeShareConversation = forCaller<ConversationShare>((d, u, c) => d.conversationSharing.shareConversation(u, c));
/** Ends the caller's link at once. */
export const makeRevokeConversationShare = forCaller<void>((d, u, c) => d.conversationSharing.revokeShare(u, c));

/**
 * A shared conversation as anyone with the link reads it (server side, no user): the title and
 * the messages, never the owner's id or e-mail. A revoked or unknown link is not_found, the same.
 */
export const makeOpenSharedConversation =
  (deps: { readonly conversationShares: ConversationShares; readonly conversationLibrary: ConversationLibrary }) =>
  async (input: { token: string }): Promise<Result<SharedConversation>> => {
    const token = parseInput(z.object({ token: shareTokenSchema }), input);
    const missing = fail(domainError('not_found', 'This link does not exist or was turned off by its owner'));
    if (!token.success) return missing;
    const share = await deps.conversationShares.findShare(token.data.token);
    if (!share.success) return share;
    if (!share.data) return missing;
    const { userId, conversationId, createdAt } = share.data;
    const [conversation, messages] = await Promise.all([
      deps.conversationLibrary.getConversation(userId, conversationId),
      deps.conversationLibrary.listMessages(userId, conversationId),
    ]);
    if (!conversation.success) return conversation;
    if (!messages.success) return messages;
    if (!conversation.data) return missing;
    return ok({
      title: conversation.data.title,
      sharedAt: createdAt,
      messages: messages.data.flatMap((m) =>
        m.role === 'system'
          ? []
          : [{ role: m.role, content: m.content, modelId: m.modelId, ...(m.modelIds ? { modelIds: m.modelIds } : {}), ...(m.mergedFrom ? { mergedFrom: m.mergedFrom } : {}), ...(m.stopped ? { stopped: true } : {}), createdAt: m.createdAt }],
      ),
    });
  };

/** The browser's way to the same: GET /api/shared/{token} through SharedConversations. */
export const makeViewSharedConversation =
  (deps: { readonly sharedConversations: { openShared(token: string): Promise<Result<SharedConversation | null>> } }) =>
  async (input: { token: string }): Promise<Result<SharedConversation>> => {
    const token = parseInput(z.object({ token: shareTokenSchema }), input);
    const missing = fail(domainError('not_found', 'This link does not exist or was turned off by its owner'));
    if (!token.success) return missing;
    const opened = await deps.sharedConversations.openShared(token.data.token);
    if (!opened.success) return opened;
    return opened.data ? ok(opened.data) : missing;
  };
