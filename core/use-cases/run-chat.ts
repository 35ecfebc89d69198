import { z } from 'zod';
import { attachmentIdsSchema } from '../domain/attachments.js';
import type { ChatMessage } from '../domain/chat.js';
import { conversationIdSchema, messageSchema, modelIdsSchema, titleFromMessage } from '../domain/chat-rules.js';
import { conversationSettingsSchema, NO_SETTINGS, type ConversationSettings } from '../domain/conversation-settings.js';
import { estimateTokens } from '../domain/usage-pricing.js';
import type { AbortSignalLike } from '../shared/abort.js';
import { parseInput } from '../shared/parse-input.js';
import { ok, type Result as R } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { streamAnswers } from './support/chat-answers.js';
import type { AnswerDeps, ChatRun } from './support/chat-answers.js';
import {
  attachmentTokensFor, attachWithHistory, describeAttachments, loadPromptAttachments, refuseImagesToBlindModels, type AttachmentDeps,
} from './support/chat-attachments.js';
import { chatPreflight, releaseHolds } from './support/chat-preflight.js';
import type { PreflightDeps } from './support/chat-preflight.js';
import { CHAT_TURN_TTL_SECONDS, heldTurn, releasingWhenSettled } from './support/conversation-turn.js';
import type { TurnDeps } from './support/conversation-turn.js';
import { requireUser } from './support/current-user.js';
import type { CurrentUser } from './support/current-user.js';

export type ChatDeps = AnswerDeps & PreflightDeps & TurnDeps & AttachmentDeps & { readonly currentUser: CurrentUser };

const inputSchema = z.object({
  conversationId: conversationIdSchema.optional(),
  message: messageSchema,
  modelIds: modelIdsSchema,
  settings: conversationSettingsSchema.optional(),
  attachmentIds: attachmentIdsSchema.optional(),
});

export interface RunChatInput {
  readonly conversationId?: string;
  readonly message: string;
  readonly modelIds: readonly string[];
  /** Stored with the conversation before the models are asked (a new chat's instruction and settings). */
  readonly settings?: ConversationSettings;
  /** Files uploaded before (the caller's own): images for models that read them, text for any. */
  readonly attachmentIds?: readonly string[];
  readonly signal?: AbortSignalLike;
}

/**
 * Sends a message to one to six models side by side (server side: the browser reaches it through
 * /api/chat). Refuses before any model runs: bad input, unknown or unconfigured models, paid models
 * without an active subscription (`forbidden`), a balance below the minimal answer, or one that
 * other running chats already hold (`insufficient_credits`; see chatPreflight). Then saves the user message (in a new conversation named after it when
 * no conversation is given) and streams the answers, each saved and charged as it ends.
 */
export const makeRunChat =
  (deps: ChatDeps) =>
  async (input: RunChatInput): Promise<Result<ChatRun>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { conversationId, message, modelIds, settings } = valid.data;
    const userId = user.data.id;
    // The files must be the caller's (another user's id is not_found) before anything is written.
    const described = await describeAttachments(deps, userId, valid.data.attachmentIds ?? []);
    if (!described.success) return described;
    const files = described.data;
    const seeing = await refuseImagesToBlindModels(deps, modelIds, files);
    if (!seeing.success) return seeing;

    // One step writes the message: the conversation (when new), its turn (one at a time: a second
    // send while an answer runs is conversation_busy) and the user message, with the history the
    // models see. A new conversation has no history, so its credit hold runs alongside.
    const newMessage = {
      role: 'user' as const,
      content: message,
      modelId: modelIds.length === 1 ? (modelIds[0] as string) : null,
      modelIds,
      inputTokens: null,
      outputTokens: null,
    };
    const begin = () =>
      deps.conversationTurns.start({
        userId,
        conversationId: conversationId ?? null,
        title: titleFromMessage(message),
        message: newMessage,
        ttlSeconds: CHAT_TURN_TTL_SECONDS,
        ...(settings ? { settings } : {}),
      });
    const admit = (history: readonly ChatMessage[], applied: ConversationSettings) =>
      chatPreflight(deps, {
        userId, modelIds, settings: applied, promptTokens: promptTokensOf(applied, [...history.map((m) => m.content), message]),
        attachments: files, attachmentTokens: (model) => attachmentTokensFor([...history, { attachments: files }], model),
      });
    // An existing conversation's earlier files are read alongside its first step.
    const historyFiles = conversationId === undefined ? null : deps.conversationStore.listAttachments(userId, conversationId);
    const [started, early] =
      conversationId === undefined ? await Promise.all([begin(), admit([], settings ?? NO_SETTINGS)]) : [await begin(), null];
    if (!started.success) {
      if (early?.success) await releaseHolds(deps, userId, early.data.holds);
      return started;
    }
    const { conversation } = started.data;
    const turn = heldTurn(deps, userId, conversation.id, started.data.turnId);
    // Refused: what this step wrote goes again (the new conversation, or the message), and the turn.
    const undo = async <T>(refusal: R<T>, holds?: ReadonlyMap<string, string>): Promise<R<T>> => {
      if (conversationId === undefined) await deps.conversationStore.deleteConversation(userId, conversation.id);
      else await deps.conversationStore.truncateFrom(userId, conversation.id, started.data.userMessage.id);
      await Promise.all([turn.end(), holds ? releaseHolds(deps, userId, holds) : undefined]);
      return refusal;
    };
    const withFiles = await attachWithHistory(deps, userId, started.data, files, historyFiles);
    if (!withFiles.success) return undo(withFiles, early?.success ? early.data.holds : undefined);
    const { history, userMessage } = withFiles.data;
    const admitted = early ?? (await admit(history, started.data.settings));
    if (!admitted.success) return undo(admitted);
    const { models, holds } = admitted.data;
    const loaded = await loadPromptAttachments(deps, userId, [...history, userMessage]);
    if (!loaded.success) return undo(loaded, holds);
    const streaming = streamAnswers(deps, {
      userId,
      conversationId: conversation.id,
      models,
      holds,
      settings: admitted.data.settings,
      instruction: started.data.settings.instruction,
      history: [...history, userMessage],
      ...(loaded.data ? { attachments: loaded.data } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    });
    return ok(releasingWhenSettled({ conversationId: conversation.id, userMessage, ...streaming }, turn));
  };

/** The prompt as the models get it, estimated: the instruction and the texts of the history. */
export const promptTokensOf = (settings: ConversationSettings, texts: readonly string[]): number =>
  estimateTokens([settings.instruction, ...texts].filter((t) => t !== '').join('\n'));
