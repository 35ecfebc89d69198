import { z } from 'zod';
import { attachmentIdsSchema } from '../domain/attachments.js';
import { conversationIdSchema, messageSchema, modelIdsSchema } from '../domain/chat-rules.js';
import { sendChatSchema } from '../domain/send-chat.js';
import { summarizeConversationSchema } from '../domain/conversation-summary.js';
import { pageQuerySchema, type PageQuery } from '../domain/history-page.js';
import type { ChatClient, ChatRunHandle, EditLastChatInput, LiveRun, MergeChatInput, OpenedChat, RegenerateChatInput, ResumeChatInput, SendChatInput, SummarizeConversationInput } from '../ports/chat-client.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

type Deps = { readonly currentUser: CurrentUser; readonly chatClient: ChatClient };

const regenerateSchema = z.object({
  conversationId: conversationIdSchema,
  modelIds: modelIdsSchema.optional(),
  column: z.number().int('The column must be a whole number').min(0, 'Columns are numbered from 0').max(15, 'There are at most 16 columns').optional(),
  modelId: z.string().trim().min(1, 'Choose a model').max(100, 'Model id is too long').optional(),
});
const editSchema = z.object({
  conversationId: conversationIdSchema,
  messageId: z.string().trim().min(1, 'Name the message to edit').max(200, 'Message id is too long').optional(),
  modelIds: modelIdsSchema.optional(),
  message: messageSchema,
  attachmentIds: attachmentIdsSchema.optional(),
});
const mergeSchema = z.object({ conversationId: conversationIdSchema, modelId: z.string().trim().min(1, 'Choose the model that merges') });

/**
 * The chat as the browser starts it: the same input rules as the server's use cases, checked here
 * first so a bad message is explained without a round trip, then one call to the server that owns
 * the run (ChatClient). Nothing of the server's work is re-enacted in the browser.
 */
const starter =
  <I extends { signal?: unknown }>(schema: z.ZodType, start: (client: ChatClient, input: I) => Promise<Result<ChatRunHandle>>) =>
  (deps: Deps) =>
  async (input: I): Promise<Result<ChatRunHandle>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const { signal: _signal, ...fields } = input;
    const valid = parseInput(schema, fields);
    if (!valid.success) return valid;
    return start(deps.chatClient, input);
  };

/** Sends a message to one to six models (a new conversation when none is given). */
export const makeSendChatMessage = starter<SendChatInput>(sendChatSchema, (client, input) => client.send(input));

/** Asks again for the answers to the last user message (every column, or one), keeping the earlier as versions. */
export const makeRegenerateChatAnswers = starter<RegenerateChatInput>(regenerateSchema, (client, input) => client.regenerate(input));

/** Edits a user message shown (by default the last) as a new branch, and asks again. */
export const makeEditChatMessage = starter<EditLastChatInput>(editSchema, (client, input) => client.editLast(input));

/** Asks one model to merge the answers of the last side-by-side turn. */
export const makeMergeChatAnswers = starter<MergeChatInput>(mergeSchema, (client, input) => client.merge(input));

/** Starts a new conversation from one model's summary of this one (its first question: `message`). */
export const makeSummarizeChatConversation = starter<SummarizeConversationInput>(summarizeConversationSchema, (client, input) => client.summarizeConversation(input));

const runIdSchema = z.object({ runId: z.string().trim().min(1, 'A run id is required').max(100, 'The run id is too long') });
const resumeSchema = runIdSchema.extend({ after: z.number().int().min(0).optional() });

/** Reads a run of the caller's again, from after the event `after` on (after a reload, or a lost connection). */
export const makeResumeChatRun = starter<ResumeChatInput>(resumeSchema, (client, input) => client.resume(input));

const stopSchema = runIdSchema.extend({ modelId: z.string().trim().min(1, 'Name the model to stop').max(100, 'Model id is too long').optional() });

/** Stops a run of the caller's (or one model's answer of it: a column), wherever the server runs it. */
export const makeStopChatRun =
  (deps: Deps) =>
  async (input: { runId: string; modelId?: string }): Promise<Result<void>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(stopSchema, input);
    return valid.success ? deps.chatClient.stop(valid.data) : valid;
  };

/** The conversation's answer the server is still writing, or null (a reloaded page resumes it). */
export const makeFindLiveChatRun =
  (deps: Deps) =>
  async (input: { conversationId: string }): Promise<Result<LiveRun | null>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(z.object({ conversationId: conversationIdSchema }), input);
    return valid.success ? deps.chatClient.liveRun(valid.data) : valid;
  };

/**
 * /chat/{id} in the browser: the page of the conversation the query names (no cursor: the latest)
 * with all the chat view draws of it (its settings, the run still being answered, the choices on its
 * turns), in one request.
 */
export const makeOpenChat =
  (deps: Deps) =>
  async (input: { conversationId: string } & PageQuery): Promise<Result<OpenedChat>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const { conversationId, ...query } = input;
    const valid = parseInput(z.object({ conversationId: conversationIdSchema }), { conversationId });
    if (!valid.success) return valid;
    const page = parseInput(pageQuerySchema, query);
    if (!page.success) return page;
    return deps.chatClient.open({ conversationId: valid.data.conversationId, ...page.data });
  };
