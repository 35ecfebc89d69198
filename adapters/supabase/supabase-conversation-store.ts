import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { AttachmentRef, ChatMessage, Conversation, ConversationSettings, ConversationStore, NewMessage, PageQuery, PathPage } from '../../core/chat/index.js';
import { continuingPlace, exportEntries, missingCursorMessage, pageWithWeights, type ConversationExport } from '../../core/chat/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { attachmentsColumn, contextPolicyColumn, MESSAGE_COLUMNS, messageRow, modelSettingsColumn, SETTINGS_COLUMNS, settingsRow } from './conversation-rows.js';
import { fromRest, isRowNotFound, parseRow, type RestFailure } from './supabase-errors.js';

const CONVERSATION_COLUMNS = 'id, user_id, title, created_at, updated_at, pinned_at';
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

const timestamp = z.string().transform((value) => new Date(value).toISOString());
const conversationRow = z
  .object({ id: z.string(), user_id: z.string(), title: z.string(), created_at: timestamp, updated_at: timestamp, pinned_at: timestamp.nullable() })
  .transform((r): Conversation => ({
    id: r.id,
    userId: r.user_id,
    title: r.title,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    ...(r.pinned_at === null ? {} : { pinnedAt: r.pinned_at }),
  }));

const noConversation = (id: string): Result<never> =>
  fail(domainError('not_found', `No conversation ${id}`, { code: 'PGRST116' }));

/**
 * Conversations and messages through the browser client. Row-level security makes another user's
 * conversation indistinguishable from a missing one, so both answer not_found (or null on reads).
 */
export class SupabaseConversationStore implements ConversationStore {
  constructor(private readonly client: SupabaseClient) {}

  async listConversations(userId: string, options: { query?: string; limit?: number; after?: string } = {}): Promise<Result<readonly Conversation[]>> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
    const query = options.query?.trim() ?? '';
    if (query === '' && options.after !== undefined) {
      // The next page after a conversation of the list, its place read in the database (see the migration).
      const { data, error, status } = await this.client.rpc('conversations_after_json', { p_user_id: userId, p_after: options.after, p_limit: limit });
      if ((error && isBadId(error)) || (!error && data === null)) return noConversation(options.after);
      if (error) return fail(fromRest('Could not list the conversations', error, status));
      return parseRow('Could not list the conversations', z.array(conversationRow), data);
    }
    if (query !== '') {
      // Each conversation tested once in the database, answered as one JSON value (see the migration).
      const { data, error, status } = await this.client.rpc('conversations_matching_json', { p_user_id: userId, p_text: query, p_limit: limit });
      if (error) return fail(fromRest('Could not search the conversations', error, status));
      return parseRow('Could not search the conversations', z.array(conversationRow), data);
    }
    const { data, error, status } = await this.client
      .from('conversations')
      .select(CONVERSATION_COLUMNS)
      .eq('user_id', userId)
      .order('pinned_at', { ascending: false, nullsFirst: false })
      .order('updated_at', { ascending: false })
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit);
    if (error) return fail(fromRest('Could not list the conversations', error, status));
    return parseRow('Could not list the conversations', z.array(conversationRow), data);
  }

  async getConversation(userId: string, conversationId: string): Promise<Result<Conversation | null>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .select(CONVERSATION_COLUMNS)
      .eq('user_id', userId)
      .eq('id', conversationId)
      .maybeSingle();
    if (error) return isBadId(error) ? ok(null) : fail(fromRest('Could not read the conversation', error, status));
    return data === null ? ok(null) : parseRow('Could not read the conversation', conversationRow, data);
  }

  async createConversation(userId: string, title: string): Promise<Result<Conversation>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .insert({ user_id: userId, title })
      .select(CONVERSATION_COLUMNS)
      .single();
    if (error) return fail(fromRest('Could not create the conversation', error, status));
    return parseRow('Could not create the conversation', conversationRow, data);
  }

  async renameConversation(userId: string, conversationId: string, title: string): Promise<Result<Conversation>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .update({ title })
      .eq('user_id', userId)
      .eq('id', conversationId)
      .select(CONVERSATION_COLUMNS)
      .single();
    if (isRowNotFound(error) || (error && isBadId(error))) return noConversation(conversationId);
    if (error) return fail(fromRest('Could not rename the conversation', error, status));
    return parseRow('Could not rename the conversation', conversationRow, data);
  }

  async pinConversation(userId: string, conversationId: string, pinned: boolean): Promise<Result<Conversation>> {
    const { data, error, status } = await this.client.rpc('pin_conversation', { p_user_id: userId, p_conversation_id: conversationId, p_pinned: pinned });
    if (error && isBadId(error)) return noConversation(conversationId);
    if (error) return fail(fromRest(pinned ? 'Could not pin the conversation' : 'Could not unpin the conversation', error, status));
    if (data === null) return noConversation(conversationId);
    return parseRow('Could not read the pinned conversation', conversationRow, data);
  }

  exportConversations(userId: string): AsyncIterable<Result<ConversationExport>> {
    return exportEntries(this, userId);
  }

  async deleteConversation(userId: string, conversationId: string): Promise<Result<void>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .delete()
      .eq('user_id', userId)
      .eq('id', conversationId)
      .select('id');
    if (error) return isBadId(error) ? noConversation(conversationId) : fail(fromRest('Could not delete the conversation', error, status));
    return data.length === 0 ? noConversation(conversationId) : ok(undefined);
  }

  /**
   * The visible path, read in one step by conversation_path_json (the tree is walked in the database),
   * one JSON value however long, so the API's row cap ("Max rows", 1000) never cuts it.
   */
  async listMessages(userId: string, conversationId: string): Promise<Result<readonly ChatMessage[]>> {
    const { data, error, status } = await this.client.rpc('conversation_path_json', { p_user_id: userId, p_conversation_id: conversationId });
    if (error) return isBadId(error) ? ok([]) : fail(fromRest('Could not list the messages', error, status));
    return parseRow('Could not list the messages', z.array(messageRow), data);
  }

  /**
   * A page of the visible path and the weights of all of it, over the one conversation_path call (the
   * weights need every message's size). An empty path is told apart from a conversation that is not the
   * user's by one more read, only then.
   */
  async listMessagePage(userId: string, conversationId: string, query: PageQuery): Promise<Result<PathPage>> {
    const path = await this.listMessages(userId, conversationId);
    if (!path.success) return path;
    if (path.data.length === 0) {
      const conversation = await this.getConversation(userId, conversationId);
      if (!conversation.success) return conversation;
      if (conversation.data === null) return noConversation(conversationId);
    }
    const page = pageWithWeights(path.data, query);
    return page ? ok(page) : fail(domainError('not_found', missingCursorMessage(query)));
  }

  async showMessage(userId: string, conversationId: string, messageId: string, version?: number): Promise<Result<PathPage>> {
    const { data: shown, error, status } = await this.client.rpc('show_message', {
      p_user_id: userId,
      p_conversation_id: conversationId,
      p_message_id: messageId,
      ...(version === undefined ? {} : { p_version: version }),
    });
    if (error && (isBadId(error) || error.code === 'P0002')) {
      return fail(domainError('not_found', version === undefined ? `No message ${messageId} in conversation ${conversationId}` : `Message ${messageId} has no version ${version}`));
    }
    if (error) return fail(fromRest('Could not show the message', error, status));
    const target = parseRow('Could not show the message', z.string(), shown);
    if (!target.success) return target;
    return this.listMessagePage(userId, conversationId, { around: target.data });
  }

  /**
   * The insert policy admits a message only into a conversation of the caller's: a refusal (42501) or
   * a missing conversation (23503) both mean "no such conversation" for this user.
   */
  async appendMessage(userId: string, conversationId: string, message: NewMessage): Promise<Result<ChatMessage>> {
    let place: { parentId: string | null; column: number | null };
    if (message.parentId === undefined) {
      // No place given: it continues the visible path (one more read; the chat use cases give places).
      const path = await this.listMessages(userId, conversationId);
      if (!path.success) return path;
      place = continuingPlace(path.data.map((m) => ({ ...m, parentId: m.parentId ?? null, column: m.column ?? null })), message.role);
    } else place = { parentId: message.parentId, column: message.role === 'assistant' ? (message.column ?? 0) : null };
    const { data, error, status } = await this.client
      .from('messages')
      .insert({
        conversation_id: conversationId,
        user_id: userId,
        role: message.role,
        content: message.content,
        model_id: message.modelId,
        model_ids: message.modelIds && message.modelIds.length > 0 ? [...message.modelIds] : null,
        merged_from: message.mergedFrom && message.mergedFrom.length > 0 ? [...message.mergedFrom] : null,
        attachments: message.attachments && message.attachments.length > 0 ? message.attachments : null,
        input_tokens: message.inputTokens,
        output_tokens: message.outputTokens,
        first_token_ms: message.firstTokenMs ?? null,
        duration_ms: message.durationMs ?? null,
        credits_charged: message.creditsCharged ?? null,
        stopped: message.stopped === true,
        parent_id: place.parentId,
        column_index: place.column,
      })
      .select(MESSAGE_COLUMNS)
      .single();
    if (error && status !== 401 && (error.code === '42501' || error.code === '23503' || isBadId(error))) {
      return noConversation(conversationId);
    }
    if (error) return fail(fromRest('Could not save the message', error, status));
    return parseRow('Could not save the message', messageRow, data);
  }

  async attachToMessage(userId: string, conversationId: string, messageId: string, attachments: readonly AttachmentRef[]): Promise<Result<void>> {
    const missing = fail(domainError('not_found', `No message ${messageId} in conversation ${conversationId}`));
    const { data, error, status } = await this.client
      .from('messages')
      .update({ attachments: attachments.length > 0 ? attachments : null })
      .eq('user_id', userId)
      .eq('conversation_id', conversationId)
      .eq('id', messageId)
      .select('id');
    if (error && isBadId(error)) return missing;
    if (error) return fail(fromRest('Could not record the message’s files', error, status));
    return data.length === 0 ? missing : ok(undefined);
  }

  /** One JSON value (conversation_attachments_json) however many messages carry files: the API's row cap never cuts it. */
  async listAttachments(userId: string, conversationId: string): Promise<Result<ReadonlyMap<string, readonly AttachmentRef[]>>> {
    const { data, error, status } = await this.client.rpc('conversation_attachments_json', { p_user_id: userId, p_conversation_id: conversationId });
    if (error) return isBadId(error) ? ok(new Map()) : fail(fromRest('Could not read the message files', error, status));
    const rows = parseRow('Could not read the message files', z.array(z.object({ id: z.string(), attachments: attachmentsColumn })), data);
    if (!rows.success) return rows;
    return ok(new Map(rows.data.flatMap((r) => (r.attachments ? [[r.id, r.attachments] as const] : []))));
  }

  async getSettings(userId: string, conversationId: string): Promise<Result<ConversationSettings>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .select(SETTINGS_COLUMNS)
      .eq('user_id', userId)
      .eq('id', conversationId)
      .maybeSingle();
    if (error && isBadId(error)) return noConversation(conversationId);
    if (error) return fail(fromRest('Could not read the settings of the conversation', error, status));
    return data === null ? noConversation(conversationId) : parseRow('Could not read the settings of the conversation', settingsRow, data);
  }

  async saveSettings(userId: string, conversationId: string, settings: ConversationSettings): Promise<Result<ConversationSettings>> {
    const { data, error, status } = await this.client
      .from('conversations')
      .update({ instruction: settings.instruction, model_settings: modelSettingsColumn(settings), context_policy: contextPolicyColumn(settings) })
      .eq('user_id', userId)
      .eq('id', conversationId)
      .select(SETTINGS_COLUMNS)
      .single();
    if (isRowNotFound(error) || (error && isBadId(error))) return noConversation(conversationId);
    if (error) return fail(fromRest('Could not save the settings of the conversation', error, status));
    return parseRow('Could not save the settings of the conversation', settingsRow, data);
  }

  /** Only ever in the given user's conversation: the function names the user in every statement. */
  async truncateFrom(userId: string, conversationId: string, messageId: string): Promise<Result<void>> {
    const missing = fail(domainError('not_found', `No message ${messageId} in conversation ${conversationId}`));
    const { error, status } = await this.client.rpc('truncate_conversation_from', {
      p_conversation_id: conversationId,
      p_message_id: messageId,
      p_user_id: userId,
    });
    if (error && (isBadId(error) || error.code === 'P0002')) return missing;
    return error ? fail(fromRest(`Could not remove the messages from ${messageId} on`, error, status)) : ok(undefined);
  }
}

/** An id that is not a uuid cannot name any row: Postgres says 22P02 where the caller means "missing". */
const isBadId = (error: RestFailure): boolean => error.code === '22P02' && /uuid/i.test(error.message);
