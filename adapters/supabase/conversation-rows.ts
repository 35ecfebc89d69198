import { z } from 'zod';
import { attachmentRefSchema, contextPolicySchema, conversationSettingsSchema, NO_SETTINGS, type ContextPolicy, type ConversationSettings } from '../../core/chat/index.js';
import type { ChatMessage } from '../../core/chat/index.js';

/** The message columns every read names (the shapes below parse them). */
export const MESSAGE_COLUMNS =
  'id, conversation_id, role, content, model_id, model_ids, merged_from, attachments, input_tokens, output_tokens, first_token_ms, duration_ms, credits_charged, stopped, created_at, parent_id, column_index';

/** The `attachments` column: what a user message carried. */
export const attachmentsColumn = z.array(attachmentRefSchema).nullable().optional();

const timestamp = z.string().transform((value) => new Date(value).toISOString());

/** An answer's figure: absent where the row has none (start_conversation_turn's JSON leaves them out). */
const figure = z.number().int().nonnegative().nullable().optional();

/** A `messages` row (or the same fields as start_conversation_turn's JSON answers them). */
export const messageRow = z
  .object({
    id: z.string(),
    conversation_id: z.string(),
    role: z.enum(['user', 'assistant', 'system']),
    content: z.string(),
    model_id: z.string().nullable(),
    model_ids: z.array(z.string()).nullable(),
    merged_from: z.array(z.string()).nullable().optional(),
    attachments: attachmentsColumn,
    input_tokens: z.number().int().nullable(),
    output_tokens: z.number().int().nullable(),
    first_token_ms: figure,
    duration_ms: figure,
    credits_charged: figure,
    // Absent where a read leaves it out (start_conversation_turn's JSON): not stopped.
    stopped: z.boolean().optional(),
    created_at: timestamp,
    // The tree (conversation_path answers them; a plain row read may leave them out).
    parent_id: z.string().nullable().optional(),
    column_index: z.number().int().nullable().optional(),
    version_index: z.number().int().positive().optional(),
    version_count: z.number().int().positive().optional(),
  })
  .transform(
    (r): ChatMessage => ({
      id: r.id,
      conversationId: r.conversation_id,
      role: r.role,
      content: r.content,
      modelId: r.model_id,
      ...(r.model_ids === null ? {} : { modelIds: r.model_ids }),
      ...(r.merged_from == null ? {} : { mergedFrom: r.merged_from }),
      ...(r.attachments == null ? {} : { attachments: r.attachments }),
      inputTokens: r.input_tokens,
      outputTokens: r.output_tokens,
      ...(r.first_token_ms == null ? {} : { firstTokenMs: r.first_token_ms }),
      ...(r.duration_ms == null ? {} : { durationMs: r.duration_ms }),
      ...(r.credits_charged == null ? {} : { creditsCharged: r.credits_charged }),
      ...(r.stopped === true ? { stopped: true } : {}),
      createdAt: r.created_at,
      ...(r.parent_id === undefined ? {} : { parentId: r.parent_id }),
      ...(r.column_index == null ? {} : { column: r.column_index }),
      ...(r.version_index !== undefined && r.version_count !== undefined && r.version_count > 1 ? { version: { index: r.version_index, count: r.version_count } } : {}),
    }),
  );

/**
 * The `instruction`, `model_settings` and `context_policy` columns (null: the default context). A
 * stored value this version cannot read (a setting of a newer one) is dropped rather than failing the
 * chat: the answer goes on without it.
 */
export const settingsRow = z
  .object({ instruction: z.string(), models: z.unknown(), context: z.unknown().optional() })
  .transform((r): ConversationSettings => {
    const context = r.context == null ? null : contextPolicySchema.safeParse(r.context);
    const kept = context?.success ? { context: context.data } : {};
    const parsed = conversationSettingsSchema.safeParse({ instruction: r.instruction, models: r.models ?? {}, ...kept });
    if (parsed.success) return parsed.data;
    return { ...NO_SETTINGS, instruction: r.instruction.slice(0, 8000), ...kept };
  });

/** The settings' columns as PostgREST reads them (settingsRow parses them). */
export const SETTINGS_COLUMNS = 'instruction, models:model_settings, context:context_policy';

/** What the context_policy column keeps: the setting, or null for the default (the whole history). */
export const contextPolicyColumn = (settings: ConversationSettings): ContextPolicy | null => settings.context ?? null;

/** What the model_settings column keeps: only the values set. */
export const modelSettingsColumn = (settings: ConversationSettings): Record<string, Record<string, number>> =>
  Object.fromEntries(
    Object.entries(settings.models)
      .map(([id, s]) => [id, Object.fromEntries(Object.entries(s).filter(([, v]) => typeof v === 'number'))] as const)
      .filter(([, s]) => Object.keys(s).length > 0),
  );
