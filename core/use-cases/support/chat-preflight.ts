import { isSubscribed } from '../../domain/account.js';
import type { AttachmentRef } from '../../domain/attachments.js';
import type { ModelInfo } from '../../domain/chat.js';
import { CHAT_HOLD_TTL_SECONDS } from '../../domain/credits.js';
import { answerHoldCredits, effectiveSettings, settingLimitsOf, type ConversationSettings, type ModelSettings } from '../../domain/conversation-settings.js';
import type { Logger } from '../../ports/logger.js';
import type { ModelGateway } from '../../ports/model-gateway.js';
import type { ProfileStore } from '../../ports/profile-store.js';
import type { UsageLedger } from '../../ports/usage-ledger.js';
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

/**
 * Everything that must hold before any model is called: the models exist and are configured, paid
 * models only for subscribers, and the price of every chosen model's answer held from the balance
 * (the minimal answer, or with a maximum length set the prompt plus that length: answerHoldCredits), one hold per model answer, so that concurrent chats cannot spend the same
 * credits. Refusing here means no tokens are spent that nobody can pay for. The caller owns the
 * holds: streamAnswers settles or releases them, and a run that fails before streaming must
 * release them (releaseHolds).
 */
export const chatPreflight = async (
  deps: PreflightDeps,
  input: {
    userId: string;
    modelIds: readonly string[];
    promptTokens: number;
    settings?: ConversationSettings;
    /** The new message's files: an image refuses the models that cannot read one. */
    attachments?: readonly AttachmentRef[];
    /** The input tokens the prompt's files add for a model (images cost differently per provider). */
    attachmentTokens?: (model: ModelInfo) => number;
  },
): Promise<Result<ChatAdmission>> => {
  // No separate balance read: each hold checks the balance itself, atomically, and a refusal carries
  // the balance and what running answers hold (one round trip less before the first token).
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

  const paid = models.filter((m) => m.plan === 'paid');
  if (paid.length > 0) {
    const profile = await deps.profileStore.getProfile(input.userId);
    if (!profile.success) return profile;
    if (!isSubscribed(profile.data?.subscriptionStatus)) {
      return fail(
        domainError('forbidden', `${paid.map((m) => m.label).join(', ')} needs an active subscription`, {
          modelIds: paid.map((m) => m.id),
        }),
      );
    }
  }

  const settings = new Map(models.map((m) => [m.id, effectiveSettings(input.settings?.models[m.id], settingLimitsOf(m))]));
  const priceOf = (m: ModelInfo) => answerHoldCredits(m, input.promptTokens + (input.attachmentTokens?.(m) ?? 0), settings.get(m.id)?.maxOutputTokens);
  const required = models.reduce((sum, m) => sum + priceOf(m), 0);

  const priced = models.map((m) => ({ model: m, amount: priceOf(m) })).filter((p) => p.amount > 0);
  const taken = await Promise.all(
    priced.map(async ({ model, amount }) => ({
      modelId: model.id,
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
    return fail(insufficient(typeof balance === 'number' ? balance : null, others, required));
  }
  return ok({ models, holds, settings });
};

/**
 * The 402 says what decides it: the balance, what running answers hold of it (they give back what
 * they do not use when they end), and what this chat needs, e.g. "balance 3, 2 held by running
 * answers, required 2".
 */
function insufficient(balance: number | null, held: number, required: number) {
  const facts = [balance === null ? null : `balance ${balance}`, held > 0 ? `${held} held by running answers` : null, `required ${required}`].filter((f) => f !== null);
  return domainError('insufficient_credits', `Not enough credits for this chat: ${facts.join(', ')}`, {
    ...(balance === null ? {} : { balance }),
    required,
    ...(held > 0 ? { held } : {}),
  });
}
