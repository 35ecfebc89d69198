import { z } from 'zod';
import { attachmentIdsSchema } from './attachments.js';
import { conversationIdSchema, messageSchema, modelIdsSchema } from './chat-rules.js';
import { conversationSettingsSchema } from './conversation-settings.js';

/**
 * A message sent to one to six models side by side: its one description. The server's use case
 * (runChat), the browser's (sendChatMessage) and POST /api/chat all read their fields from it.
 */
export const sendChatSchema = z.object({
  /** Absent: a new conversation named after the message. */
  conversationId: conversationIdSchema.optional(),
  message: messageSchema,
  modelIds: modelIdsSchema,
  /** Stored with the conversation before the models are asked (how a new chat gets its instruction and settings). */
  settings: conversationSettingsSchema.optional(),
  /** Files uploaded before (the caller's own): images for models that read them, text for any. */
  attachmentIds: attachmentIdsSchema.optional(),
});

type ReadOnly<V> = V extends readonly (infer E)[] ? readonly E[] : V;
type SendChatShape = z.output<typeof sendChatSchema>;

/** What a caller sends: the schema's fields, read-only (a list may be a read-only one). */
export type SendChatFields = { readonly [K in keyof SendChatShape]: ReadOnly<SendChatShape[K]> };
