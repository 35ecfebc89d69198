import { isSubscribed } from '../../account/domain/account.js';
import type { AttachmentRef } from '../domain/attachments.js';
import type { ModelInfo } from '../domain/chat.js';
import { CHAT_HOLD_TTL_SECONDS } from '../../credits/domain/credits.js';
import { answerHoldCredits, effectiveSettings, settingLimitsOf, type ConversationSettings, type ModelSettings } from '../domain/conversation-settings.js';
import type { Logger } from '../../shared/logger.js';
import type { ModelGateway } from '../ports/model-gateway.js';
import type { ProfileStore } from '../../account/ports/profile-store.js';
import type { TurnHold } from '../ports/conversation-turns.js';
import type { UsageLedger } from '../../credits/ports/usage-ledger.js';
import { domainError } from '../../shared/errors.js';
import { fail, ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';
import { imageRefusal } from './chat-attachments.js';

export interface PreflightDeps {
  readonly modelGateway: ModelGateway;
  readonly profileStore: ProfileStore;
  readonly usageLedger: UsageLedger;
  readonly logger: Logger;
}

/** The models a chat may ask, and the credit hold taken for each model's answer (by model id). */
export interface ChatAdmission {
  readonly models: readonly ModelInfo[];
  /** Hold ids by model id; answers whose price is 0 hold nothing. */
  readonly holds: ReadonlyMap<string, string>;
  /** Each model's settings as it will be called with them (fitted to what it takes). */
  readonly settings: ReadonlyMap<string, ModelSettings>;
}

/** Drops the holds of a chat that will not run (a failure after the preflight); failures are logged. */
export const releaseHolds = async (
  deps: Pick<PreflightDeps, 'usageLedger' | 'logger'>,
  userId: string,
  holds: ReadonlyMap<string, string>,
): Promise<void> => {
  await Promise.all(
    [...holds.values()].map(async (holdId) => {
      const released = await deps.usageLedger.releaseHold({ holdId, userId });
      if (!released.success) deps.logger.warn('A credit hold could not be released', { userId, holdId, error: released.error });
    }),
  );
};

/** A chat's models, each answer's settings and the credits to hold for it, before anything is held. */
export interface PricedChat {
  readonly models: readonly ModelInfo[];
  readonly settings: ReadonlyMap<string, ModelSettings>;
  /** One hold per answer whose price is above 0, in the order the models were asked. */
  readonly holds: readonly TurnHold[];
  /** What the whole chat needs (the 402 names it). */
  readonly required: number;
  /** Paid models among them: the caller must be a subscriber (requireSubscription). */
  readonly paid: readonly ModelInfo[];
}

/** What a chat is priced from. */
export interface ChatToPrice {
  readonly modelIds: readonly string[];
  readonly promptTokens: number;
  readonly settings?: ConversationSettings;
  /** The new message's files: an image refuses the models that cannot read one. */
  readonly attachments?: readonly AttachmentRef[];
  /** The input tokens the prompt's files add for a model (images cost differently per provider). */
  readonly attachmentTokens?: (model: ModelInfo) => number;
}

/**
 * The models exist and are configured (and can read the message's images), and what each answer
 * must hold: the minimal answer, or with a maximum length set the prompt plus that length
 * (answerHoldCredits), files counted by their tokens. Reads nothing but the catalogue (cached by
 * the gateway), so it costs no round trip before the first token.
 */
export const priceChat = async (deps: Pick<PreflightDeps, 'modelGateway'>, input: ChatToPrice): Promise<Result<PricedChat>> => {
  const catalogue = await deps.modelGateway.listModels();
  if (!catalogue.success) return catalogue;
  const models: ModelInfo[] = [];
  for (const id of input.modelIds) {
    const model = catalogue.data.find((m) => m.id === id);
    if (!model) return fail(domainError('not_found', `Unknown model: ${id}`, { modelId: id }));
    if (!model.available) return fail(domainError('model_unavailable', `Model ${model.label} is not available right now`, { modelId: id }));
    models.push(model);
  }
  // Before anything is held or sent: a model that cannot read images is refused one, by name.
  const blind = imageRefusal(models, input.attachments ?? []);
  if (blind) return fail(blind);
  const settings = new Map(models.map((m) => [m.id, effectiveSettings(input.settings?.models[m.id], settingLimitsOf(m))]));
  const amounts = models.map((m) => ({
    modelId: m.id,
    amount: answerHoldCredits(m, input.promptTokens + (input.attachmentTokens?.(m) ?? 0), settings.get(m.id)?.maxOutputTokens),
  }));
  return ok({
    models,
    settings,
    holds: amounts.filter((h) => h.amount > 0),
    required: amounts.reduce((sum, h) => sum + h.amount, 0),
    paid: models.filter((m) => m.plan === 'paid'),
  });
};

/** Paid models only for subscribers (`forbidden` names them); free models read nothing. */
export const requireSubscription = async (deps: Pick<PreflightDeps, 'profileStore'>, userId: string, paid: readonly ModelInfo[]): Promise<Result<void>> => {
  if (paid.length === 0) return ok(undefined);
  const profile = await deps.profileStore.getProfile(userId);
  if (!profile.success) return profile;
  if (isSubscribed(profile.data?.subscriptionStatus)) return ok(undefined);
  return fail(domainError('forbidden', `${paid.map((m) => m.label).join(', ')} needs an active subscription`, { modelIds: paid.map((m) => m.id) }));
};

/**
 * Everything that must hold before any model is called: the chat is priced (priceChat), paid models
 * only for subscribers, and every answer's price held from the balance, one hold per model answer,
 * so that concurrent chats cannot spend the same credits. Refusing here means no tokens are spent
 * that nobody can pay for. The caller owns the holds: streamAnswers settles or releases them, and a
 * run that fails before streaming must release them (releaseHolds). (A new chat takes its holds
 * with its turn instead, in one round trip: run-chat.)
 */
export const chatPreflight = async (
  deps: PreflightDeps,
  input: ChatToPrice & { readonly userId: string },
): Promise<Result<ChatAdmission>> => {
  const priced = await priceChat(deps, input);
  if (!priced.success) return priced;
  const subscribed = await requireSubscription(deps, input.userId, priced.data.paid);
  if (!subscribed.success) return subscribed;
  // No separate balance read: each hold checks the balance itself, atomically, and a refusal carries
  // the balance and what running answers hold (one round trip less before the first token).
  const taken = await Promise.all(
    priced.data.holds.map(async ({ modelId, amount }) => ({
      modelId,
      hold: await deps.usageLedger.holdCredits({ userId: input.userId, amount, ttlSeconds: CHAT_HOLD_TTL_SECONDS }),
    })),
  );
  const holds = new Map<string, string>();
  for (const { modelId, hold } of taken) if (hold.success) holds.set(modelId, hold.data.id);
  const refused = taken.find((t) => !t.hold.success)?.hold;
  if (refused && !refused.success) {
    await releaseHolds(deps, input.userId, holds);
    if (refused.error.code !== 'insufficient_credits') return refused;
    const { balance, held } = refused.error.details ?? {};
    // What other running answers hold: the refusal counts this chat's own holds too, given back above.
    const own = taken.reduce((sum, t) => sum + (t.hold.success ? t.hold.data.amount : 0), 0);
    const others = typeof held === 'number' ? held - own : 0;
    return fail(insufficient(typeof balance === 'number' ? balance : null, others, priced.data.required));
  }
  return ok({ models: priced.data.models, holds, settings: priced.data.settings });
};

/**
 * The 402 says what decides it: the balance, what running answers hold of it (they give back what
 * they do not use when they end), and what this chat needs, e.g. "balance 3, 2 held by running
 * answers, required 2".
 */
export function insufficient(balance: number | null, held: number, required: number) {
  const facts = [balance === null ? null : `balance ${balance}`, held > 0 ? `${held} held by running answers` : null, `required ${required}`].filter((f) => f !== null);
  return domainError('insufficient_credits', `Not enough credits for this chat: ${facts.join(', ')}`, {
    ...(balance === null ? {} : { balance }),
    required,
    ...(held > 0 ? { held } : {}),
  });
}
