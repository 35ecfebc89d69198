import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { snippetParts } from '../../core/chat/index.js';
import type { ConversationSearch, SearchHit, SearchQuery } from '../../core/chat/index.js';
import { fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

const hitRow = z.object({
  conversation_id: z.string(),
  conversation_title: z.string(),
  message_id: z.string().nullable(),
  role: z.enum(['user', 'assistant']).nullable(),
  model_id: z.string().nullable(),
  snippet: z.string().nullable(),
  at: z.string(),
});

/**
 * Postgres full-text search (search_conversations): the configuration follows the interface
 * language, each passage comes from ts_headline with the matches marked, and is handed on as
 * plain text parts, so nothing of a message can ever be read as markup. The function names the
 * user in every statement, as the service role sees every row.
 */
export class SupabaseConversationSearch implements ConversationSearch {
  constructor(private readonly client: SupabaseClient) {}

  async search(userId: string, query: SearchQuery): Promise<Result<readonly SearchHit[]>> {
    const { data, error, status } = await this.client.rpc('search_conversations', {
      p_user_id: userId,
      p_query: query.text,
      p_language: query.language,
      p_limit: query.limit ?? 20,
    });
    if (error) return fail(fromRest('Could not search the conversations', error, status));
    const rows = parseRow('Could not search the conversations', z.array(hitRow), data);
    if (!rows.success) return rows;
    return ok(
      rows.data.map((r) => ({
        conversationId: r.conversation_id,
        conversationTitle: r.conversation_title,
        messageId: r.message_id,
        role: r.role,
        modelId: r.model_id,
        snippet: snippetParts(r.snippet ?? '', query.text),
        at: new Date(r.at).toISOString(),
      })),
    );
  }
}
