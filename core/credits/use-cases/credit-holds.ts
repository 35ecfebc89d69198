import { CHAT_HOLD_TTL_SECONDS, insufficientCredits, type HoldSettlement, type TokenUsage } from '../domain/credits.js';
import type { UsageLedger } from '../ports/usage-ledger.js';
import { spendingCapReached } from '../domain/spending-cap.js';
import { type DomainError, type Logger, fail, ok, type Result } from '../../shared/index.js';

/** What taking, settling and releasing holds needs. */
export interface CreditHoldDeps {
  readonly usageLedger: UsageLedger;
  readonly logger: Logger;
}

/** Drops holds that will not be charged (hold ids by model id); failures are logged, not returned. */
export const releaseHolds = async (deps: CreditHoldDeps, userId: string, holds: ReadonlyMap<string, string>): Promise<void> => {
  await Promise.all(
    [...holds].map(async ([modelId, holdId]) => {
      const released = await deps.usageLedger.releaseHold({ holdId, userId });
      if (!released.success) deps.logger.warn('A credit hold could not be released', { userId, modelId, holdId, error: released.error });
    }),
  );
};

/**
 * Holds each answer's price from the balance, one hold per model answer, all or none: a refusal gives
 * back the holds already taken, and an `insufficient_credits` one names the balance, what other
 * running answers hold and what the whole request needs (`required`); a `spending_cap_reached` one
 * the cap, this month's spending, `required` and what remains (spendingCapRefusal). Answers hold
 * ids by model id.
 */
export const holdAnswerCredits = async (
  deps: CreditHoldDeps,
  userId: string,
  amounts: readonly { readonly modelId: string; readonly amount: number }[],
  required: number,
): Promise<Result<ReadonlyMap<string, string>>> => {
  // No separate balance read: each hold checks the balance itself, atomically, and a refusal carries
  // the balance and what running answers hold (one round trip less before the first token).
  const taken = await Promise.all(
    amounts.map(async ({ modelId, amount }) => ({
      modelId,
      hold: await deps.usageLedger.holdCredits({ userId, amount, ttlSeconds: CHAT_HOLD_TTL_SECONDS }),
    })),
  );
  const holds = new Map<string, string>();
  for (const { modelId, hold } of taken) if (hold.success) holds.set(modelId, hold.data.id);
  const refused = taken.find((t) => !t.hold.success)?.hold;
  if (refused && !refused.success) {
    await releaseHolds(deps, userId, holds);
    if (refused.error.code === 'spending_cap_reached') return fail(await spendingCapRefusal(deps, userId, refused.error, required));
    if (refused.error.code !== 'insufficient_credits') return refused;
    const { balance, held } = refused.error.details ?? {};
    // What other running answers hold: the refusal counts these holds too, given back above.
    const own = taken.reduce((sum, t) => sum + (t.hold.success ? t.hold.data.amount : 0), 0);
    const others = typeof held === 'number' ? held - own : 0;
    return fail(insufficientCredits(typeof balance === 'number' ? balance : null, others, required));
  }
  return ok(holds);
};

/**
 * A send refused by the monthly spending cap, told with the whole send's numbers: the cap, what was
 * spent this month without this send's holds (read again once they are given back: a send's holds
 * may be refused one by one, and the refusal counts the ones taken before it), what the send
 * needs and what remains. Where the read fails, the refusal's own figures are told.
 */
export const spendingCapRefusal = async (
  deps: Pick<CreditHoldDeps, 'usageLedger'>,
  userId: string,
  refusal: DomainError,
  required: number,
): Promise<DomainError> => {
  const status = await deps.usageLedger.getSpendingCap(userId);
  if (status.success && status.data.cap !== null) return spendingCapReached(status.data.cap, status.data.spent, required);
  const { cap, spent } = refusal.details ?? {};
  return typeof cap === 'number' && typeof spent === 'number' ? spendingCapReached(cap, spent, required) : refusal;
};

/**
 * Charges one model use: by settling its hold (`holdId`), or with logUsage where none was taken. A
 * hold that cannot be settled is released; a settlement the balance could not cover in full is
 * logged (the use was given: it is charged what the user could pay, the rest is the `shortfall`).
 */
export const chargeUsage = async (
  deps: CreditHoldDeps,
  charge: { readonly userId: string; readonly modelId: string; readonly holdId: string | undefined },
  usage: TokenUsage,
): Promise<Result<HoldSettlement>> => {
  const { userId, modelId, holdId } = charge;
  if (holdId === undefined) {
    const receipt = await deps.usageLedger.logUsage({ userId, modelId, ...usage });
    return receipt.success ? ok({ ...receipt.data, shortfall: 0 }) : receipt;
  }
  const settled = await deps.usageLedger.settleHold({ holdId, userId, modelId, ...usage });
  if (!settled.success) await releaseHolds(deps, userId, new Map([[modelId, holdId]]));
  else if (settled.data.shortfall > 0) {
    deps.logger.warn('An answer was charged less than it cost: the balance was short', {
      userId,
      modelId,
      usage,
      charged: settled.data.charged,
      shortfall: settled.data.shortfall,
    });
  }
  return settled;
};
