import { isSubscribed } from '../../domain/account.js';
import type { ModelInfo } from '../../domain/chat.js';
import { minimalAnswerCredits } from '../../domain/usage-pricing.js';
import type { ModelGateway } from '../../ports/model-gateway.js';
import type { ProfileStore } from '../../ports/profile-store.js';
import type { UsageLedger } from '../../ports/usage-ledger.js';
import { domainError } from '../../shared/errors.js';
import { fail, ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';

export interface PreflightDeps {
  readonly modelGateway: ModelGateway;
  readonly profileStore: ProfileStore;
  readonly usageLedger: UsageLedger;
}

/**
 * Everything that must hold before any model is called: the models exist and are configured, paid
 * models only for subscribers, and a balance that covers the minimal answer of every chosen model
 * (see usage-pricing.ts). Refusing here means no tokens are spent that nobody can pay for.
 */
export const chatPreflight = async (
  deps: PreflightDeps,
  input: { userId: string; modelIds: readonly string[]; promptTokens: number },
): Promise<Result<readonly ModelInfo[]>> => {
  // The catalogue and the balance are independent reads: fetch them together (first token sooner).
  const [catalogue, balance] = await Promise.all([
    deps.modelGateway.listModels(),
    deps.usageLedger.getBalance(input.userId),
  ]);
  if (!catalogue.success) return catalogue;
  const models: ModelInfo[] = [];
  for (const id of input.modelIds) {
    const model = catalogue.data.find((m) => m.id === id);
    if (!model) return fail(domainError('not_found', `Unknown model: ${id}`, { modelId: id }));
    if (!model.available) return fail(domainError('model_unavailable', `Model ${model.label} is not available right now`, { modelId: id }));
    models.push(model);
  }

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

  if (!balance.success) return balance;
  const required = models.reduce((sum, m) => sum + minimalAnswerCredits(m, input.promptTokens), 0);
  if (balance.data < required) {
    return fail(domainError('insufficient_credits', 'Not enough credits for this chat', { balance: balance.data, required }));
  }
  return ok(models);
};
