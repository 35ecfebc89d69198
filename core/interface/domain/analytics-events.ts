import { z } from 'zod';

/**
 * Every analytics event of app spec §7 with its payload; pushed to the data layer as `{event, ...payload}`.
 * `method` has one vocabulary for every sign-in event: how the person signed in.
 */
const method = z.enum(['magic_link', 'email_code', 'google']);
const userId = z.string().min(1);

/** Where a selection was made: the answer's model, or (a blind column before the vote) what the column is called. */
const selectionSource = { model_id: z.string().min(1).optional(), blind_label: z.string().min(1).optional() };
const namesItsSource = (e: { model_id?: string | undefined; blind_label?: string | undefined }) => (e.model_id === undefined) !== (e.blind_label === undefined);
const sourceMissing = { message: 'Name the model or, in a blind column, its label (one of them)', path: ['model_id'] };

export const analyticsEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('signup_initiated'), method }),
  z.object({ event: z.literal('button_click'), button_name: z.string().min(1) }),
  z.object({ event: z.literal('subscribe_initiated'), user_id: userId }),
  z.object({ event: z.literal('subscribe_succeeded'), user_id: userId }),
  z.object({ event: z.literal('subscribe_failed'), user_id: userId }),
  // A sign-in that fails has no user yet: user_id is absent then, never an empty string.
  z.object({ event: z.literal('signup_failed'), user_id: userId.optional(), method }),
  z.object({ event: z.literal('signup_succeeded'), user_id: userId, method }),
  z.object({ event: z.literal('signin_succeeded'), user_id: userId, method }),
  // A selection in a blind column before the vote carries what the column is called ("Model A"), never its model.
  z.object({ event: z.literal('copy_selection'), ...selectionSource }).refine(namesItsSource, sourceMissing),
  z.object({ event: z.literal('add_selection_to_chat'), ...selectionSource }).refine(namesItsSource, sourceMissing),
  z.object({ event: z.literal('prompt_library_opened') }),
  z.object({ event: z.literal('prompt_library_search'), query: z.string(), result_count: z.number().int().min(0) }),
  z.object({
    event: z.literal('prompt_viewer_opened'),
    prompt_id: z.string().min(1),
    title: z.string(),
    category: z.string(),
  }),
  z.object({ event: z.literal('prompt_run'), prompt_id: z.string().min(1) }),
  z.object({
    event: z.literal('prompt_favorite_changed'),
    prompt_id: z.string().min(1),
    action: z.enum(['added', 'removed']),
    source: z.string().min(1),
  }),
  // Added by the product (docs/analytics.md): the monthly spending cap saved in the account (null: removed).
  z.object({ event: z.literal('spending_cap_set'), cap: z.number().int().positive().nullable() }),
  // Added by the product (docs/analytics.md): the best answer of a side-by-side turn chosen; blind when the names were hidden.
  z.object({ event: z.literal('compare_vote'), model_id: z.string().min(1), blind: z.boolean() }),
  // Added by the product (docs/analytics.md): the personal leaderboard opened, with the period it shows.
  z.object({ event: z.literal('leaderboard_opened'), period: z.enum(['7d', '30d', '90d', 'all']) }),
  // Added by the product (docs/analytics.md): ‹ › on a question (a branch) or an answer (a version), and the version shown.
  z.object({ event: z.literal('version_switched'), role: z.enum(['question', 'answer']), version: z.number().int().positive() }),
  // Added by the product (docs/analytics.md): an earlier question edited, which starts a branch (depth: its place among the questions, from 1).
  z.object({ event: z.literal('branch_created'), depth: z.number().int().positive() }),
  // Added by the product (docs/analytics.md): one column of a side-by-side turn answered again, given another model, or stopped.
  // In a blind turn before the vote it names neither the column nor a model (blind: true): either would tell which model is which.
  z.object({
    event: z.literal('column_changed'), action: z.enum(['regenerate', 'swap', 'stop']), column: z.number().int().min(0).optional(), model_id: z.string().min(1).optional(),
    blind: z.literal(true).optional(),
  }).refine((e) => e.blind === true || e.column !== undefined, { message: 'A column is named unless the turn is blind', path: ['column'] }),
]);

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
