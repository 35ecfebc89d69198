/**
 * The app server's /api, as one typed contract: the zod schema of every chat, conversation, credit
 * and model route's request and answer, and of each line of the chat stream. The routes
 * (web/server/routes) validate requests and type their answers with it; the browser's adapters
 * (adapters/app-api) parse every answer with it. Neither side keeps a shape of its own. It imports
 * nothing but zod and the core's capability indexes (eslint and the boundaries test hold it so).
 */
import { z } from 'zod';
import { CANCELLATION_REASONS, CHECKOUT_STATUSES, DISCOUNT_DURATIONS } from '../../core/billing/index.js';
import { LEADERBOARD_PERIODS, MAX_PAGE_TURNS, VOTE_KINDS, conversationIdSchema, messageSchema, modelIdsSchema, titleSchema, attachmentIdsSchema, attachmentRefSchema, conversationSettingsSchema, packedWeightsSchema, sendChatSchema, PROVIDER_IDS } from '../../core/chat/index.js';
import { LEDGER_KINDS, spendingCapSchema } from '../../core/credits/index.js';
import { DOMAIN_ERROR_CODES } from '../../core/shared/index.js';

// ── Errors ────────────────────────────────────────────────────────────────────────────────────────

/** Codes the HTTP layer adds to the domain's own (core/shared/errors.ts). */
export const TRANSPORT_ERROR_CODES = [
  'invalid_token',
  'token_expired',
  'auth_unavailable',
  'unsupported_media_type',
  'invalid_signature',
  'payload_too_large',
  'internal',
] as const;

/** Every `error` a client may read in an /api error body. */
export const API_ERROR_CODES = [...DOMAIN_ERROR_CODES.filter((c) => c !== 'billing_not_initialized'), ...TRANSPORT_ERROR_CODES] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** `{error, message, details?}`; an unknown code from a newer server is kept as text, not refused. */
export const apiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.output<typeof apiErrorBody>;

// ── Public config ─────────────────────────────────────────────────────────────────────────────────

/** GET /api/config: what the browser may know (nothing secret; a test scans the built client). */
export const publicConfigAnswer = z.object({
  supabaseUrl: z.string().nullable(),
  supabaseAnonKey: z.string().nullable(),
  tagManagerId: z.string().nullable(),
  supportWidgetSrc: z.string().nullable(),
  billingAvailable: z.boolean(),
  /** Credits each paid period of the plan grants (the server's setting). */
  creditsPerPeriod: z.number().int().positive(),
});

// ── Billing ───────────────────────────────────────────────────────────────────────────────────────

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `${what} must be an http(s) URL` });

/** GET /api/billing/plan, public */
export const planAnswer = z.object({
  productId: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  recurringInterval: z.enum(['month', 'year']).nullable(),
  benefits: z.array(z.string()).readonly(),
  priceAmount: z.number().int().nullable(),
  basePriceCents: z.number().optional(),
  discountPercent: z.number().nullable().optional(),
  discountedPriceCents: z.number().nullable().optional(),
  currency: z.string(),
  discount: z.object({
    id: z.string(), name: z.string(), code: z.string().nullable(), basisPoints: z.number().nullable(), amount: z.number().nullable(),
    duration: z.enum(DISCOUNT_DURATIONS).optional(), durationInMonths: z.number().int().nullable().optional(),
  }).nullable(),
  available: z.boolean(),
});
export const subscriptionSummary = z.object({
  id: z.string(), status: z.string(), productId: z.string(), amount: z.number(), currency: z.string(),
  currentPeriodStart: z.string(), currentPeriodEnd: z.string().nullable(), cancelAtPeriodEnd: z.boolean(),
  endsAt: z.string().nullable(), cancellationReason: z.string().nullable(),
});
/** GET /api/billing/state: the caller's own customer, or null when they never paid */
export const billingStateAnswer = z.object({
  customer: z
    .object({
      customerId: z.string(), externalId: z.string().nullable(), email: z.string(),
      activeSubscriptions: z.array(subscriptionSummary).readonly(), grantedBenefitIds: z.array(z.string()).readonly(),
      meters: z.array(z.object({ meterId: z.string(), consumedUnits: z.number(), creditedUnits: z.number(), balance: z.number() })).readonly(),
    })
    .nullable(),
});
/** POST /api/billing/checkout (201) */
export const checkoutRequest = z.strictObject({ successUrl: httpUrl('successUrl').optional(), returnUrl: httpUrl('returnUrl').optional() });
export const checkoutAnswer = z.object({ checkoutId: z.string(), url: z.string() });
/** GET /api/billing/checkouts/:id: one of the caller's own checkouts (404 not_found otherwise) */
export const checkoutIdParam = z.object({ id: z.string().trim().min(1, 'is required').max(200, 'is too long') });
export const checkoutStateAnswer = z.object({ checkout: z.object({ id: z.string(), status: z.enum(CHECKOUT_STATUSES), declined: z.boolean() }) });
/** POST /api/billing/subscription/cancel */
export const cancelRequest = z.strictObject({
  reason: z.enum(CANCELLATION_REASONS, { error: `reason must be one of: ${CANCELLATION_REASONS.join(', ')}` }),
  comment: z.string({ error: 'comment must be text' }).max(2000, 'comment must contain at most 2000 characters').nullish(),
});
export const subscriptionAnswer = z.object({ subscription: subscriptionSummary });
/** POST /api/billing/subscription/resume: no body; answers subscriptionAnswer */
/** POST /api/billing/portal */
export const portalRequest = z.strictObject({ returnUrl: httpUrl('returnUrl').optional() });
export const portalAnswer = z.object({ url: z.string() });

// ── Account ───────────────────────────────────────────────────────────────────────────────────────

/** GET /api/account */
export const accountAnswer = z.object({ subscribed: z.boolean(), featureFlag: z.boolean(), credits: z.number() });

// ── Models ────────────────────────────────────────────────────────────────────────────────────────

export const modelInfo = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.enum(PROVIDER_IDS),
  inputCreditsPer1k: z.number(),
  outputCreditsPer1k: z.number(),
  plan: z.enum(['free', 'paid']),
  available: z.boolean(),
  supportsTemperature: z.boolean().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  supportsImages: z.boolean().optional(),
  contextWindow: z.number().int().positive().optional(),
});
/** GET /api/models */
export const modelsAnswer = z.object({ models: z.array(modelInfo).readonly() });

// ── Conversations ─────────────────────────────────────────────────────────────────────────────────

export const conversation = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it was pinned; absent when it is not. */
  pinnedAt: z.string().optional(),
});
export const chatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
  modelId: z.string().nullable(),
  /** On a user message: the models it was sent to, in order (the columns of a side-by-side turn). */
  modelIds: z.array(z.string()).readonly().optional(),
  /** On an assistant message: the models whose answers it merged. */
  mergedFrom: z.array(z.string()).readonly().optional(),
  /** On a merge: a column of its turn shows an answer written after it; no model is sent it. */
  outdated: z.literal(true).optional(),
  /** On a user message: the files sent with it. */
  attachments: z.array(attachmentRefSchema).readonly().optional(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  /** On an answer: ms from the model being asked to its first words and to its end, and the credits it was charged (absent where unknown). */
  firstTokenMs: z.number().int().nonnegative().optional(),
  durationMs: z.number().int().nonnegative().optional(),
  creditsCharged: z.number().nonnegative().optional(),
  /** On an answer: true when it was stopped before its end. */
  stopped: z.boolean().optional(),
  createdAt: z.string(),
  /** Its place in the conversation's tree: the user message it answers (or, a user message, the one before); null for the first turn. */
  parentId: z.string().nullable().optional(),
  /** On an answer: its column in the turn (0, 1, …; -1 for a merge). */
  column: z.number().int().min(-1).max(15).optional(),
  /** Which of its versions is shown (from 1) and how many there are; absent when there is one. */
  version: z.object({ index: z.number().int().positive(), count: z.number().int().positive() }).optional(),
});

/** GET /api/conversations?q&limit */
export const conversationListQuery = z.strictObject({
  q: z.string().trim().max(200, 'must contain at most 200 characters').optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
  /** The next page: the conversations after this one in the list (not with q). */
  after: z.string().trim().min(1, 'must not be empty').max(100, 'must contain at most 100 characters').optional(),
});
export const conversationListAnswer = z.object({ conversations: z.array(conversation).readonly() });
/** POST /api/conversations */
export const createConversationRequest = z.strictObject({ title: titleSchema.optional() });
/** POST (201) and PATCH /api/conversations/:id */
export const conversationAnswer = z.object({ conversation });
/** PATCH /api/conversations/:id */
export const renameConversationRequest = z.strictObject({ title: titleSchema });
/** PUT /api/conversations/:id/pin: pinned to the top of the list, or not. */
export const pinConversationRequest = z.strictObject({ pinned: z.boolean({ error: 'pinned must be true or false' }) });
/** The :id of /api/conversations/:id */
export const conversationIdParam = z.object({ id: conversationIdSchema.max(200, 'is too long') });
/** A run of the conversation still being answered: what a reloaded page resumes (GET /api/chat/runs/:runId/events). */
export const liveRun = z.object({ runId: z.string(), userMessageId: z.string(), modelIds: z.array(z.string()).readonly() });
const pageCursor = z.string().trim().min(1, 'must not be empty').max(200, 'is too long');
/**
 * GET /api/conversations/:id?limit&before&after&around: which page of whole turns of the visible path
 * (core/chat/domain/history-page.ts): the latest without a cursor, or before, after or around a message
 * of it; `limit` turns (default 30). A cursor not on the visible path answers 404.
 */
export const conversationPageQuery = z
  .strictObject({
    limit: z
      .string()
      .regex(/^\s*\d+\s*$/, 'must be a whole number of turns')
      .transform(Number)
      .pipe(z.number().min(1, 'must be at least 1').max(MAX_PAGE_TURNS, `must be at most ${MAX_PAGE_TURNS}`))
      .optional(),
    before: pageCursor.optional(),
    after: pageCursor.optional(),
    around: pageCursor.optional(),
  })
  .refine((q) => [q.before, q.after, q.around].filter((c) => c !== undefined).length <= 1, 'give at most one of before, after and around');
/** The cursors beside a page: `older` to pass as `before`, `newer` as `after` (null: nothing on that side). */
export const pageCursors = z.object({ older: z.string().nullable(), newer: z.string().nullable() });
/**
 * What pricing the next message needs of every message of the visible path, without its texts
 * (MessageWeight), packed a column per field (PackedWeights: one letter, three numbers a message).
 */
const messageWeights = packedWeightsSchema;
/**
 * GET /api/conversations/:id: everything the chat view draws of a conversation, in one answer: a page
 * of whole turns of the visible path, its cursors, the weights of the whole path, the conversation's
 * settings, its choices on side-by-side turns, and its run still being answered (`liveRun`: null when
 * none; absent from an older server).
 */
export const openConversationAnswer = z.object({
  conversation,
  messages: z.array(chatMessage).readonly(),
  page: pageCursors,
  weights: messageWeights,
  settings: conversationSettingsSchema,
  votes: z.array(z.lazy(() => compareVote)).readonly(),
  liveRun: liveRun.nullable().optional(),
});
/** GET /api/conversations/:id/messages: the whole visible path (an export) */
export const messagesAnswer = z.object({ messages: z.array(chatMessage).readonly() });
/** POST /api/conversations/:id/messages/:messageId/show: the page of the new visible path around the message shown, as GET /api/conversations/:id pages it. */
export const shownPageAnswer = z.object({ messages: z.array(chatMessage).readonly(), page: pageCursors, weights: messageWeights });
/** POST /api/conversations/:id/messages/:messageId/show: the message (or its version of that number) and its ancestors shown; answers shownPageAnswer. */
export const showMessageParams = z.object({ id: conversationIdSchema.max(200, 'is too long'), messageId: z.string().trim().min(1, 'is required').max(200, 'is too long') });
export const showMessageRequest = z.strictObject({
  version: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').optional(),
});
/** The instruction and per-model settings of a conversation (request and answer alike). */
export const conversationSettings = conversationSettingsSchema;
/** PUT /api/conversations/:id/settings (the whole settings) */
export const saveSettingsRequest = z.strictObject({ settings: conversationSettings });
/** GET and PUT /api/conversations/:id/settings */
export const settingsAnswer = z.object({ settings: conversationSettings });
/** GET /api/conversations/export: every conversation of the caller with its settings and messages, as a file to keep */
export const conversationsExportAnswer = z.object({
  format: z.literal('ensemble.conversations'),
  version: z.literal(1),
  exportedAt: z.string(),
  conversations: z.array(z.object({ conversation, settings: conversationSettings, messages: z.array(chatMessage).readonly() })).readonly(),
});

// ── Attachments ───────────────────────────────────────────────────────────────────────────────────

/** POST /api/attachments?name= (the file as the body, its type as Content-Type): 201 */
export const attachmentUploadQuery = z.strictObject({ name: z.string({ error: 'is required: the file’s name' }) });
export const attachmentAnswer = z.object({ attachment: attachmentRefSchema });
/** The :id of /api/attachments/:id… (content, link, DELETE) */
export const attachmentIdParam = z.object({ id: z.string().trim().min(1, 'is required').max(100, 'is too long') });
/** GET /api/attachments/:id/link: an address that serves the file without credentials for a few minutes */
export const attachmentLinkAnswer = z.object({ url: z.string(), expiresInSeconds: z.number() });

// ── Search ────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/search?q&lang&limit: the caller's own conversations only */
export const searchQuery = z.strictObject({
  q: z.string().trim().min(1, 'must not be empty').max(200, 'must contain at most 200 characters'),
  lang: z.string().trim().max(35, 'is too long').optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(50, 'must be at most 50').optional(),
});
export const searchHit = z.object({
  conversationId: z.string(),
  conversationTitle: z.string(),
  messageId: z.string().nullable(),
  role: z.enum(['user', 'assistant']).nullable(),
  modelId: z.string().nullable(),
  /** Plain text parts; `match` marks the words found (never markup). */
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })).readonly(),
  at: z.string(),
});
export const searchAnswer = z.object({ hits: z.array(searchHit).readonly() });

// ── Instruction presets ───────────────────────────────────────────────────────────────────────────

export const instructionPreset = z.object({ id: z.string(), name: z.string(), instruction: z.string(), createdAt: z.string() });
/** GET /api/instruction-presets */
export const presetsAnswer = z.object({ presets: z.array(instructionPreset).readonly() });
/** POST /api/instruction-presets (201; the same name again replaces its text) */
export const savePresetRequest = z.strictObject({ name: z.string(), instruction: z.string() });
export const presetAnswer = z.object({ preset: instructionPreset });
/** The :id of DELETE /api/instruction-presets/:id (204) */
export const presetIdParam = z.object({ id: z.string().max(100, 'is too long') });

// ── Blind compare: votes and the leaderboard ──────────────────────────────────────────────────────

/** The :id and :messageId (the turn's user message) of PUT /api/conversations/:id/turns/:messageId/vote */
export const voteParams = z.object({ id: conversationIdSchema.max(200, 'is too long'), messageId: z.string().trim().min(1, 'is required').max(100, 'is too long') });
/** PUT …/vote: the model chosen; `kind` 'continue' records "continue with this model" (a second of a kind replaces the first) */
export const voteRequest = z.strictObject({
  modelId: z.string({ error: 'must be text' }).trim().min(1, 'must not be empty').max(100, 'is too long'),
  blind: z.boolean({ error: 'must be true or false' }).optional(),
  kind: z.enum(VOTE_KINDS, { error: `must be one of ${VOTE_KINDS.join(', ')}` }).optional(),
});
export const compareVote = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  kind: z.enum(VOTE_KINDS),
  modelId: z.string(),
  blind: z.boolean(),
  models: z.array(z.string()).readonly(),
  createdAt: z.string(),
});
export const voteAnswer = z.object({ vote: compareVote });
/** GET /api/conversations/:id/votes: the caller's choices on that conversation's turns */
export const votesAnswer = z.object({ votes: z.array(compareVote).readonly() });
/** GET /api/leaderboard?period and GET /api/leaderboard.csv?period (default 30d) */
export const leaderboardQuery = z.strictObject({ period: z.enum(LEADERBOARD_PERIODS, { error: `must be one of ${LEADERBOARD_PERIODS.join(', ')}` }).optional() });
export const leaderboardAnswer = z.object({
  period: z.enum(LEADERBOARD_PERIODS),
  rows: z
    .array(z.object({ modelId: z.string(), comparisons: z.number(), wins: z.number(), winRate: z.number(), creditsPerWin: z.number().nullable(), medianFirstTokenMs: z.number().nullable() }))
    .readonly(),
});

// ── Share links ───────────────────────────────────────────────────────────────────────────────────

export const conversationShare = z.object({ conversationId: z.string(), token: z.string(), createdAt: z.string() });
/** GET /api/conversations/:id/share (null: not shared), POST (201 the link), DELETE (204) */
export const shareAnswer = z.object({ share: conversationShare.nullable() });
/** The :token of /api/shared/:token (a bad one reads as a missing link: 404) */
export const shareTokenParam = z.object({ token: z.string().max(100, 'is too long') });
/** GET /api/shared/:token, public: what a visitor of the link sees, nothing else of its owner */
export const sharedConversationAnswer = z.object({
  title: z.string(),
  sharedAt: z.string(),
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string(),
        modelId: z.string().nullable(),
        modelIds: z.array(z.string()).readonly().optional(),
        mergedFrom: z.array(z.string()).readonly().optional(),
        /** An answer stopped before its end. */
        stopped: z.boolean().optional(),
        createdAt: z.string(),
      }),
    )
    .readonly(),
});

// ── Credits ───────────────────────────────────────────────────────────────────────────────────────

export const ledgerEntry = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  balanceAfter: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  modelId: z.string().nullable(),
  createdAt: z.string(),
});
/** GET /api/credits?limit */
export const creditsQuery = z.strictObject({
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').optional(),
});
export const creditsAnswer = z.object({ balance: z.number(), history: z.array(ledgerEntry).readonly() });
/** PUT /api/account/spending-cap: a whole number of credits per calendar month (UTC), or null to remove the cap. */
export const spendingCapBody = spendingCapSchema;
/** GET and PUT /api/account/spending-cap: the cap (null: none), spent this month (charged plus held now) and what remains (null without a cap). */
export const spendingCapAnswer = z.object({ cap: z.number().int().nullable(), spent: z.number().int(), remaining: z.number().int().nullable() });
/** The 402 of a send that would pass the monthly cap: `details` of `{error: 'spending_cap_reached'}`. */
export const spendingCapRefusalDetails = z.object({ cap: z.number().int(), spent: z.number().int(), required: z.number().int(), remaining: z.number().int() });

// ── Chat ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/chat: the core's sendChatSchema, strict. `settings` (optional) are stored with the
 * conversation before it is answered: how a new chat gets its instruction; `attachmentIds` are files
 * uploaded before through POST /api/attachments (the caller's own). New fields go into the core's
 * schema (this one is strict: unknown fields are refused, so a client learns at once when the
 * server does not know one).
 */
export const chatRequest = z.strictObject(sendChatSchema.shape);
/**
 * POST /api/chat/regenerate: every column of the last turn again (with `modelIds`, column i by
 * modelIds[i]), or one `column` alone, with its model or `modelId` (a swap; the next free column adds
 * one). Each answer is a new version of its column; the earlier stay.
 */
export const regenerateRequest = z.strictObject({
  conversationId: conversationIdSchema, modelIds: modelIdsSchema.optional(),
  column: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(15, 'must be at most 15').optional(),
  modelId: z.string().trim().min(1, 'must not be empty').max(100, 'is too long').optional(),
});
/** POST /api/chat/edit-last: edits `messageId` (a user message shown; absent: the last), a new branch beside it. */
export const editLastRequest = z.strictObject({
  conversationId: conversationIdSchema, message: messageSchema, modelIds: modelIdsSchema.optional(),
  messageId: z.string().trim().min(1, 'must not be empty').max(200, 'is too long').optional(),
  /** The edited message's files; absent keeps those of the message it replaces. */
  attachmentIds: attachmentIdsSchema.optional(),
});
/** POST /api/chat/merge: `modelId` merges the answers of the last side-by-side turn */
export const mergeRequest = z.strictObject({ conversationId: conversationIdSchema, modelId: z.string().trim().min(1, 'must not be empty').max(100, 'is too long') });
/**
 * POST /api/conversations/:id/summary: a NEW conversation whose first question is `message` (worded
 * by the browser) and whose first answer is `modelId`'s summary of conversation :id; answered with
 * the chat stream, its `meta` naming the new conversation.
 */
export const summaryRequest = z.strictObject({ modelId: z.string().trim().min(1, 'must not be empty').max(100, 'is too long'), message: messageSchema });

const usage = z.object({ inputTokens: z.number(), outputTokens: z.number() });
const finishReason = z.enum(['stop', 'length', 'aborted', 'error', 'other']);

/** The :runId of /api/chat/runs/:runId/… (a run id is a UUID; anything else reads as a missing run). */
export const chatRunIdParam = z.object({ runId: z.uuid({ error: 'must be a run id (a UUID)' }) });
/** GET /api/chat/runs/:runId/events?after=N: the events after the Nth (0 or absent: all) */
export const resumeQuery = z.strictObject({
  after: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(1_000_000_000, 'is too large').optional(),
});
/** POST /api/chat/runs/:runId/stop (no body): 202 once the run was asked to stop (at once when it runs on that server) */
/** POST /api/chat/runs/:runId/stop: no body stops every answer of the run; `{ modelId }` that model's answer alone (one column). */
export const stopRunRequest = z.strictObject({ modelId: z.string().trim().min(1, 'must not be empty').max(100, 'is too long').optional() });
export const stopRunAnswer = z.object({ runId: z.string(), stopping: z.literal(true) });

/**
 * The chat stream (application/x-ndjson), one JSON object a line: `meta` first (the run's id, where
 * the answers go, the user message they answer, the models in the order asked), then every model's
 * `start`, `delta`, `finish` and `error` as they happen, then `done` once every answer is saved
 * and charged. Every line after `meta` carries `seq`, its place in the run (1, 2, 3…): a client that
 * lost the stream reads on with GET /api/chat/runs/:runId/events?after=<the last seq it saw>, which
 * answers the same lines (meta first, then the events after that one).
 */
const seq = z.number().int().positive().optional();
export const metaLine = z.object({ type: z.literal('meta'), runId: z.string(), conversationId: z.string(), userMessageId: z.string(), modelIds: z.array(z.string()) });
export const startLine = z.object({ type: z.literal('start'), seq, modelId: z.string(), messageId: z.string().optional() });
export const deltaLine = z.object({ type: z.literal('delta'), seq, modelId: z.string(), text: z.string() });
export const finishLine = z.object({
  type: z.literal('finish'),
  seq,
  modelId: z.string(),
  usage,
  finishReason,
  creditsCharged: z.number().optional(),
  balance: z.number().optional(),
});
export const errorLine = z.object({ type: z.literal('error'), seq, modelId: z.string(), code: z.string(), message: z.string() });
export const doneLine = z.object({
  type: z.literal('done'),
  seq,
  answers: z.array(z.object({ modelId: z.string(), messageId: z.string().nullable(), creditsCharged: z.number(), finishReason })),
});
export const chatStreamLine = z.discriminatedUnion('type', [metaLine, startLine, deltaLine, finishLine, errorLine, doneLine]);
export type ChatStreamLine = z.output<typeof chatStreamLine>;
export type MetaLine = z.output<typeof metaLine>;

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';
