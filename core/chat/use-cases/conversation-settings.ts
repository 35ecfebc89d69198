import { z } from 'zod';
import { conversationIdSchema } from '../domain/chat-rules.js';
import { conversationSettingsSchema, type ConversationSettings } from '../domain/conversation-settings.js';
import type { ConversationLibrary } from '../ports/conversation-store.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type Deps = { readonly currentUser: CurrentUser; readonly conversationLibrary: ConversationLibrary };

const readSchema = z.object({ conversationId: conversationIdSchema });
const saveSchema = z.object({ conversationId: conversationIdSchema, settings: conversationSettingsSchema });

/** The chat header's settings: the conversation's instruction and per-model temperature and length. */
export const makeGetConversationSettings =
  (deps: Deps) =>
  async (input: { conversationId: string }): Promise<Result<ConversationSettings>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(readSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.getSettings(user.data.id, valid.data.conversationId);
  };

/** Saves them as a whole; the next answers of the conversation are asked with them. */
export const makeSaveConversationSettings =
  (deps: Deps) =>
  async (input: { conversationId: string; settings: ConversationSettings }): Promise<Result<ConversationSettings>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(saveSchema, input);
    if (!valid.success) return valid;
    return deps.conversationLibrary.saveSettings(user.data.id, valid.data.conversationId, valid.data.settings);
  };
