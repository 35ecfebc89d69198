import { isSubscribed, type ProfileStore } from '../../account/index.js';
import type { AttachmentRef } from '../domain/attachments.js';
import type { ModelInfo } from '../domain/chat.js';
import { holdAnswerCredits, type UsageLedger } from '../../credits/index.js';
import { effectiveSettings, settingLimitsOf, type ConversationSettings, type ModelSettings } from '../domain/conversation-settings.js';
import { type Logger, domainError, fail, ok, type Result } from '../../shared/index.js';
import type { ModelGateway } from '../ports/model-gateway.js';
import type { TurnHold } from '../ports/conversation-turns.js';
import { imageRefusal } from './chat-attachments.js';
import { sendHold, type SendPrompt } from '../domain/send-estimate.js';

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
  /** What each model receives, estimated (sendPromptFor): its side of the history as its context keeps it, the message and the files. */
  readonly prompt?: SendPrompt;
  /** Instead of `prompt`: the tokens of a request every model receives alike (not a message after a history). */
  readonly promptTokens?: number;
  readonly settings?: ConversationSettings;
  /** The new message's files: an image refuses the models that cannot read one. */
  readonly attachments?: readonly AttachmentRef[];
}

/**
 * The models exist and are configured (and can read the message's images), and what each answer
 * must hold: the minimal answer, or with a maximum length set the prompt plus that length
 * (sendHold), each model's prompt as it receives it (its context, its files). Reads nothing but the catalogue (cached by
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
  // The one rule of the hold (sendHold), which the composer shows before the message is sent.
  const hold = sendHold(input.prompt ?? { inputTokens: () => input.promptTokens ?? 0 }, models, input.settings);
  return ok({
    models,
    settings,
    holds: hold.perModel.flatMap((h) => (h.credits > 0 ? [{ modelId: h.modelId, amount: h.credits }] : [])),
    required: hold.total,
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
 * run that fails before streaming must release them (the credits' releaseHolds). (A new chat takes its holds
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
  const holds = await holdAnswerCredits(deps, input.userId, priced.data.holds, priced.data.required);
  if (!holds.success) return holds;
  return ok({ models: priced.data.models, holds: holds.data, settings: priced.data.settings });
};
